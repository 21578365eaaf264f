import MotionRecording

/// The streaming workout analyzer (issue #26): fed the same accelerometer and device-motion batches as
/// `SwingAnalyzer`, it decides activity segments (stationary, walking, running, cycling, swimming, swing sport,
/// unknown), steps and cadence.
///
/// **Method** (details and reasoning in `docs/workout-analysis.md`). Samples go onto a 25 Hz grid of 40 ms bins
/// (``MotionBins``: mean x, y, z and |a|, peak |a|, within-bin spread, peak |rotation rate|), so 800 Hz and 15 Hz
/// inputs give the same features. Every whole second of the recording clock, an 8 s window of bins gives
/// interpretable features (``WindowFeatures``: |a| deviation, autocorrelation periodicity and step period, gravity
/// direction variance, vibration, swing bursts), a transparent rule set (``ActivityRules``) decides the window, and
/// the decision is assigned to the second 4 s before the window's end (its centre). ``ActivitySegmenter`` adds the
/// swing context and hysteresis and counts steps.
///
/// **Streams.** The accelerometer (g, gravity included) is the primary input. Device motion adds the peak
/// |rotation rate| (swing bursts); without an accelerometer, gravity + user acceleration stand in for it (Core
/// Motion's decomposition of the same specific force).
///
/// **Latency.** A second's decision needs the window to reach 4 s past it; the segmenter holds a change for
/// ``WorkoutAnalyzerConfiguration/minimumRun`` seconds: a segment boundary is reported about 8 s (plus one batch)
/// after it happened. Memory is fixed in `init` (a 20 s ring of bins); nothing is allocated per batch except the
/// segments themselves.
///
/// **Batch invariance.** Bins are numbered by absolute time and filled in sample order, and a window is decided
/// only when every declared stream has passed its end (or one leads the other by more than
/// ``WorkoutAnalyzerConfiguration/maximumStreamLag``), so any cutting of the same samples into batches, and any
/// interleaving of the two streams within that lag, gives `==` output.
public struct WorkoutAnalyzer: Sendable {
    public let configuration: WorkoutAnalyzerConfiguration
    public let streams: Set<SensorStream>
    /// Distance per step (heel strike to the next heel strike; what many pedometers call stride length), m.
    public let stepLength: Double?

    private let rules: ActivityRules
    private var bins: MotionBins
    private var acceleration: AccelerationBinner
    private var rotation: RotationBinner
    private var extractor: WindowFeatureExtractor
    private var segmenter: ActivitySegmenter
    /// The next whole second whose window end is to be decided (window end = second + 4 s… see ``centreOffset``).
    private var nextWindowEnd: Int?
    private var firstTime: Double?
    private var lastTime = -Double.infinity
    private var finished = false
    private let accelerationFromDeviceMotion: Bool
    /// `streams` and the configuration's rounded grid sizes, looked up once (the feeds run per batch and per bin).
    private let grid: DecisionGrid
    private var sawAcceleration = false
    private var sawRotation = false

    /// Which data the analyzer has seen so far (final after ``finish(into:)``).
    public var dataCase: WorkoutDataCase {
        switch (sawAcceleration, sawRotation, accelerationFromDeviceMotion) {
        case (true, true, false): .full
        case (true, false, false): .accelerometerOnly
        case (true, _, true): .deviceMotionOnly
        case (false, true, _): .rotationOnly
        case (false, false, _): .noData
        }
    }

    /// - Parameters:
    ///   - streams: the streams that will be fed (leave out one that is not recorded, so the other is not held
    ///     back waiting for it).
    ///   - stepLength: distance per step, m, for ``WorkoutSummary/distance`` (`nil`: no distance).
    public init(
        configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration(),
        streams: Set<SensorStream> = [.accelerometer, .deviceMotion], stepLength: Double? = nil
    ) {
        precondition(configuration.binRate >= 10 && configuration.windowDuration >= 4, "WorkoutAnalyzer: bad grid")
        self.configuration = configuration
        self.streams = streams
        self.stepLength = stepLength
        rules = ActivityRules(configuration: configuration)
        let ringSeconds = configuration.windowDuration + configuration.maximumStreamLag + 3
        bins = MotionBins(capacity: Int((ringSeconds * configuration.binRate).rounded(.up)))
        acceleration = AccelerationBinner(binRate: configuration.binRate)
        rotation = RotationBinner(binRate: configuration.binRate)
        extractor = WindowFeatureExtractor(configuration: configuration)
        segmenter = ActivitySegmenter(configuration: configuration)
        accelerationFromDeviceMotion = !streams.contains(.accelerometer)
        grid = DecisionGrid(configuration: configuration, streams: streams)
    }

    /// Seconds between a window's end and the second its decision is assigned to (half the window).
    private var centreOffset: Int { grid.centreOffset }

    // MARK: Feeding

    /// Feeds accelerometer samples `range` of `data` (a batch: non-decreasing timestamps, s; g) and appends the
    /// segments they close to `output`.
    public mutating func feed(
        accelerometer data: AccelerometerData, range: Range<Int>? = nil, into output: inout WorkoutAnalyzerOutput
    ) {
        data.withColumns(range ?? 0..<data.count) { feed(accelerometer: $0, into: &output) }
    }

    /// Feeds a batch of accelerometer samples borrowed from their storage.
    public mutating func feed(accelerometer samples: AccelerometerColumns, into output: inout WorkoutAnalyzerOutput) {
        precondition(!finished, "WorkoutAnalyzer: feed after finish")
        precondition(grid.feedsAccelerometer, "WorkoutAnalyzer: accelerometer not among the declared streams")
        guard samples.count > 0 else { return }
        let (t, x, y, z) = (samples.timestamps, samples.x, samples.y, samples.z)
        sawAcceleration = true
        noteTimes(first: t[0], last: t[samples.count - 1])
        // Windows are decided as soon as their second is complete (inside the batch: the ring holds only ~20 s).
        var i = 0
        while i < samples.count {
            i = acceleration.add(from: i, count: samples.count, times: t, x: x, y: y, z: z, into: &bins)
            decideReady(into: &output)
        }
    }

    /// Feeds device-motion samples `range` of `data` and appends the segments they close to `output`. Rotation
    /// rate gives swing bursts; gravity + user acceleration stand in for the accelerometer when it is not among
    /// ``streams``.
    public mutating func feed(
        deviceMotion data: DeviceMotionData, range: Range<Int>? = nil, into output: inout WorkoutAnalyzerOutput
    ) {
        precondition(!finished, "WorkoutAnalyzer: feed after finish")
        precondition(grid.feedsDeviceMotion, "WorkoutAnalyzer: device motion not among the declared streams")
        let r = range ?? 0..<data.count
        guard !r.isEmpty else { return }
        let n = data.count
        let hasRotation = data.rotationRateX.count == n
        let hasSpecificForce = data.gravityX.count == n && data.userAccelerationX.count == n
        data.timestamps.withUnsafeBufferPointer { t in
            if hasRotation { sawRotation = true }
            if accelerationFromDeviceMotion && hasSpecificForce { sawAcceleration = true }
            if hasRotation {
                data.rotationRateX.withUnsafeBufferPointer { wx in
                    data.rotationRateY.withUnsafeBufferPointer { wy in
                        data.rotationRateZ.withUnsafeBufferPointer { wz in
                            let (ts, xs, ys, zs) = (
                                UnsafeBufferPointer(rebasing: t[r]), UnsafeBufferPointer(rebasing: wx[r]),
                                UnsafeBufferPointer(rebasing: wy[r]), UnsafeBufferPointer(rebasing: wz[r])
                            )
                            var i = 0
                            while i < r.count {
                                i = rotation.add(from: i, count: r.count, times: ts, x: xs, y: ys, z: zs, into: &bins)
                                if !accelerationFromDeviceMotion { decideReady(into: &output) }
                            }
                        }
                    }
                }
            }
            if accelerationFromDeviceMotion { noteTimes(first: t[r.lowerBound], last: t[r.upperBound - 1]) }
            if accelerationFromDeviceMotion && hasSpecificForce {
                var second = acceleration.current.map { $0 / configuration.binsPerSecond }
                for i in r {
                    acceleration.add(
                        time: t[i], x: data.gravityX[i] + data.userAccelerationX[i],
                        y: data.gravityY[i] + data.userAccelerationY[i], z: data.gravityZ[i] + data.userAccelerationZ[i],
                        into: &bins)
                    let now = acceleration.current.map { $0 / configuration.binsPerSecond }
                    if now != second {
                        second = now
                        decideReady(into: &output)
                    }
                }
            }
            if !hasRotation {
                // Keep the rotation side moving so the accelerometer is not held back.
                for i in r { rotation.add(time: t[i], magnitude: 0, into: &bins) }
            }
        }
        decideReady(into: &output)
    }

    /// Feeds a device-motion batch borrowed as rotation columns (what ``SwingAnalyzer`` is fed, so one borrowed
    /// batch serves both): its rotation rate gives the swing bursts. Only when the accelerometer is among
    /// ``streams`` (without it, gravity + user acceleration are needed: use ``feed(deviceMotion:range:into:)``).
    /// Gives exactly what ``feed(deviceMotion:range:into:)`` gives for the same samples.
    public mutating func feed(deviceMotion columns: DeviceMotionRotationColumns, into output: inout WorkoutAnalyzerOutput) {
        precondition(!finished, "WorkoutAnalyzer: feed after finish")
        precondition(grid.feedsDeviceMotion, "WorkoutAnalyzer: device motion not among the declared streams")
        precondition(!accelerationFromDeviceMotion, "WorkoutAnalyzer: rotation columns carry no acceleration")
        let count = columns.count
        guard count > 0 else { return }
        if columns.rotationRateX.count == count {
            sawRotation = true
            // Windows are decided after each second the rotation rates complete and after the last sample.
            var i = 0
            while i < count {
                i = rotation.add(
                    from: i, count: count, times: columns.timestamps, x: columns.rotationRateX,
                    y: columns.rotationRateY, z: columns.rotationRateZ, into: &bins)
                decideReady(into: &output)
            }
        } else {
            // Keep the rotation side moving so the accelerometer is not held back.
            for t in columns.timestamps { rotation.add(time: t, magnitude: 0, into: &bins) }
            decideReady(into: &output)
        }
    }

    private mutating func noteTimes(first: Double, last: Double) {
        if firstTime == nil { firstTime = first }
        lastTime = Swift.max(lastTime, last)
    }

    /// Ends the data: decides the remaining windows with the data there is and closes the last segment.
    public mutating func finish(into output: inout WorkoutAnalyzerOutput) {
        guard !finished else { return }
        finished = true
        guard let firstTime else { return }
        let b = configuration.binsPerSecond
        let lastBin = Int((lastTime * configuration.binRate).rounded(.down))
        acceleration.close(upTo: lastBin + 1, into: &bins)
        rotation.close(upTo: lastBin + 1, into: &bins)
        let lastSecond = Int(lastTime.rounded(.down))
        let start = nextWindowEnd ?? (Int(firstTime.rounded(.down)) + centreOffset)
        var end = start
        while end - centreOffset <= lastSecond {
            decideWindow(endingAt: end, dataEnd: Swift.min(end * b, lastBin + 1), into: &output)
            end += 1
        }
        nextWindowEnd = end
        let (first, last) = (firstTime, lastTime)
        segmenter.finish { Self.emit($0, first: first, last: last, into: &output) }
        output.duration = lastTime - firstTime
    }

    // MARK: Deciding

    /// Decides every window whose end every declared stream has passed.
    private mutating func decideReady(into output: inout WorkoutAnalyzerOutput) {
        guard let firstTime else { return }
        let b = grid.binsPerSecond
        guard let accelerationEnd = acceleration.current else { return }
        var ready = accelerationEnd
        if grid.feedsDeviceMotion && !accelerationFromDeviceMotion {
            let lagBins = grid.streamLagBins
            if let rotationEnd = rotation.current, accelerationEnd - rotationEnd <= lagBins {
                ready = Swift.min(ready, rotationEnd)
            } else {
                ready = accelerationEnd - lagBins
            }
        }
        var end = nextWindowEnd ?? (Int(firstTime.rounded(.down)) + centreOffset)
        while end * b <= ready {
            decideWindow(endingAt: end, dataEnd: end * b, into: &output)
            end += 1
        }
        nextWindowEnd = end
    }

    private mutating func decideWindow(endingAt end: Int, dataEnd: Int, into output: inout WorkoutAnalyzerOutput) {
        let b = configuration.binsPerSecond
        let firstBin = acceleration.firstBin ?? dataEnd
        let lower = Swift.max(end * b - configuration.windowBins, firstBin)
        let features =
            lower < dataEnd
            ? extractor.features(
                of: lower..<dataEnd, in: bins, centre: (end - centreOffset) * b,
                rotationClosedEnd: rotation.current ?? Int.min)
            : WindowFeatures()
        let decision = rules.classify(features)
        if configuration.recordsWindows {
            output.windows.append(WindowRecord(second: end - centreOffset, features: features, decision: decision))
        }
        let second = ActivitySegmenter.Second(
            index: end - centreOffset, activity: decision.activity, confidence: decision.confidence,
            stepFrequency: decision.stepFrequency, windowStepFrequency: features.stepFrequency,
            strideCorrelation: features.centreStridePeriodicity)
        let (first, last) = (firstTime ?? 0, lastTime)
        segmenter.add(second) { Self.emit($0, first: first, last: last, into: &output) }
    }

    private static func emit(
        _ draft: SegmentDraft, first firstTime: Double, last lastTime: Double, into output: inout WorkoutAnalyzerOutput
    ) {
        let start = Swift.max(firstTime, Double(draft.first))
        let end = Swift.min(lastTime, Double(draft.end))
        guard end > start else { return }
        let isGait = draft.activity == .walking || draft.activity == .running
        output.segments.append(
            ActivitySegment(
                start: start, end: end, activity: draft.activity, confidence: draft.confidence,
                steps: isGait ? draft.steps : 0,
                cadence: isGait ? draft.steps / Swift.max(1, Double(draft.end - draft.first)) : nil))
    }
}
