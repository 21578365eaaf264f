/// Rest detection of VQF: the device is at rest when both the gyroscope and the accelerometer stay within thresholds
/// of their own low-passes (time constant `restTimeConstant`) for `restMinimumDuration` seconds, and the low-passed
/// rate is within `biasMeasurementLimit` of the bias estimate (VQF: of zero, with the limit also capping the bias;
/// relative to the estimate, as x-io Fusion tests the offset-corrected rate, a bias above the limit can still be
/// measured at rest once the motion phase has found it).
struct RestDetector: Sendable {
    private var gyroscopeLowpass: ButterworthLowpass<SIMD3<Double>>
    private var accelerometerLowpass: ButterworthLowpass<SIMD3<Double>>
    private let rotationThresholdSquared: Double
    private let accelerationThresholdSquared: Double
    private let minimumDuration: Double
    private let measurementLimit: Double
    private var quietTime = 0.0
    /// True while at rest.
    private(set) var isAtRest = false
    /// The low-passed gyroscope, rad/s (the bias measurement at rest).
    private(set) var lowpassedRate = SIMD3<Double>.zero

    init(configuration c: SensorFusionConfiguration) {
        gyroscopeLowpass = ButterworthLowpass(timeConstant: c.restTimeConstant)
        accelerometerLowpass = ButterworthLowpass(timeConstant: c.restTimeConstant)
        rotationThresholdSquared = c.restRotationThreshold * c.restRotationThreshold
        accelerationThresholdSquared = c.restAccelerationThreshold * c.restAccelerationThreshold
        minimumDuration = c.restMinimumDuration
        measurementLimit = c.biasMeasurementLimit
    }

    /// One gyroscope sample (raw, rad/s), `interval` s after the previous one; `bias` is the current estimate, rad/s.
    @inline(__always)
    mutating func gyroscope(_ rate: SIMD3<Double>, interval: Double, bias: SIMD3<Double>) {
        let lowpassed = gyroscopeLowpass.step(rate, interval: interval)
        let deviation = rate - lowpassed
        if (deviation * deviation).sum() >= rotationThresholdSquared
            || (lowpassed - bias).magnitudes.max() > measurementLimit
        {
            quietTime = 0
            isAtRest = false
        }
        lowpassedRate = lowpassed
    }

    /// One accelerometer sample (specific force, g), `interval` s after the previous one.
    @inline(__always)
    mutating func accelerometer(_ force: SIMD3<Double>, interval: Double) {
        let deviation = force - accelerometerLowpass.step(force, interval: interval)
        if (deviation * deviation).sum() >= accelerationThresholdSquared {
            quietTime = 0
            isAtRest = false
        } else {
            quietTime += interval
            if quietTime >= minimumDuration { isAtRest = true }
        }
    }

    /// Forgets the history (after a gap): rest must be detected afresh.
    mutating func reset() {
        gyroscopeLowpass.reset()
        accelerometerLowpass.reset()
        quietTime = 0
        isAtRest = false
    }
}
