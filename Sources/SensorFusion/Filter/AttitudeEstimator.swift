/// The sample-level fusion step: strapdown integration of the bias-corrected gyroscope into an almost-inertial frame
/// I, and inclination correction from the accelerometer low-passed in I (VQF's 6D filter), with acceleration
/// rejection and re-initialisation.
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
    /// Low-pass of the rotation E ← D (9 entries, by rows) and of its first two rows times the bias (2 entries).
    private var observationLowpass: ButterworthLowpass<SIMD16<Double>>
    private let rejection: Double
    private let holdTime: Double
    private let maximumHold: Double
    /// Time left in the current correction hold, s (≤ 0: correcting), and how long the hold has lasted, s.
    private var holdRemaining = 0.0
    private var holdElapsed = 0.0
    private let motionBias: Bool
    private let restBias: Bool

    init(configuration c: SensorFusionConfiguration) {
        biasEstimator = GyroscopeBiasEstimator(configuration: c)
        rest = RestDetector(configuration: c)
        forceLowpass = ButterworthLowpass(timeConstant: c.accelerometerTimeConstant)
        observationLowpass = ButterworthLowpass(timeConstant: c.accelerometerTimeConstant)
        rejection = c.accelerationRejection
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
        if restBias { rest.gyroscope(rate, interval: interval) }
    }

    /// Integrates the raw `rate` (rad/s; the bias is removed here) over `duration` s.
    @inline(__always)
    mutating func integrate(_ rate: SIMD3<Double>, duration: Double) {
        let step = Quaternion.step(rate: rate - biasEstimator.bias, duration: duration)
        gyroscopeQuaternion = Quaternion.normalized(Quaternion.multiply(gyroscopeQuaternion, step))
    }

    /// One accelerometer sample: specific force `force` (g), `interval` s after the previous accelerometer sample.
    @inline(__always)
    mutating func correct(force: SIMD3<Double>, interval: Double) {
        if force == .zero { return }  // an all-zero sample is a placeholder, not a measurement
        if restBias { rest.accelerometer(force, interval: interval) }

        let magnitude = (force * force).sum().squareRoot()
        guard magnitude.isFinite else { return }
        var filtered = forceLowpass.step(Quaternion.rotate(gyroscopeQuaternion, force), interval: interval)
        if abs(magnitude - 1) > rejection {
            holdRemaining = holdTime
        } else {
            holdRemaining -= interval
        }
        if holdRemaining > 0 && holdElapsed < maximumHold {
            // Violent motion: hold the inclination and the motion bias update; the low-pass keeps integrating.
            holdElapsed += interval
            if motionBias || restBias { biasEstimator.predict(interval: interval) }
            return
        }
        if holdElapsed > 0 && holdElapsed < maximumHold {
            // A burst ended within the maximum hold: the gyroscope carried the attitude across it, while the
            // low-pass holds what the burst left (clipped axes lose part of the velocity change). Forget the burst:
            // restart the low-pass at the held gravity direction.
            let up = Quaternion.rotate(Quaternion.conjugate(inclinationQuaternion), SIMD3(0, 0, 1))
            forceLowpass.reseed(up, interval: interval)
            filtered = up
        }
        if holdRemaining <= 0 { holdElapsed = 0 }

        // Inclination correction: the shortest rotation taking the filtered specific force in E to +z.
        var up = Quaternion.rotate(inclinationQuaternion, filtered)
        let norm = (up * up).sum().squareRoot()
        guard norm > 0 else { return }
        up /= norm
        let w = ((up.z + 1) / 2).squareRoot()
        let correction =
            w > 1e-6 ? SIMD4<Double>(w, 0.5 * up.y / w, -0.5 * up.x / w, 0) : SIMD4<Double>(0, 1, 0, 0)
        inclinationQuaternion = Quaternion.normalized(Quaternion.multiply(correction, inclinationQuaternion))

        guard motionBias || restBias, interval > 0 else { return }
        estimateBias(up: up, interval: interval)
    }

    @inline(__always)
    private mutating func estimateBias(up: SIMD3<Double>, interval: Double) {
        let b = biasEstimator.bias
        let r = Matrix3.rotation(attitude)
        var packed = SIMD16<Double>()
        packed[0] = r.r0.x; packed[1] = r.r0.y; packed[2] = r.r0.z
        packed[3] = r.r1.x; packed[4] = r.r1.y; packed[5] = r.r1.z
        packed[6] = r.r2.x; packed[7] = r.r2.y; packed[8] = r.r2.z
        packed[9] = (r.r0 * b).sum()
        packed[10] = (r.r1 * b).sum()
        let f = observationLowpass.step(packed, interval: interval)
        let observation = Matrix3(r0: SIMD3(f[0], f[1], f[2]), r1: SIMD3(f[3], f[4], f[5]), r2: SIMD3(f[6], f[7], f[8]))

        biasEstimator.predict(interval: interval)
        if restBias && rest.isAtRest {
            biasEstimator.updateAtRest(lowpassedRate: rest.lowpassedRate, interval: interval)
        } else if motionBias {
            let rb = observation * b
            let ex: Double = -up.y / interval + f[9] - rb.x
            let ey: Double = up.x / interval + f[10] - rb.y
            let error = SIMD3<Double>(ex, ey, -rb.z)
            biasEstimator.updateInMotion(error: error, observation: observation, interval: interval)
        }
    }

    /// Forgets the accelerometer history so that the next samples set the inclination afresh (after a gap or a
    /// saturated gyroscope). The bias estimate is kept.
    mutating func reinitialise() {
        forceLowpass.reset()
        observationLowpass.reset()
        rest.reset()
        holdRemaining = 0
        holdElapsed = 0
    }
}
