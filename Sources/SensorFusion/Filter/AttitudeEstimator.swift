import Foundation

/// The sample-level fusion step: strapdown integration of the bias-corrected gyroscope into an almost-inertial frame
/// I, and inclination correction from the accelerometer low-passed in I (VQF's 6D filter), with violent samples
/// skipped, clipped bursts held, and re-initialisation.
///
/// Frames: the device frame D; I, where the gyroscope quaternion `gyroscopeQuaternion` (D → I) is integrated; the
/// earth frame E with z up, reached from I by the inclination quaternion `inclinationQuaternion` (I → E). The attitude
/// E ← D is their product, which is Core Motion's convention (rotate(q, gravity_D) = (0, 0, −1)).
///
/// The accelerometer enters as specific force in g (a device lying face up: (0, 0, +1), the negative of Core Motion's
/// acceleration). Nothing here allocates.
struct AttitudeEstimator: Sendable {
    private(set) var gyroscopeQuaternion = Quaternion.identity
    private(set) var inclinationQuaternion = Quaternion.identity
    private(set) var biasEstimator: GyroscopeBiasEstimator
    private(set) var rest: RestDetector
    /// Specific force low-passed in I, g.
    private var forceLowpass: ButterworthLowpass<SIMD3<Double>>
    /// Low-pass of the rotation E ← D and of its first two rows times the bias, in two vectors that fill SIMD
    /// registers: (row 0, row 1, row 0 · bias, row 1 · bias) and (row 2, 0).
    private var observationLowpass: ButterworthLowpass<SIMD8<Double>>
    private var observationLowpassVertical: ButterworthLowpass<SIMD4<Double>>
    private let rejection: Double
    private let clippingRejection: Bool
    private let clippingLevel: Double
    private let holdTime: Double
    private let maximumHold: Double
    /// The two previous specific-force samples, g (NaN: none), for the flat tops of clipping.
    private var previousForce = SIMD3<Double>(repeating: .nan)
    private var olderForce = SIMD3<Double>(repeating: .nan)
    /// The inclination at the last sample within 1 g of gravity, and the time since that sample, s: a clipped burst's
    /// rise, whose corrections are undone when clipping is detected.
    private var calmInclination = Quaternion.identity
    private var sinceCalm = Double.infinity
    /// Time left in the current correction hold, s (≤ 0: correcting), and how long the hold has lasted, s.
    private var holdRemaining = 0.0
    private var holdElapsed = 0.0
    /// Inclination corrections not yet given to the bias estimator: (−up.y, up.x) summed, rad (the small rotation
    /// angles about E's x and y axes), and the accelerometer intervals they span, s.
    private var pendingCorrection = SIMD2<Double>.zero
    private var pendingTime = 0.0
    /// Accelerometer intervals of violent samples since the last correction, s.
    private var deferredTime = 0.0
    private let motionBias: Bool
    private let restBias: Bool

    init(configuration c: SensorFusionConfiguration) {
        biasEstimator = GyroscopeBiasEstimator(configuration: c)
        rest = RestDetector(configuration: c)
        forceLowpass = ButterworthLowpass(timeConstant: c.accelerometerTimeConstant)
        observationLowpass = ButterworthLowpass(timeConstant: c.accelerometerTimeConstant)
        observationLowpassVertical = ButterworthLowpass(timeConstant: c.accelerometerTimeConstant)
        rejection = c.accelerationRejection
        clippingRejection = c.clippingRejection
        clippingLevel = c.clippingLevel
        holdTime = c.rejectionHoldTime
        maximumHold = c.maximumRejectionTime
        motionBias = c.motionBiasEstimation
        restBias = c.restBiasEstimation
    }

    /// True once an accelerometer sample has set the inclination.
    var isInitialised: Bool {
        @inline(__always) get { forceLowpass.hasOutput }
    }

    /// The attitude E ← D, unit quaternion (w, x, y, z).
    var attitude: SIMD4<Double> {
        @inline(__always) get { Quaternion.multiply(inclinationQuaternion, gyroscopeQuaternion) }
    }

    /// Gyroscope bias estimate, rad/s.
    var bias: SIMD3<Double> {
        @inline(__always) get { biasEstimator.bias }
    }

    /// One gyroscope sample for rest detection (raw rate, rad/s; `interval` s since the previous gyroscope sample).
    @inline(__always)
    mutating func observeGyroscope(_ rate: SIMD3<Double>, interval: Double) {
        if restBias { rest.gyroscope(rate, interval: interval, bias: biasEstimator.bias) }
    }

    /// Integrates the raw `rate` (rad/s; the bias is removed here) over `duration` s. The step is a unit
    /// quaternion to rounding, so the product drifts from unit length by about 1e-16 per step: the caller
    /// renormalises once per gyroscope sample (``renormalise()``), not after every accelerometer piece.
    @inline(__always)
    mutating func integrate(_ rate: SIMD3<Double>, duration: Double) {
        let step = Quaternion.step(rate: rate - biasEstimator.bias, duration: duration)
        gyroscopeQuaternion = Quaternion.multiply(gyroscopeQuaternion, step)
    }

    /// Scales the integrated gyroscope quaternion back to unit length.
    @inline(__always)
    mutating func renormalise() {
        gyroscopeQuaternion = Quaternion.normalized(gyroscopeQuaternion)
    }

    /// One accelerometer sample: specific force `force` (g), `interval` s after the previous accelerometer sample.
    ///
    /// `aligning` false: the caller reads the attitude only after a later accelerometer sample (another one precedes
    /// the next gyroscope sample). This sample enters the rest detector, the low-pass and the clipping logic, but does
    /// not align the inclination: the later sample does, with the low-pass that took this one too, as after a violent
    /// sample, and its bias measurement spans both intervals. The inclination is thus aligned once per gyroscope
    /// sample (800 Hz beside 200 Hz: a quarter of the quaternion algebra and of its chain of square roots and
    /// divisions); the summed correction angle the bias estimator sees is the same to first order in the angles
    /// (about 1e-4 rad per sample).
    @inline(__always)
    mutating func correct(force: SIMD3<Double>, interval: Double, aligning: Bool = true) {
        if force == .zero { return }  // an all-zero sample is a placeholder, not a measurement
        if restBias { rest.accelerometer(force, interval: interval) }

        let magnitude = (force * force).sum().squareRoot()
        guard magnitude.isFinite else { return }
        var filtered = forceLowpass.step(Quaternion.rotate(gyroscopeQuaternion, force), interval: interval)
        if abs(magnitude - 1) <= 1 {
            calmInclination = inclinationQuaternion
            sinceCalm = 0
        } else {
            sinceCalm += interval
        }
        if clippingRejection && isClipped(force) {
            // A hold begins: the samples since the burst left 1 g of gravity (its rise to the full scale, within the
            // hold time) already moved the inclination; undo that.
            if holdRemaining <= 0 && sinceCalm <= holdTime { inclinationQuaternion = calmInclination }
            holdRemaining = holdTime
        } else {
            holdRemaining -= interval
        }
        if holdRemaining > 0 && holdElapsed < maximumHold {
            // Clipping: hold the inclination and the motion bias update; the low-pass keeps integrating.
            holdElapsed += interval
            if motionBias || restBias { biasEstimator.predict(interval: interval) }
            return
        }
        if holdElapsed > 0 && holdElapsed < maximumHold {
            // A clipped burst ended within the maximum hold: the gyroscope carried the attitude across it, and the
            // low-pass lacks the clipped part of the burst's velocity change (which would show there for seconds,
            // its impulse response peaking after about τ): restart it at the held gravity direction.
            let up = Quaternion.rotate(Quaternion.conjugate(inclinationQuaternion), SIMD3(0, 0, 1))
            forceLowpass.reseed(up, interval: interval)
            filtered = up
        }
        if holdRemaining <= 0 { holdElapsed = 0 }
        if !aligning || abs(magnitude - 1) > rejection {
            // Violent but not clipped: this sample does not align the inclination (the attitude follows the
            // gyroscope); the next calmer sample does, with the low-pass that took this one too. Its interval goes to
            // that sample's bias measurement, so the correction rate is averaged over the whole stretch.
            if motionBias || restBias { biasEstimator.predict(interval: interval) }
            deferredTime += interval
            return
        }

        // Inclination correction: the shortest rotation taking the filtered specific force in E to +z.
        var up = Quaternion.rotate(inclinationQuaternion, filtered)
        let norm = (up * up).sum().squareRoot()
        guard norm > 0 else { return }
        up *= 1 / norm
        let w = ((up.z + 1) * 0.5).squareRoot()
        let half = 0.5 / w
        let correction = w > 1e-6 ? SIMD4<Double>(w, half * up.y, -half * up.x, 0) : SIMD4<Double>(0, 1, 0, 0)
        inclinationQuaternion = Quaternion.normalized(Quaternion.multiply(correction, inclinationQuaternion))

        guard motionBias || restBias, interval > 0 else { return }
        biasEstimator.predict(interval: interval)
        pendingCorrection += SIMD2(-up.y, up.x)
        pendingTime += interval + deferredTime
        deferredTime = 0
    }

    /// True when an axis of `force` (g) repeats its two previous readings at ``SensorFusionConfiguration/clippingLevel``
    /// or beyond: the flat top of a sensor at full scale. Remembers `force` for the next sample.
    @inline(__always)
    private mutating func isClipped(_ force: SIMD3<Double>) -> Bool {
        let flat = (force .== previousForce) .& (force .== olderForce) .& (force.magnitudes .>= clippingLevel)
        olderForce = previousForce
        previousForce = force
        return any(flat)
    }

    /// The bias update for the inclination corrections made since the last call (the filter calls it once per
    /// gyroscope sample): their summed small angles (rad) over their summed intervals (s) are the correction rate
    /// VQF's motion update measures. With one accelerometer sample per gyroscope sample this is VQF's per-sample
    /// update; with a faster accelerometer (800 Hz beside a 200 Hz gyroscope) the update, its observation low-pass
    /// and the 3 × 3 Kalman algebra run at the gyroscope's rate. The measurement noise scales with the interval, so the
    /// update strength per second does not depend on that rate; the bias changes over minutes.
    @inline(__always)
    mutating func updateBias() {
        guard pendingTime > 0 else { return }
        estimateBias(correction: pendingCorrection, interval: pendingTime)
        pendingCorrection = .zero
        pendingTime = 0
    }

    @inline(__always)
    private mutating func estimateBias(correction: SIMD2<Double>, interval: Double) {
        let b = biasEstimator.bias
        let r = Matrix3.rotation(attitude)
        let packed = SIMD8(r.r0.x, r.r0.y, r.r0.z, r.r1.x, r.r1.y, r.r1.z, (r.r0 * b).sum(), (r.r1 * b).sum())
        let f = observationLowpass.step(packed, interval: interval)
        let v = observationLowpassVertical.step(SIMD4(r.r2.x, r.r2.y, r.r2.z, 0), interval: interval)
        let observation = Matrix3(r0: SIMD3(f[0], f[1], f[2]), r1: SIMD3(f[3], f[4], f[5]), r2: SIMD3(v[0], v[1], v[2]))

        if restBias && rest.isAtRest {
            biasEstimator.updateAtRest(lowpassedRate: rest.lowpassedRate, interval: interval)
        } else if motionBias {
            let rb = observation * b
            let rate = 1 / interval
            let ex: Double = correction.x * rate + f[6] - rb.x
            let ey: Double = correction.y * rate + f[7] - rb.y
            let error = SIMD3<Double>(ex, ey, -rb.z)
            biasEstimator.updateInMotion(error: error, observation: observation, interval: interval)
        }
    }

    /// Forgets the accelerometer history so that the next samples set the inclination afresh (after a gap or a
    /// saturated gyroscope). The bias estimate is kept.
    mutating func reinitialise() {
        forceLowpass.reset()
        observationLowpass.reset()
        observationLowpassVertical.reset()
        rest.reset()
        holdRemaining = 0
        holdElapsed = 0
        previousForce = SIMD3(repeating: .nan)
        olderForce = SIMD3(repeating: .nan)
        sinceCalm = .infinity
        pendingCorrection = .zero
        pendingTime = 0
        deferredTime = 0
    }
}
