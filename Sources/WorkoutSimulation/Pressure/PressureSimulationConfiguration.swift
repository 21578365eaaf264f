/// Everything that determines a simulated pressure stream (``PressureSimulator``): the vertical profile and the
/// sensor and weather around it. Deterministic: the same value gives the same stream bit for bit.
public struct PressureSimulationConfiguration: Sendable, Equatable, Codable {
    public var seed: UInt64
    public var legs: [VerticalLeg]
    /// First timestamp, s.
    public var startTime: Double
    /// Sample rate in air, Hz (CMAltimeter ≈ 1 Hz); under water 3 Hz (CMWaterSubmersionManager).
    public var sampleRate: Double
    /// Weather trend of the surface pressure, kPa/h (`nil`: drawn in ±0.1 kPa/h).
    public var weatherDrift: Double?
    /// White sensor noise, Pa rms (`nil`: drawn in 1…3 Pa).
    public var noise: Double?
    /// Output resolution, Pa (readings are rounded to it).
    public var quantum: Double
    /// Door slams (+30…300 Pa, one reading) and wind gusts (±20…100 Pa, 1–2 s), each per hour.
    public var spikesPerHour: Double
    /// Air temperature, °C (air density: a warmer column changes pressure less per metre).
    public var airTemperatureCelsius: Double
    /// The water dives happen in, kg/m³ (fresh 997, sea 1025).
    public var waterDensity: Double

    public init(
        seed: UInt64, legs: [VerticalLeg], startTime: Double = 1000, sampleRate: Double = 1,
        weatherDrift: Double? = nil, noise: Double? = nil, quantum: Double = 1, spikesPerHour: Double = 20,
        airTemperatureCelsius: Double = 15, waterDensity: Double = 997
    ) {
        self.seed = seed
        self.legs = legs
        self.startTime = startTime
        self.sampleRate = sampleRate
        self.weatherDrift = weatherDrift
        self.noise = noise
        self.quantum = quantum
        self.spikesPerHour = spikesPerHour
        self.airTemperatureCelsius = airTemperatureCelsius
        self.waterDensity = waterDensity
    }

    /// Total length, s.
    public var duration: Double { legs.reduce(0) { $0 + $1.duration } }
}
