import MotionRecording

/// What really happened in a simulated recording: every true swing and every distractor event, with times on the
/// recording's clock (s). Written beside the recording as `truth.json`.
///
/// Definitions (shared with the analyzer):
/// - `start` (onset): the instant the swing's rotation about the swing axis begins — where |rotation along
///   gravity| departs from its pre-swing level; the rate then grows smoothly from zero (τ^p, p in 1.5–3).
/// - `impact`: the instant contact begins (first instant of the contact force, the start of the 800 Hz
///   transient), not the peak of the ringing.
/// - `timeToContact` = impact − start.
public struct GroundTruth: Sendable, Codable, Equatable {
    /// Sport simulated.
    public var sport: SimulationConfiguration.Sport
    /// Wrist wearing the watch.
    public var wrist: RecordingMetadata.Wrist
    /// Crown side.
    public var crownSide: RecordingMetadata.CrownSide
    /// Playing side of every swing in the session.
    public var handedness: SimulationConfiguration.Handedness
    /// First and last sample time over both streams, s.
    public var recordingStart: Double
    public var recordingEnd: Double
    /// The true swings, in time order.
    public var swings: [TrueSwing]
    /// The distractor events (not swings), in time order.
    public var distractors: [TrueDistractor]
    /// Batches lost on the way (``SensorModel/droppedBatchProbability``), in time order; empty by default.
    public var gaps: [StreamGap]
    /// The configuration that produced the recording (reproduces it exactly).
    public var configuration: SimulationConfiguration?

    public init(
        sport: SimulationConfiguration.Sport, wrist: RecordingMetadata.Wrist,
        crownSide: RecordingMetadata.CrownSide, handedness: SimulationConfiguration.Handedness,
        recordingStart: Double, recordingEnd: Double, swings: [TrueSwing], distractors: [TrueDistractor],
        gaps: [StreamGap] = [], configuration: SimulationConfiguration? = nil
    ) {
        self.sport = sport
        self.wrist = wrist
        self.crownSide = crownSide
        self.handedness = handedness
        self.recordingStart = recordingStart
        self.recordingEnd = recordingEnd
        self.swings = swings
        self.distractors = distractors
        self.gaps = gaps
        self.configuration = configuration
    }
}

extension GroundTruth {
    private enum CodingKeys: String, CodingKey {
        case sport, wrist, crownSide, handedness, recordingStart, recordingEnd, swings, distractors, gaps
        case configuration
    }

    /// Decodes a truth file; `gaps` and `configuration` may be missing (files of earlier versions).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sport: try c.decode(SimulationConfiguration.Sport.self, forKey: .sport),
            wrist: try c.decode(RecordingMetadata.Wrist.self, forKey: .wrist),
            crownSide: try c.decode(RecordingMetadata.CrownSide.self, forKey: .crownSide),
            handedness: try c.decode(SimulationConfiguration.Handedness.self, forKey: .handedness),
            recordingStart: try c.decode(Double.self, forKey: .recordingStart),
            recordingEnd: try c.decode(Double.self, forKey: .recordingEnd),
            swings: try c.decode([TrueSwing].self, forKey: .swings),
            distractors: try c.decode([TrueDistractor].self, forKey: .distractors),
            gaps: try c.decodeIfPresent([StreamGap].self, forKey: .gaps) ?? [],
            configuration: try c.decodeIfPresent(SimulationConfiguration.self, forKey: .configuration))
    }
}

/// One true swing.
public struct TrueSwing: Sendable, Codable, Equatable {
    /// What kind of swing.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Solid contact.
        case hit
        /// Weak, short contact (counts as contact).
        case foulTip
        /// A full swing without contact.
        case miss
        /// A slower swing without contact.
        case practice

        /// Whether this kind makes contact.
        public var contact: Bool { self == .hit || self == .foulTip }
    }

    public var kind: Kind
    /// Onset of the swing rotation, s.
    public var start: Double
    /// Start of contact, s; `nil` without contact.
    public var impact: Double?
    /// impact − start, s; `nil` without contact.
    public var timeToContact: Double?
    /// Whether the swing made contact (hits and foul tips).
    public var contact: Bool
    /// Peak |rotation along gravity|, rad/s, noise-free, at the device-motion sample times.
    public var peakRotationRate: Double
    /// Time of that peak, s.
    public var peakTime: Double
    /// Rotation along gravity integrated from `start` to `end` (signed), rad, noise-free.
    public var accumulatedRotation: Double
    /// End of the follow-through (swing rate below 1 % of its peak), s.
    public var end: Double
    /// Playing side.
    public var handedness: SimulationConfiguration.Handedness
    /// Peak |acceleration| of the contact transient as generated (before clipping), g; `nil` without contact.
    public var impactPeak: Double?
    /// Frequency of the transient's dominant mode, Hz; `nil` without contact.
    public var impactFrequency: Double?
    /// Onset shape, e.g. "powerLaw(p=2.1)" — for diagnosing analyzer errors.
    public var onsetShape: String
    /// Peak rate about the swing axis, rad/s.
    public var peakSwingAxisRate: Double
    /// Angle between the swing axis and the vertical, rad.
    public var planeTilt: Double
    /// With a simulated headphone stream (``SimulationConfiguration/headphones``) and an impact: the head's
    /// rotation angle from `start` to `impact`, deg, noise-free (the angle of q(start)⁻¹ ⊗ q(impact)); else `nil`.
    public var headRotation: Double?
    /// The same over the last 0.1 s before impact, deg.
    public var headRotationBeforeImpact: Double?
    /// Peak |head rotation rate| from `start` to `impact`, deg/s, noise-free, on a 1 ms grid.
    public var headPeakRate: Double?

    public init(
        kind: Kind, start: Double, impact: Double?, peakRotationRate: Double, peakTime: Double,
        accumulatedRotation: Double, end: Double, handedness: SimulationConfiguration.Handedness,
        impactPeak: Double?, impactFrequency: Double?, onsetShape: String, peakSwingAxisRate: Double,
        planeTilt: Double
    ) {
        self.kind = kind
        self.start = start
        self.impact = impact
        self.timeToContact = impact.map { $0 - start }
        self.contact = kind.contact
        self.peakRotationRate = peakRotationRate
        self.peakTime = peakTime
        self.accumulatedRotation = accumulatedRotation
        self.end = end
        self.handedness = handedness
        self.impactPeak = impactPeak
        self.impactFrequency = impactFrequency
        self.onsetShape = onsetShape
        self.peakSwingAxisRate = peakSwingAxisRate
        self.planeTilt = planeTilt
    }
}

/// One event that is not a swing.
public struct TrueDistractor: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A hand clap: a sharp transient with little rotation.
        case clap
        /// Bat/club tapped on the plate, ground or shoe: a ringing transient with little rotation.
        case tap
        /// A walking bout: ~2 Hz steps and arm swing.
        case walking
        /// Raising the arm to look at the watch and lowering it.
        case armRaise
    }

    public var kind: Kind
    /// The transient's start (clap, tap) or the event's start (walking, arm raise), s.
    public var time: Double
    /// End of the event, s (equal to `time` plus the transient's ringing for claps and taps).
    public var end: Double
    /// Peak |acceleration| of the transient, g (claps and taps), else `nil`.
    public var peak: Double?

    public init(kind: Kind, time: Double, end: Double, peak: Double? = nil) {
        self.kind = kind
        self.time = time
        self.end = end
        self.peak = peak
    }
}

/// Samples of one stream lost in a dropped batch.
public struct StreamGap: Sendable, Codable, Equatable {
    /// "accelerometer" or "deviceMotion" (``MotionRecording/SensorStream`` raw values).
    public var stream: String
    /// Time of the first and last lost sample, s.
    public var start: Double
    public var end: Double

    public init(stream: String, start: Double, end: Double) {
        self.stream = stream
        self.start = start
        self.end = end
    }
}
