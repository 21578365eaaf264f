import MotionRecording

extension SimulationConfiguration {
    private enum CodingKeys: String, CodingKey {
        case sport, seed, duration, mix, wrist, crownSide, handedness, kinematics, impacts, sensors, startTime
        case headphones
    }

    /// Decodes a configuration on top of its sport's preset: only `sport` is required (`seed` defaults to 1), and
    /// every other key present replaces the preset's value — so `{"sport": "golf", "seed": 3,
    /// "sensors": {"accelerometerRange": 16}}` is a complete file. `kinematics` and `impacts`, when given, must be
    /// complete.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let sport = try c.decode(Sport.self, forKey: .sport)
        let seed = try c.decodeIfPresent(UInt64.self, forKey: .seed) ?? 1
        self = .preset(sport, seed: seed)
        duration = try c.decodeIfPresent(Double.self, forKey: .duration)
        mix = try c.decodeIfPresent(EventMix.self, forKey: .mix) ?? mix
        wrist = try c.decodeIfPresent(RecordingMetadata.Wrist.self, forKey: .wrist) ?? wrist
        crownSide = try c.decodeIfPresent(RecordingMetadata.CrownSide.self, forKey: .crownSide) ?? crownSide
        handedness = try c.decodeIfPresent(Handedness.self, forKey: .handedness)
        kinematics = try c.decodeIfPresent(SwingKinematics.self, forKey: .kinematics) ?? kinematics
        impacts = try c.decodeIfPresent(ImpactModel.self, forKey: .impacts) ?? impacts
        sensors = try c.decodeIfPresent(SensorModel.self, forKey: .sensors) ?? sensors
        startTime = try c.decodeIfPresent(Double.self, forKey: .startTime)
        headphones = try c.decodeIfPresent(HeadphoneModel.self, forKey: .headphones)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sport, forKey: .sport)
        try c.encode(seed, forKey: .seed)
        try c.encodeIfPresent(duration, forKey: .duration)
        try c.encode(mix, forKey: .mix)
        try c.encode(wrist, forKey: .wrist)
        try c.encode(crownSide, forKey: .crownSide)
        try c.encodeIfPresent(handedness, forKey: .handedness)
        try c.encode(kinematics, forKey: .kinematics)
        try c.encode(impacts, forKey: .impacts)
        try c.encode(sensors, forKey: .sensors)
        try c.encodeIfPresent(startTime, forKey: .startTime)
        try c.encodeIfPresent(headphones, forKey: .headphones)
    }
}
