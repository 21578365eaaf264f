import SwingSimulation
/// Statistics of signed timing errors (detected − true), all in milliseconds.
///
/// `p95AbsoluteMilliseconds` is the 95th percentile of |error| with linear interpolation between order
/// statistics (numpy's default). Every statistic is 0 when `count` is 0.
public struct TimingErrorSummary: Sendable, Codable, Equatable {
    /// Number of errors.
    public var count: Int
    /// Median of |error|, ms.
    public var medianAbsoluteMilliseconds: Double
    /// 95th percentile of |error|, ms.
    public var p95AbsoluteMilliseconds: Double
    /// Mean signed error (bias), ms; positive: detections are late.
    public var meanMilliseconds: Double
    /// Median signed error, ms.
    public var medianMilliseconds: Double
    /// Largest |error|, ms.
    public var maxAbsoluteMilliseconds: Double
    /// The errors themselves, ms, in match order (kept so that reports can be combined).
    public var errorsMilliseconds: [Double]

    /// Summarises `errors` given in seconds.
    public init(errorsSeconds errors: [Double]) {
        self.init(errorsMilliseconds: errors.map { $0 * 1000 })
    }

    /// Summarises `errors` given in milliseconds.
    public init(errorsMilliseconds errors: [Double]) {
        errorsMilliseconds = errors
        count = errors.count
        guard !errors.isEmpty else {
            medianAbsoluteMilliseconds = 0
            p95AbsoluteMilliseconds = 0
            meanMilliseconds = 0
            medianMilliseconds = 0
            maxAbsoluteMilliseconds = 0
            return
        }
        let absolute = errors.map(abs).sorted()
        medianAbsoluteMilliseconds = Self.percentile(absolute, 50)
        p95AbsoluteMilliseconds = Self.percentile(absolute, 95)
        maxAbsoluteMilliseconds = absolute[absolute.count - 1]
        meanMilliseconds = errors.reduce(0, +) / Double(errors.count)
        medianMilliseconds = Self.percentile(errors.sorted(), 50)
    }

    /// The `q`-th percentile (0…100) of ascending `sorted` values, linearly interpolated (numpy "linear").
    public static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        precondition(!sorted.isEmpty, "percentile of no values")
        precondition((0...100).contains(q), "percentile must be in 0...100")
        let position = q / 100 * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
    }
}
