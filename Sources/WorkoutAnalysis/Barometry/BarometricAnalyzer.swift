import MotionRecording

/// The streaming barometric analysis: fed pressure batches (``PressureData``, kPa, any rate), it puts the pressure on
/// a 1 Hz grid (the mean of each whole second of the recording clock), removes spikes with a running median of
/// ``BarometryConfiguration/spikeMedianSeconds`` seconds, and tracks water submersion on the result
/// (``SubmersionTracker``). It streams out the 1 Hz track (``PressureTrack``) from which ``ElevationProfile`` gives
/// the elevation gain and loss and the floors once the activity segments are known, and the submersions as they end.
///
/// **Batch invariance.** Samples are taken one by one in order and every decision depends on whole seconds only, so
/// any cutting of the same samples into batches gives `==` output. A second's median waits for the seconds up to
/// half the median window after it: the output lags the input by about 4 s.
///
/// **Bad samples.** A pressure that is NaN, infinite or not positive, or a timestamp that is not finite, is skipped
/// (the data-hygiene checks report them); a sample whose timestamp goes back into an earlier second is counted in
/// the current one. Nothing is allocated per sample; the track grows by one value a second.
public struct BarometricAnalyzer: Sendable {
    public let configuration: BarometryConfiguration
    private let half: Int
    private var currentSecond: Int?
    private var sum = 0.0
    private var count = 0
    /// Closed seconds not yet out of the median window, ascending, and their mean pressure, kPa.
    private var recentSeconds: [Int] = []
    private var recentMeans: [Double] = []
    /// The last second whose median was emitted.
    private var emittedThrough = Int.min
    private var scratch: [Double] = []
    private var submersion: SubmersionTracker
    private var finished = false

    public init(configuration: BarometryConfiguration = BarometryConfiguration()) {
        precondition(configuration.spikeMedianSeconds >= 1, "BarometricAnalyzer: the median needs at least 1 s")
        self.configuration = configuration
        half = configuration.spikeMedianSeconds / 2
        let capacity = 2 * configuration.spikeMedianSeconds + 2
        recentSeconds.reserveCapacity(capacity)
        recentMeans.reserveCapacity(capacity)
        scratch.reserveCapacity(capacity)
        submersion = SubmersionTracker(configuration: configuration)
    }

    /// Feeds pressure samples `range` of `data` (non-decreasing timestamps, s; kPa).
    public mutating func feed(pressure data: PressureData, range: Range<Int>? = nil, into output: inout BarometryOutput) {
        precondition(!finished, "BarometricAnalyzer: feed after finish")
        let r = range ?? 0..<data.count
        data.timestamps.withUnsafeBufferPointer { t in
            data.pressureKilopascals.withUnsafeBufferPointer { p in
                for i in r { add(time: t[i], kilopascals: Double(p[i]), into: &output) }
            }
        }
    }

    /// Feeds one sample: time `time`, s; pressure `kilopascals`, kPa.
    public mutating func add(time: Double, kilopascals: Double, into output: inout BarometryOutput) {
        guard time.isFinite, kilopascals.isFinite, kilopascals > 0 else { return }
        let second = Int(time.rounded(.down))
        if let current = currentSecond, second > current {
            close(second: current, into: &output)
            currentSecond = second
        } else if currentSecond == nil {
            currentSecond = second
        }
        sum += kilopascals
        count += 1
    }

    /// Ends the data: the last seconds get the median of the window there is; an open submersion ends.
    public mutating func finish(into output: inout BarometryOutput) {
        guard !finished else { return }
        finished = true
        if let current = currentSecond { close(second: current, into: &output) }
        emit(through: Int.max, into: &output)
        submersion.finish(into: &output.submersions)
    }

    private mutating func close(second: Int, into output: inout BarometryOutput) {
        recentSeconds.append(second)
        recentMeans.append(sum / Double(count))
        sum = 0
        count = 0
        emit(through: second - half, into: &output)
    }

    /// Emits the median of every pending second up to `last` (whose window is complete), then forgets the seconds
    /// no later window needs.
    private mutating func emit(through last: Int, into output: inout BarometryOutput) {
        for k in recentSeconds.indices {
            let centre = recentSeconds[k]
            guard centre > emittedThrough else { continue }
            guard centre <= last else { break }
            scratch.removeAll(keepingCapacity: true)
            for j in recentSeconds.indices where abs(recentSeconds[j] - centre) <= half { scratch.append(recentMeans[j]) }
            let value = Self.median(&scratch)
            output.track.append(second: centre, kilopascals: value)
            submersion.add(second: centre, kilopascals: value, into: &output.submersions)
            emittedThrough = centre
        }
        // The next centre's window starts at its second − half: drop what lies before.
        let keepFrom: Int
        if let nextCentre = recentSeconds.first(where: { $0 > emittedThrough }) {
            keepFrom = nextCentre - half
        } else if emittedThrough != Int.min {
            keepFrom = emittedThrough + 1 - half
        } else {
            return
        }
        while let first = recentSeconds.first, first < keepFrom {
            recentSeconds.removeFirst()
            recentMeans.removeFirst()
        }
    }

    /// Median of `values` (sorted in place; the mean of the middle two for an even count).
    private static func median(_ values: inout [Double]) -> Double {
        for i in 1..<values.count {
            let v = values[i]
            var j = i - 1
            while j >= 0 && values[j] > v {
                values[j + 1] = values[j]
                j -= 1
            }
            values[j + 1] = v
        }
        let n = values.count
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2
    }
}

/// What a ``BarometricAnalyzer`` has produced so far: the 1 Hz spike-free pressure and the submersions that have
/// ended (all of them after ``BarometricAnalyzer/finish(into:)``).
public struct BarometryOutput: Sendable, Equatable {
    public var track = PressureTrack()
    public var submersions: [Submersion] = []

    public init() {}
}
