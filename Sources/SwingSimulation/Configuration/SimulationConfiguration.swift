import MotionRecording

/// Everything that determines a simulated session. Deterministic: the same value (same `seed`) produces the same
/// recording bit for bit. `Codable`, so a configuration can be stored beside a dataset (it is embedded in
/// `truth.json`) and loaded from a file. Start from a preset (``baseball(seed:)``, ``softball(seed:)``,
/// ``golf(seed:)``, ``tennis(seed:)``) and adjust.
///
/// Units: seconds, rad/s, rad, metres, g, Hz, as stated on each field. Every `ClosedRange` is sampled uniformly,
/// independently per event.
public struct SimulationConfiguration: Sendable, Codable, Equatable {
    /// Sport, which selects the preset ranges and the metadata's `sport`.
    public var sport: Sport
    /// Seed of the simulator's random generator.
    public var seed: UInt64
    /// Length of the recording, s. `nil`: as long as the events need (lead-in, events, gaps, tail). When set, it
    /// must leave room for the events; the slack is spread over the gaps at random.
    public var duration: Double?
    /// How many of each event the session contains.
    public var mix: EventMix
    /// Wrist wearing the watch.
    public var wrist: RecordingMetadata.Wrist
    /// Side of the case the Digital Crown is on, seen by the wearer.
    public var crownSide: RecordingMetadata.CrownSide
    /// Batting/playing side. `nil`: the watch is on the lead wrist (left wrist ↔ right-handed player), the usual
    /// way a batter wears it — so swapping the wrist also swaps the swing direction and the sign of rotation
    /// along gravity. (Mounting alone cannot flip that sign: dot(rotationRate, gravity) is frame-invariant.)
    public var handedness: Handedness?
    /// Swing kinematics ranges.
    public var kinematics: SwingKinematics
    /// Contact transients (bat/club/racket ringing at the wrist).
    public var impacts: ImpactModel
    /// Sensor, clock and batching model.
    public var sensors: SensorModel
    /// First timestamp of the recording clock, s (Core Motion: seconds since boot). `nil`: drawn from the seed
    /// in 1000…90000 s, so analyzers cannot assume a clock origin.
    public var startTime: Double?
    /// The headphone stream to add (head motion per swing, ``HeadphoneModel/preset(for:)``); `nil`: none.
    public var headphones: HeadphoneModel?

    public init(
        sport: Sport, seed: UInt64, duration: Double? = nil, mix: EventMix = EventMix(),
        wrist: RecordingMetadata.Wrist = .left, crownSide: RecordingMetadata.CrownSide = .right,
        handedness: Handedness? = nil, kinematics: SwingKinematics, impacts: ImpactModel,
        sensors: SensorModel = SensorModel(), startTime: Double? = nil, headphones: HeadphoneModel? = nil
    ) {
        self.sport = sport
        self.seed = seed
        self.duration = duration
        self.mix = mix
        self.wrist = wrist
        self.crownSide = crownSide
        self.handedness = handedness
        self.kinematics = kinematics
        self.impacts = impacts
        self.sensors = sensors
        self.startTime = startTime
        self.headphones = headphones
    }

    /// The handedness in effect: the configured one, or the lead-wrist convention.
    public var effectiveHandedness: Handedness {
        handedness ?? (wrist == .left ? .right : .left)
    }

    /// Sports with presets (the one ``MotionRecording/Sport`` type).
    public typealias Sport = MotionRecording.Sport

    /// Batting / playing side. A right-handed batter turns counter-clockwise seen from above, so the rotation
    /// along gravity (gravity points down) is negative during the swing; left-handed: positive.
    public enum Handedness: String, Sendable, Codable, CaseIterable {
        case right, left
    }
}

/// How many events of each kind a simulated session contains.
public struct EventMix: Sendable, Codable, Equatable {
    /// Full swings with solid contact (15–50 g at the wrist in baseball).
    public var hits: Int
    /// Full swings with weak, short contact (a few g, a few ms).
    public var foulTips: Int
    /// Full swings without contact.
    public var misses: Int
    /// Slower swings without contact.
    public var practiceSwings: Int
    /// Bursts of 1–4 hand claps (sharp transients, little rotation). Each clap is one distractor in the truth.
    public var clapBursts: Int
    /// Bursts of 1–3 equipment taps (bat on plate or shoe). Each tap is one distractor in the truth.
    public var tapBursts: Int
    /// Walking bouts of 3–8 s (~2 Hz steps, arm swing).
    public var walkingBouts: Int
    /// Raising the arm to look at the watch and lowering it again.
    public var armRaises: Int

    public init(
        hits: Int = 6, foulTips: Int = 1, misses: Int = 2, practiceSwings: Int = 1, clapBursts: Int = 1,
        tapBursts: Int = 1, walkingBouts: Int = 1, armRaises: Int = 1
    ) {
        self.hits = hits
        self.foulTips = foulTips
        self.misses = misses
        self.practiceSwings = practiceSwings
        self.clapBursts = clapBursts
        self.tapBursts = tapBursts
        self.walkingBouts = walkingBouts
        self.armRaises = armRaises
    }

    /// Total number of swings (hits, foul tips, misses, practice swings).
    public var swingCount: Int { hits + foulTips + misses + practiceSwings }

    /// A mix with `swings` swings in the proportions 60 % hits, 10 % foul tips, 20 % misses, 10 % practice, and
    /// one distractor burst of each kind per ten swings.
    public static func proportional(swings: Int) -> EventMix {
        let foul = max(swings / 10, swings > 0 ? 1 : 0)
        let practice = swings / 10
        let misses = swings / 5
        let distractors = max(1, swings / 10)
        return EventMix(
            hits: max(0, swings - foul - practice - misses), foulTips: foul, misses: misses,
            practiceSwings: practice, clapBursts: distractors, tapBursts: distractors, walkingBouts: distractors,
            armRaises: distractors)
    }
}
