import MotionDSP
import MotionRecording

/// The streaming swing analyzer: fed 800 Hz accelerometer and 200 Hz device-motion batches as they
/// arrive, it emits each swing once decided — impact, estimated start of the rotation, time to contact, contact or
/// miss, and metrics.
///
/// **Detection.**
/// - Impacts (``ImpactDetector``): Butterworth high-pass of x, y, z (MotionDSP, carried `Double` state); the
///   statistic is the high-passed vector magnitude with clipped axes (and their kink ringing) left out; threshold =
///   max(minimum, k × noise floor) with the noise floor the median of trailing block medians; refractory period;
///   after the look-ahead the onset is found by walking back to a level above noise and above a fraction of the
///   peak, then extrapolating the power-law rise to the moment of contact (sub-sample). Spectrum by FFTW.
/// - Swings: rotation events where |rotation along gravity| (dot(ω, g), sign-agnostic) exceeds a threshold; an
///   event's impact is the strongest impact in its window at which the swing is still fast; from the impact (or
///   the rotation peak for a miss) the onset estimator walks back (only samples before the impact, maximum swing
///   duration, consistent failure), validates by accumulated rotation, and fits where the rotation began. Without
///   gravity or attitude, |ω| stands in for |rotation along gravity| and the walk back stops at the higher
///   ``SwingAnalyzerConfiguration/fallbackOnsetWalkThreshold`` (|ω| cannot show the backswing's reversal).
///   Impacts without a swing (claps, taps) are reported in ``SwingAnalysisResult/unmatchedImpacts``.
///
/// **One path.** ``analyze(_:configuration:)`` feeds a recording's batches to this same type.
///
/// **Batch invariance.** Each stream's signal processing (the impact detector on the accelerometer; rotation
/// along gravity and rotation events on device motion) is a function of that stream's samples alone and runs over
/// each batch as it arrives. Decisions combine the two only when both have progressed far enough that every input
/// of a decision is known: a rotation event is decided once the accelerometer has passed the end of its impact
/// window plus the impact detector's decision latency (so every impact it could claim has been found), events in
/// the order they ended; an impact is reported unmatched once device motion has passed it and no pending or
/// running event could claim it. So any cutting of the same samples into batches, and any interleaving of the two
/// streams, gives `==` output — as long as device motion does not lead the accelerometer by more than
/// ``SwingAnalyzerConfiguration/maximumStreamLag`` beyond an event's decision point (then the event is decided
/// without waiting, so that its history is still held). A stream the caller will not deliver must be left out of
/// `streams`, otherwise the other one waits for it (events up to that lag, impacts until ``finish(into:)``).
///
/// **Latency and memory.** A swing is decided once the data pass the end of its rotation plus the quiet duration
/// and the impact look-ahead (tens of ms), i.e. within the batch after it. All buffers are allocated in `init` and
/// sized from the configuration; nothing is allocated per batch except the swings themselves.
///
/// A value type: copying it forks the analysis (useful to try an ending with ``finish(into:)`` on a copy).
public struct SwingAnalyzer: Sendable {
    public let configuration: SwingAnalyzerConfiguration
    /// The streams the caller will deliver.
    public let streams: Set<SensorStream>
    let expectsAccelerometer: Bool
    let expectsDeviceMotion: Bool

    struct HeldImpact: Sendable {
        var impact: DetectedImpact
        var claimed: Bool
    }

    var finished = false

    var impactDetector: ImpactDetector
    var rotationRing: SampleRing<RotationSample>
    var eventDetector: RotationEventDetector
    let onsetEstimator: SwingOnsetEstimator
    var pendingEvents: FixedQueue<RotationEvent>
    var heldImpacts: FixedQueue<HeldImpact>
    var candidateScratch: [Int] = []

    var lastAccelerometerTime = -Double.infinity
    /// Time of the first accelerometer sample fed, s (+∞ before any).
    var firstAccelerometerTime = Double.infinity
    var lastDeviceMotionTime = -Double.infinity
    var sawAccelerometer = false
    var sawGravity = false
    var sawRotationMagnitudeOnly = false

    /// - Parameters:
    ///   - configuration: all parameters; must pass ``SwingAnalyzerConfiguration/validate()`` (precondition).
    ///   - streams: the streams that will be fed. Leave one out when it is not recorded, so that the other is
    ///     processed without waiting for it.
    public init(
        configuration: SwingAnalyzerConfiguration = .baseball,
        streams: Set<SensorStream> = [.accelerometer, .deviceMotion]
    ) {
        do { try configuration.validate() } catch { preconditionFailure(error.description) }
        self.configuration = configuration
        self.streams = streams
        expectsAccelerometer = streams.contains(.accelerometer)
        expectsDeviceMotion = streams.contains(.deviceMotion)
        let rotationFiller = RotationSample(time: 0, alongGravity: 0, rotationRate: .zero)
        impactDetector = ImpactDetector(configuration: configuration)
        // Device motion held back from an event's first sample: the walk back and the fit before it, the event,
        // its impact window, the wait for the accelerometer (decision point) and the lag allowed beyond it.
        let historySeconds =
            configuration.maximumSwingDuration
            + Swift.max(configuration.onsetFitBaselineWindow, SwingOnsetEstimator.maximumFitWindow)
            + configuration.onsetConsistentFailureDuration + configuration.maximumRotationEventDuration
            + configuration.impactMatchBefore + configuration.impactMatchAfter + configuration.swingQuietDuration
            + impactDetector.decisionLatency + configuration.impactOnsetMaximumExtrapolation
            + configuration.maximumStreamLag + 0.25
        rotationRing = SampleRing(
            minimumCapacity: Int((historySeconds * configuration.maximumDeviceMotionRate).rounded(.up)),
            filler: rotationFiller)
        eventDetector = RotationEventDetector(configuration: configuration)
        onsetEstimator = SwingOnsetEstimator(configuration: configuration)
        pendingEvents = FixedQueue(
            capacity: 64,
            filler: RotationEvent(
                firstIndex: 0, firstTime: 0, lastIndex: 0, lastTime: 0, peak: 0, peakIndex: 0, peakTime: 0))
        candidateScratch.reserveCapacity(256)
        heldImpacts = FixedQueue(
            capacity: 256,
            filler: HeldImpact(
                impact: DetectedImpact(time: 0, peak: 0, saturated: false, dominantFrequency: 0, bandEnergy: 0),
                claimed: false))
    }

    /// Which data the analyzer has seen so far (final after ``finish(into:)``).
    public var dataCase: SwingDataCase {
        switch (sawAccelerometer, sawGravity, sawRotationMagnitudeOnly) {
        case (true, true, _): .full
        case (true, false, true): .rotationWithoutGravity
        case (true, false, false): .accelerometerOnly
        case (false, true, _): .deviceMotionOnly
        case (false, false, true): .rotationOnly
        case (false, false, false): .noData
        }
    }

    // MARK: Feeding

    /// Feeds the accelerometer samples `range` of `data` (a batch: non-decreasing timestamps) and appends what
    /// they decide to `output`.
    public mutating func feed(
        accelerometer data: AccelerometerData, range: Range<Int>? = nil, into output: inout SwingAnalysisResult
    ) {
        precondition(!finished, "SwingAnalyzer: feed after finish")
        precondition(expectsAccelerometer, "SwingAnalyzer: accelerometer not among the declared streams")
        data.withColumns(range ?? 0..<data.count) { feed(accelerometer: $0, into: &output) }
    }

    /// Feeds a batch of accelerometer samples borrowed from their storage (e.g. a memory-mapped file's columns; see
    /// ``BatchSource/withAccelerometerColumns(_:scratch:_:)``) and appends what they decide to `output`.
    public mutating func feed(accelerometer samples: AccelerometerColumns, into output: inout SwingAnalysisResult) {
        precondition(!finished, "SwingAnalyzer: feed after finish")
        precondition(expectsAccelerometer, "SwingAnalyzer: accelerometer not among the declared streams")
        guard samples.count > 0 else { return }
        if !sawAccelerometer { firstAccelerometerTime = samples.timestamps[0] }
        sawAccelerometer = true
        impactDetector.process(samples)
        lastAccelerometerTime = samples.timestamps[samples.count - 1]
        receiveDecidedImpacts(into: &output)
        decidePending(into: &output)
        releaseImpacts(into: &output)
    }

    /// Feeds the device-motion samples `range` of `data` and appends what they decide to `output`. Samples
    /// without rotation rate are ignored; without gravity, gravity is derived from the attitude, and without both
    /// the |rotation rate| fallback applies (see ``SwingDataCase``).
    public mutating func feed(
        deviceMotion data: DeviceMotionData, range: Range<Int>? = nil, into output: inout SwingAnalysisResult
    ) {
        data.withRotationColumns(range ?? 0..<data.count) { feed(deviceMotion: $0, into: &output) }
    }

    /// Feeds a batch of device motion as borrowed columns (e.g. lent by a mapped native file) and appends what it
    /// decides to `output`; the same as ``feed(deviceMotion:range:into:)`` on the same samples.
    public mutating func feed(deviceMotion columns: DeviceMotionRotationColumns, into output: inout SwingAnalysisResult) {
        precondition(!finished, "SwingAnalyzer: feed after finish")
        precondition(expectsDeviceMotion, "SwingAnalyzer: device motion not among the declared streams")
        if let reference = columns.rotationReference, columns.count > 0 {
            rotationRing.makeUnique()
            switch reference {
            case .gravity, .attitude: sawGravity = true
            case .magnitude: sawRotationMagnitudeOnly = true
            }
            let isMagnitudeFallback = reference == .magnitude
            // Rotation along gravity for a chunk of samples at a time (a columnar loop), then the per-sample logic.
            let chunk = Self.rotationChunkLength
            let (times, wx, wy, wz) = (columns.timestamps, columns.rotationRateX, columns.rotationRateY, columns.rotationRateZ)
            withUnsafeTemporaryAllocation(of: Float.self, capacity: chunk) { scratch in
                let along = scratch.baseAddress!
                var start = 0
                while start < columns.count {
                    let end = Swift.min(start + chunk, columns.count)
                    columns.rotationAlongGravity(start..<end, into: along)
                    let chunkStart = start
                    @inline(__always) func sample(_ index: Int) -> RotationSample {
                        RotationSample(
                            time: times[index], alongGravity: along[index - chunkStart],
                            isMagnitudeFallback: isMagnitudeFallback,
                            rotationRate: SIMD4(wx[index], wy[index], wz[index], 0))
                    }
                    var index = start
                    while index < end {
                        if eventDetector.active == nil && pendingEvents.isEmpty {
                            // Nothing can happen before a sample reaches the swing threshold: the quiet samples up to
                            // it only go into the ring (the same state as ``add(_:into:)`` one by one).
                            let quietEnd =
                                start
                                + Self.firstReaching(
                                    eventDetector.threshold, in: along, from: index - start, to: end - start)
                            if quietEnd > index {
                                let first = index
                                rotationRing.append(count: quietEnd - first) { sample(first + $0) }
                                lastDeviceMotionTime = times[quietEnd - 1]
                                index = quietEnd
                                if index == end { break }
                            }
                        }
                        add(sample(index), into: &output)
                        index += 1
                    }
                    start = end
                }
            }
        }
        decidePending(into: &output)
        releaseImpacts(into: &output)
    }

    /// The first index in `from..<to` where |`values`[i]| ≥ `threshold` (a NaN never reaches it), or `to`.
    /// Eight values a step: most of a recording is quiet, and one compare and branch a value took about a sixth of
    /// the device-motion feed's own time.
    @inline(__always)
    static func firstReaching(
        _ threshold: Float, in values: UnsafeMutablePointer<Float>, from: Int, to: Int
    ) -> Int {
        let raw = UnsafeRawPointer(values)
        let (high, low) = (SIMD8<Float>(repeating: threshold), SIMD8<Float>(repeating: -threshold))
        var i = from
        while i &+ 8 <= to {
            let block = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<Float>.self)
            if any((block .>= high) .| (block .<= low)) { break }
            i &+= 8
        }
        while i < to, !(Swift.abs(values[i]) >= threshold) { i &+= 1 }
        return i
    }

    /// Device-motion samples whose rotation along gravity is computed in one columnar pass (1 KiB of stack scratch).
    static let rotationChunkLength = 256

    /// One device-motion sample into the rotation ring and event detector.
    @inline(__always)
    mutating func add(_ sample: RotationSample, into output: inout SwingAnalysisResult) {
        // Device motion too far ahead of the accelerometer: decide events without waiting, while their history is
        // still held.
        while let event = pendingEvents.first, sample.time > decisionPoint(event) + configuration.maximumStreamLag {
            pendingEvents.removeFirst()
            decide(event, into: &output)
        }
        lastDeviceMotionTime = sample.time
        rotationRing.append(sample)
        if let event = eventDetector.process(index: rotationRing.count - 1, sample: sample) {
            enqueue(event, into: &output)
        }
    }

    /// Ends the data: decides pending candidates with the look-ahead available, and appends the remaining swings.
    /// The analyzer accepts no more data afterwards.
    public mutating func finish(into output: inout SwingAnalysisResult) {
        guard !finished else { return }
        finished = true
        impactDetector.flush()
        receiveDecidedImpacts(into: &output)
        if let event = eventDetector.flush() { enqueue(event, into: &output) }
        decidePending(into: &output)
        releaseImpacts(into: &output)
        output.dataCase = dataCase
    }

}
