import Foundation

/// How finely a stream's timestamps were written, when a spreadsheet rounded them to the digits it shows
/// (`5.63E+04` s, `1.70004E+12` ms, `56257.44` with two decimals): the largest power of ten every timestamp is a
/// whole multiple of, against the spacing the samples need. Asked only when samples share a timestamp (step 3 of
/// ``HygieneChecker``), so a clean stream never pays for it.
struct TimestampResolution: Equatable {
    /// The power of ten, s, every timestamp looked at is a whole multiple of (`nil`: none from 1e-9 to 1e12).
    var step: Double?
    /// The samples' mean spacing, s: their time span over their count less one (0 when they share one time).
    var spacing: Double
    /// Samples looked at and their time span, s.
    var count: Int
    var span: Double

    /// The powers of ten tried, 10¹² down to 10⁻⁹ (timestamps still in ms or ns have the larger ones).
    static let exponents = Array((-9...12).reversed())

    /// The resolution of `count` sorted timestamps (s) read through `timestamp`: at most 4097 evenly spread ones
    /// looked at (every one up to 4096), the first and last among them. A power of ten is taken only where the
    /// timestamps hold at most 10¹⁰ of it, so that a double's rounding (and a conversion from ms) stays far below
    /// the tolerance of 10⁻⁴ of a step.
    init(count: Int, timestamp: (Int) -> Double) {
        precondition(count > 0, "TimestampResolution: no samples")
        let stride = Swift.max(1, count / 4096)
        var rows = Array(Swift.stride(from: 0, to: count, by: stride))
        if rows.last != count - 1 { rows.append(count - 1) }
        let times = rows.map(timestamp)
        let largest = times.reduce(0) { Swift.max($0, abs($1)) }
        self.count = count
        span = times[times.count - 1] - times[0]
        spacing = count > 1 ? span / Double(count - 1) : 0
        step = nil
        for exponent in Self.exponents {
            // 10^k is exact as a double for k ≥ 0; for k < 0 the timestamp is multiplied by the exact 10^-k.
            let scale = exponent >= 0 ? 1 / pow(10, Double(exponent)) : pow(10, Double(-exponent))
            guard largest * scale <= 1e10 else { break }
            // A whole multiple, and not a time rounded to none of it (0 s is a multiple of every step).
            if times.allSatisfy({ abs(($0 * scale).rounded() - $0 * scale) <= 1e-4 && ($0 == 0 || ($0 * scale).rounded() != 0) }) {
                step = pow(10, Double(exponent))
                break
            }
        }
    }

    /// The resolution the samples need: the power of ten at or below a tenth of their spacing (s), so that a
    /// time is off by at most 5 % of a spacing; `nil` when they share one time.
    var needed: Double? {
        guard spacing > 0 else { return nil }
        return pow(10, (log10(spacing / 10)).rounded(.down))
    }

    /// Whether the step is coarser than a tenth of the spacing (a spacing of 0 counts as coarse).
    var isCoarse: Bool {
        guard let step else { return false }
        return spacing == 0 || step > spacing / 10
    }

    /// What the resolution is against the samples, for a finding: e.g. `the timestamps are multiples of 100 s while
    /// the 48000 samples span 100 s (one every 0.00208 s, ≈ 480 Hz), which needs 0.0001 s or finer`.
    var text: String {
        guard spacing > 0 else { return "all \(count) samples have one and the same timestamp" }
        let stepText = step.map { "multiples of \(Self.format($0)) s" } ?? "not whole multiples of any power of ten"
        let needed = needed.map { ", which needs \(Self.format($0)) s or finer" } ?? ""
        return "the timestamps are \(stepText) while the \(count) samples span \(String(format: "%g", span)) s (one every \(String(format: "%.3g", spacing)) s, ≈ \(String(format: "%.4g", 1 / spacing)) Hz)\(needed)"
    }

    /// A power of ten as a decimal without an exponent (`0.0001`, `100`).
    static func format(_ power: Double) -> String {
        let exponent = Int(log10(power).rounded())
        return exponent >= 0 ? String(format: "%.0f", power) : String(format: "%.\(-exponent)f", power)
    }
}
