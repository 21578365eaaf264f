/// Everything that determines a simulated workout: the stretches in order and the sensors. Deterministic: the same
/// value gives the same recording bit for bit.
public struct ActivitySimulationConfiguration: Sendable, Equatable, Codable {
    public var seed: UInt64
    public var stretches: [ActivityStretch]
    /// Accelerometer rate, Hz (800 for CMBatchedSensorManager; 15–100 for older and research recordings).
    public var accelerometerRate: Double
    /// Device-motion rate, Hz; `nil`: no device motion.
    public var deviceMotionRate: Double?
    /// Accelerometer range, g: samples are clipped to ±range (`nil`: unclipped; ±2 g sensors are common).
    public var accelerometerRange: Double?
    /// Accelerometer white noise, g rms per axis.
    public var accelerometerNoise: Double
    /// First timestamp, s (`nil`: drawn from the seed in 1000…90000 s).
    public var startTime: Double?
    /// Chance that a ride holds a stretch out of the saddle (``CyclingMotion``), 0…1 (`nil`: 0, seated rides).
    public var outOfSaddleChance: Double?

    public init(
        seed: UInt64, stretches: [ActivityStretch], accelerometerRate: Double = 800, deviceMotionRate: Double? = 200,
        accelerometerRange: Double? = nil, accelerometerNoise: Double = 0.01, startTime: Double? = nil
    ) {
        self.seed = seed
        self.stretches = stretches
        self.accelerometerRate = accelerometerRate
        self.deviceMotionRate = deviceMotionRate
        self.accelerometerRange = accelerometerRange
        self.accelerometerNoise = accelerometerNoise
        self.startTime = startTime
    }
}
