/// The watch's sensors, clock and batching as the simulator models them.
///
/// Defaults are measured on a real Apple Watch recording (a tennis rally, CMBatchedSensorManager at 800/200 Hz):
/// - accelerometer timestamps step 1252, 1252, 1252, 1232 µs in a repeating cycle: mean rate 801.9 Hz although
///   the median spacing says 798.7 Hz; device motion steps a constant 4989 µs (200.45 Hz): one clock, 4 : 1;
///   timestamp jitter is below 1 µs;
/// - accelerometer white noise ≈ 1e-4 g/√Hz (σ ≈ 0.002 g per axis over 0–400 Hz), quantised to 2⁻¹⁶ g; below
///   ~50 Hz hand tremor and motion dominate (0.002–0.007 g/√Hz), modelled as band-limited noise;
/// - gyroscope white noise σ ≈ 0.002–0.003 rad/s; at rest the wrist still rotates 0.01–0.03 rad/s RMS at 3–15 Hz
///   (tremor);
/// - peaks up to 47 g, unclipped; batches of 392–836 accelerometer and 99–201 device-motion samples.
public struct SensorModel: Sendable, Codable, Equatable {
    /// Mean true accelerometer rate, Hz (nominally 800; the real watch: 801.9).
    public var accelerometerRate: Double
    /// Mean true device-motion rate, Hz (nominally 200; same clock: a quarter of the accelerometer's).
    public var deviceMotionRate: Double
    /// Relative accelerometer sample spacings, repeated cycle (normalised to mean 1; `[1]`: uniform).
    public var accelerometerSpacingPattern: [Double]
    /// Relative device-motion sample spacings, repeated cycle.
    public var deviceMotionSpacingPattern: [Double]
    /// Peak fractional deviation of the true rates from their means; the rate drifts slowly (periods 20–120 s).
    public var rateDrift: Double
    /// Standard deviation of timestamp jitter, s (clamped to ±3σ, never reordering samples).
    public var timestampJitter: Double
    /// White accelerometer noise per axis, g (standard deviation).
    public var accelerometerNoise: Double
    /// Hand tremor and small motions in the accelerometer: band-limited noise (resonance 8–12 Hz, ~20 Hz wide)
    /// per axis, g RMS.
    public var accelerometerTremor: Double
    /// Physiological tremor of the wrist's rotation, rad/s RMS per axis (four sinusoids per axis at 5–13 Hz).
    /// Real motion: integrated into the attitude, so it appears in rotation rate, gravity and attitude alike.
    public var rotationTremor: Double
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
    /// White noise per axis that device-motion user acceleration carries beyond what it inherits from the
    /// accelerometer (whose tremor and 200 Hz-averaged white noise it always carries: Core Motion derives it from
    /// that accelerometer), standing for the fused gravity's own error, g (standard deviation).
    public var userAccelerationNoise: Double
    /// Usual batch length, s (the watch delivers about one second at a time).
    public var batchDuration: ClosedRange<Double>
    /// Probability that a batch is short.
    public var shortBatchProbability: Double
    /// Length of a short batch, s.
    public var shortBatchDuration: ClosedRange<Double>
    /// Probability that a delivered batch is lost (never the first or last of a stream), leaving a gap of about
    /// a second in that stream only; the truth lists every gap. Default 0.
    public var droppedBatchProbability: Double

    public init(
        accelerometerRate: Double = 801.9, deviceMotionRate: Double = 200.475,
        accelerometerSpacingPattern: [Double] = [1252, 1252, 1252, 1232], deviceMotionSpacingPattern: [Double] = [1],
        rateDrift: Double = 1e-4, timestampJitter: Double = 1e-6, accelerometerNoise: Double = 0.0025,
        accelerometerTremor: Double = 0.025, rotationTremor: Double = 0.02, accelerometerBias: Double = 0.01,
        accelerometerRange: Double? = nil, accelerometerResolution: Double? = 1.0 / 65536, gyroscopeNoise: Double = 0.003,
        gyroscopeBias: Double = 0.003, gyroscopeRange: Double? = 34.9, userAccelerationNoise: Double = 0.002,
        batchDuration: ClosedRange<Double> = 0.97...1.03, shortBatchProbability: Double = 0.1,
        shortBatchDuration: ClosedRange<Double> = 0.49...0.95, droppedBatchProbability: Double = 0
    ) {
        self.accelerometerRate = accelerometerRate
        self.deviceMotionRate = deviceMotionRate
        self.accelerometerSpacingPattern = accelerometerSpacingPattern
        self.deviceMotionSpacingPattern = deviceMotionSpacingPattern
        self.rateDrift = rateDrift
        self.timestampJitter = timestampJitter
        self.accelerometerNoise = accelerometerNoise
        self.accelerometerTremor = accelerometerTremor
        self.rotationTremor = rotationTremor
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
        self.droppedBatchProbability = droppedBatchProbability
    }

    /// A noise-free, unclipped, jitter-free, drift-free model with uniform spacing (for consistency tests).
    public static let ideal = SensorModel(
        accelerometerSpacingPattern: [1], rateDrift: 0, timestampJitter: 0, accelerometerNoise: 0,
        accelerometerTremor: 0, rotationTremor: 0, accelerometerBias: 0, accelerometerRange: nil,
        accelerometerResolution: nil,
        gyroscopeNoise: 0, gyroscopeBias: 0, gyroscopeRange: nil, userAccelerationNoise: 0)
}
