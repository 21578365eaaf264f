public import MotionRecording

/// Streaming sensor fusion: raw accelerometer (g) and gyroscope (rad/s) batches in, device motion in Core Motion's
/// conventions out, one sample per gyroscope timestamp.
///
/// ```swift
/// var fusion = try SensorFusionFilter()
/// var motion = DeviceMotionData()
/// fusion.append(accelerometer: accelerometerBatch, into: &motion)   // any order, any batch sizes
/// fusion.append(gyroscope: gyroscopeBatch, into: &motion)
/// ...
/// fusion.finish(into: &motion)
/// ```
///
/// Output (appended to `output`): `timestamps` = the gyroscope's; attitude (w, x, y, z) rotating device vectors into
/// a reference frame with z up, so rotate(q, gravity) = (0, 0, −1) (its heading is arbitrary: no magnetometer);
/// gravity, unit vector in g pointing down, device frame; user acceleration = the latest accelerometer sample at or
/// before the timestamp − gravity, g; rotation rate = gyroscope − estimated bias, rad/s. `output` should hold only
/// those four column groups; callers that clear it with `removeAll(keepingCapacity:)` between batches make the
/// filter allocation-free once warm.
///
/// Interleaving: the two streams are merged by timestamp. A gyroscope sample at t is processed once an accelerometer
/// sample later than t has arrived (so every accelerometer sample up to t is known); accelerometer samples between
/// two gyroscope samples correct the attitude at their own time (the gyroscope interval is integrated piecewise).
/// Output is bit-identical for any split of the two streams into batches, provided neither is delivered more than
/// `maximumStreamSkew` seconds ahead of the other; beyond that the leading stream is processed alone and an event says
/// so. Output starts at the first gyroscope sample after the first accelerometer sample
/// (``SensorFusionEvent/Kind/initialised``).
public struct SensorFusionFilter: Sendable {
    public let configuration: SensorFusionConfiguration
    private var estimator: AttitudeEstimator
    private var accelerometerQueue: TimedVectorQueue
    private var gyroscopeQueue: TimedVectorQueue
    /// Latest timestamp delivered per stream, s.
    private var accelerometerWatermark = -Double.infinity
    private var gyroscopeWatermark = -Double.infinity
    /// Time of the last processed gyroscope sample (the attitude's time), s.
    private var gyroscopeTime = -Double.infinity
    private var accelerometerTime = -Double.infinity
    private var accelerometerInterval = 0.0
    /// The latest processed accelerometer sample, Core Motion sign, g.
    private var latestAcceleration = SIMD3<Double>.zero
    private var hasStarted = false
    /// Output rows of the batch being processed, appended to the caller's output in bulk.
    private var staging = DeviceMotionStaging()
    private var saturationStart: Double? = nil
    private let saturationLevel: Double

    /// What the filter reported since the last ``removeAllEvents()``: initialisation, gaps, saturation, skew.
    public private(set) var events: [SensorFusionEvent] = []

    public init(configuration: SensorFusionConfiguration = SensorFusionConfiguration()) throws(SensorFusionConfigurationError) {
        try configuration.validate()
        self.configuration = configuration
        estimator = AttitudeEstimator(configuration: configuration)
        // Room for the skew at 1 kHz plus a one-second batch before the queues ever grow.
        let capacity = Int((configuration.maximumStreamSkew + 1.5) * 1000)
        accelerometerQueue = TimedVectorQueue(capacity: capacity)
        gyroscopeQueue = TimedVectorQueue(capacity: capacity)
        saturationLevel = 0.98 * (configuration.gyroscopeRange ?? .infinity)
        events.reserveCapacity(64)
    }

    /// Current gyroscope-bias estimate, rad/s, device frame.
    public var gyroscopeBias: SIMD3<Double> { estimator.bias }
    /// Uncertainty of the bias estimate in its worst direction (1 σ), rad/s.
    public var gyroscopeBiasSigma: Double { estimator.biasEstimator.sigma }
    /// True while rest is detected.
    public var isAtRest: Bool { estimator.rest.isAtRest }

    /// Clears ``events`` (keeping its storage).
    public mutating func removeAllEvents() { events.removeAll(keepingCapacity: true) }

    /// Feeds an accelerometer batch (g, Core Motion sign, non-decreasing timestamps); appends any device motion that
    /// becomes complete to `output`.
    public mutating func append(accelerometer batch: AccelerometerData, into output: inout DeviceMotionData) {
        guard !batch.isEmpty else { return }
        accelerometerQueue.append(batch.timestamps, batch.x, batch.y, batch.z, range: 0..<batch.count)
        accelerometerWatermark = max(accelerometerWatermark, batch.timestamps[batch.count - 1])
        drain(into: &output, finishing: false)
    }

    /// Feeds a gyroscope batch (rad/s, raw, non-decreasing timestamps); appends any device motion that becomes
    /// complete to `output`.
    public mutating func append(gyroscope batch: GyroscopeData, into output: inout DeviceMotionData) {
        guard !batch.isEmpty else { return }
        gyroscopeQueue.append(batch.timestamps, batch.x, batch.y, batch.z, range: 0..<batch.count)
        gyroscopeWatermark = max(gyroscopeWatermark, batch.timestamps[batch.count - 1])
        drain(into: &output, finishing: false)
    }

    /// Processes every held gyroscope sample (the end of both streams); trailing accelerometer samples after the last
    /// gyroscope sample produce no output and are dropped.
    public mutating func finish(into output: inout DeviceMotionData) {
        drain(into: &output, finishing: true)
        accelerometerQueue.removeAll()
    }

    private mutating func drain(into output: inout DeviceMotionData, finishing: Bool) {
        let skew = configuration.maximumStreamSkew
        var withoutGyroscope = 0
        staging.prepare()
        defer { staging.flush(into: &output) }
        while true {
            if !gyroscopeQueue.isEmpty {
                let t = gyroscopeQueue.firstTimestamp
                if finishing || t < accelerometerWatermark || t <= gyroscopeWatermark - skew {
                    let sample = gyroscopeQueue.removeFirst()
                    processGyroscope(at: sample.timestamp, rate: SIMD3<Double>(sample.value), into: &output)
                    continue
                }
            } else if !finishing, !accelerometerQueue.isEmpty,
                accelerometerQueue.firstTimestamp <= accelerometerWatermark - skew
            {
                // The gyroscope is more than the skew behind (or stopped): correct with the attitude held.
                let sample = accelerometerQueue.removeFirst()
                applyAccelerometer(at: sample.timestamp, acceleration: SIMD3<Double>(sample.value))
                estimator.updateBias()
                withoutGyroscope += 1
                continue
            }
            break
        }
        if withoutGyroscope > 0 {
            events.append(.init(timestamp: accelerometerTime, kind: .accelerometerWithoutGyroscope(count: withoutGyroscope)))
        }
    }

    @inline(__always)
    private mutating func processGyroscope(at t: Double, rate: SIMD3<Double>, into output: inout DeviceMotionData) {
        let interval = t - gyroscopeTime  // +∞ for the first sample
        var integrating = gyroscopeTime.isFinite && interval >= 0
        if gyroscopeTime.isFinite && interval > configuration.maximumGap {
            events.append(.init(timestamp: t, kind: .gap(duration: interval)))
            estimator.reinitialise()
            integrating = false
            // The attitude across the gap is unknown: only the newest accelerometer sample at or before t may set the
            // inclination afresh (older ones were taken at other, unknown attitudes).
            while accelerometerQueue.count >= 2, accelerometerQueue.secondTimestamp <= t {
                _ = accelerometerQueue.removeFirst()
            }
        }
        if rate.magnitudes.max() >= saturationLevel {
            if saturationStart == nil { saturationStart = t }
        } else if let start = saturationStart {
            events.append(.init(timestamp: t, kind: .gyroscopeSaturation(duration: t - start)))
            estimator.reinitialise()
            saturationStart = nil
        }
        if integrating { estimator.observeGyroscope(rate, interval: interval) }

        var cursor = gyroscopeTime
        var late = 0
        while !accelerometerQueue.isEmpty && accelerometerQueue.firstTimestamp <= t {
            let sample = accelerometerQueue.removeFirst()
            if sample.timestamp > cursor {
                if integrating { estimator.integrate(rate, duration: sample.timestamp - cursor) }
                cursor = sample.timestamp
            } else if sample.timestamp < gyroscopeTime {
                late += 1
            }
            // Only the last accelerometer sample at or before t aligns the inclination (the attitude is read at t).
            // Before the first output every sample aligns: the first one's alignment is the initial inclination,
            // which must not reach the bias estimator (its interval is 0); a later first alignment would.
            let aligning = !hasStarted || accelerometerQueue.isEmpty || accelerometerQueue.firstTimestamp > t
            applyAccelerometer(at: sample.timestamp, acceleration: SIMD3<Double>(sample.value), aligning: aligning)
        }
        if late > 0 { events.append(.init(timestamp: t, kind: .lateAccelerometer(count: late))) }
        if integrating && t > cursor { estimator.integrate(rate, duration: t - cursor) }
        if integrating { estimator.renormalise() }
        estimator.updateBias()
        gyroscopeTime = t

        guard estimator.isInitialised else { return }
        if !hasStarted {
            hasStarted = true
            events.append(.init(timestamp: t, kind: .initialised))
        }
        emit(at: t, rate: rate, into: &output)
    }

    @inline(__always)
    private mutating func applyAccelerometer(at t: Double, acceleration: SIMD3<Double>, aligning: Bool = true) {
        let interval = t - accelerometerTime
        if interval > 0 && interval <= configuration.maximumGap { accelerometerInterval = interval }
        // A first sample, a repeated timestamp or a gap: the low-pass uses the last regular interval.
        estimator.correct(force: -acceleration, interval: accelerometerInterval, aligning: aligning)
        accelerometerTime = max(accelerometerTime, t)
        latestAcceleration = acceleration
    }

    @inline(__always)
    private mutating func emit(at t: Double, rate: SIMD3<Double>, into output: inout DeviceMotionData) {
        let q = estimator.attitude
        let gravity = Quaternion.rotate(Quaternion.conjugate(q), SIMD3(0, 0, -1))
        let user = latestAcceleration - gravity
        let corrected = rate - estimator.bias
        if staging.isFull { staging.flush(into: &output) }
        staging.append(timestamp: t, attitude: q, gravity: gravity, userAcceleration: user, rotationRate: corrected)
    }
}
