/// The watch's sensors, clock and batching as the simulator models them.
///
/// Defaults are calibrated on the real tennis recording (`../shared/datasets/tennis-motion`): true accelerometer
/// rate 798.7 Hz, high-pass z noise ≈ 0.018 g, peaks up to 47 g unclipped, batches of 392–836 samples.
public struct SensorModel: Sendable, Codable, Equatable {
    /// Mean true accelerometer rate, Hz (nominally 800).
    public var accelerometerRate: Double
    /// Mean true device-motion rate, Hz (nominally 200; same crystal, so the same fractional offset).
    public var deviceMotionRate: Double
    /// Peak fractional deviation of the true rates from their means; the rate drifts slowly (periods 20–120 s).
    public var rateDrift: Double
    /// Standard deviation of timestamp jitter, s (clamped to ±3σ, never reordering samples).
    public var timestampJitter: Double
    /// White accelerometer noise per axis, g (standard deviation).
    public var accelerometerNoise: Double
    /// Accelerometer bias per axis, g (standard deviation of the per-session constant).
    public var accelerometerBias: Double
    /// Accelerometer range, g: samples are clipped to ±range. `nil`: unclipped.
    public var accelerometerRange: Double?
    /// Accelerometer quantisation step, g. `nil`: none.
    public var accelerometerResolution: Double?
    /// White gyroscope noise per axis in the device-motion rotation rate, rad/s.
    public var gyroscopeNoise: Double
    /// Gyroscope bias per axis, rad/s (standard deviation of the per-session constant).
    public var gyroscopeBias: Double
    /// Gyroscope range, rad/s: rotation-rate components are clipped to ±range (2000 °/s = 34.9 rad/s). `nil`:
    /// unclipped.
    public var gyroscopeRange: Double?
    /// White noise on device-motion user acceleration, g.
    public var userAccelerationNoise: Double
    /// Usual batch length, s (the watch delivers about one second at a time).
    public var batchDuration: ClosedRange<Double>
    /// Probability that a batch is short.
    public var shortBatchProbability: Double
    /// Length of a short batch, s.
    public var shortBatchDuration: ClosedRange<Double>

    public init(
        accelerometerRate: Double = 798.7, deviceMotionRate: Double = 199.675, rateDrift: Double = 3e-4,
        timestampJitter: Double = 20e-6, accelerometerNoise: Double = 0.015, accelerometerBias: Double = 0.01,
        accelerometerRange: Double? = nil, accelerometerResolution: Double? = 1.0 / 2048,
        gyroscopeNoise: Double = 0.01, gyroscopeBias: Double = 0.003, gyroscopeRange: Double? = 34.9,
        userAccelerationNoise: Double = 0.004, batchDuration: ClosedRange<Double> = 0.97...1.03,
        shortBatchProbability: Double = 0.1, shortBatchDuration: ClosedRange<Double> = 0.49...0.95
    ) {
        self.accelerometerRate = accelerometerRate
        self.deviceMotionRate = deviceMotionRate
        self.rateDrift = rateDrift
        self.timestampJitter = timestampJitter
        self.accelerometerNoise = accelerometerNoise
        self.accelerometerBias = accelerometerBias
        self.accelerometerRange = accelerometerRange
        self.accelerometerResolution = accelerometerResolution
        self.gyroscopeNoise = gyroscopeNoise
        self.gyroscopeBias = gyroscopeBias
        self.gyroscopeRange = gyroscopeRange
        self.userAccelerationNoise = userAccelerationNoise
        self.batchDuration = batchDuration
        self.shortBatchProbability = shortBatchProbability
        self.shortBatchDuration = shortBatchDuration
    }

    /// A noise-free, unclipped, jitter-free, drift-free model (for consistency tests).
    public static let ideal = SensorModel(
        rateDrift: 0, timestampJitter: 0, accelerometerNoise: 0, accelerometerBias: 0, accelerometerRange: nil,
        accelerometerResolution: nil, gyroscopeNoise: 0, gyroscopeBias: 0, gyroscopeRange: nil,
        userAccelerationNoise: 0)
}
