import MotionRecording

/// The headphone stream a simulation may add (`CMHeadphoneMotionManager`, AirPods): how the head moves around each
/// swing, and how the headphones sample and report it. `nil` in ``SimulationConfiguration/headphones`` (the
/// default): no headphone stream. Start from ``preset(for:)``.
///
/// Head motion per swing (yaw about the vertical, pitch about the head's left–right axis, both deg), on top of a
/// slow wander of about 1°:
/// - a turn of ``swingTurn`` ending ``settleBeforeImpact`` before the swing's impact and lasting ``turnDuration``
///   (from the swing's start when `nil`), raised-cosine (no jerk at either end), split between yaw and pitch by
///   ``pitchShare``; the part of it between start and impact is what the head measures see;
/// - after impact, ``followThroughTurn`` over 0.4 s (the head released toward the target);
/// - 1.5 s after the swing's end, both undone over 1.5 s (back to address).
/// A golfer's head stays still through the downswing; a tennis player's turns toward the contact zone and settles
/// before contact; a batter's tracks the pitch into contact.
public struct HeadphoneModel: Sendable, Codable, Equatable {
    /// Head turn around each swing's start and impact, deg (drawn per swing, sign at random).
    public var swingTurn: ClosedRange<Double>
    /// How long the turn lasts, s; `nil`: from the swing's start.
    public var turnDuration: Double?
    /// How long before impact the turn is complete, s (0: the head is still turning at contact).
    public var settleBeforeImpact: Double
    /// Share of the turn that is pitch (the rest is yaw), 0…1.
    public var pitchShare: Double
    /// Head turn after impact, deg, over 0.4 s.
    public var followThroughTurn: ClosedRange<Double>
    /// Sample rate, Hz (AirPods: about 25).
    public var rate: Double
    /// Timestamp jitter, s (uniform ±).
    public var timestampJitter: Double
    /// Attitude noise, deg RMS per axis (independent per sample).
    public var attitudeNoise: Double
    /// Rotation-rate noise, deg/s RMS per axis.
    public var rateNoise: Double
    /// Probability that any one sample is lost.
    public var droppedSampleProbability: Double
    /// Per swing, the probability of a dropout of ``dropoutDuration`` somewhere between its start and impact.
    public var swingDropoutProbability: Double
    /// Length of such a dropout, s.
    public var dropoutDuration: Double
    /// Per swing, the probability that the sensor switches bud between its start and impact. A switch restarts the
    /// attitude's reference frame: the reported attitude jumps by a yaw of ±``referenceJump`` deg from then on,
    /// the head frame and the rotation rate do not.
    public var budSwitchProbability: Double
    /// Yaw of the reference frame's restart at a switch of bud, deg (drawn per switch, sign at random).
    public var referenceJump: ClosedRange<Double>
    /// Probability that a sample's attitude is written as −q (the same rotation).
    public var signFlipProbability: Double

    public init(
        swingTurn: ClosedRange<Double>, turnDuration: Double? = nil, settleBeforeImpact: Double,
        pitchShare: Double = 0.3,
        followThroughTurn: ClosedRange<Double>, rate: Double = 25, timestampJitter: Double = 0.002,
        attitudeNoise: Double = 0.05, rateNoise: Double = 0.5, droppedSampleProbability: Double = 0.01,
        swingDropoutProbability: Double = 0, dropoutDuration: Double = 0.3, budSwitchProbability: Double = 0,
        referenceJump: ClosedRange<Double> = 10...40, signFlipProbability: Double = 0
    ) {
        self.swingTurn = swingTurn
        self.turnDuration = turnDuration
        self.settleBeforeImpact = settleBeforeImpact
        self.pitchShare = pitchShare
        self.followThroughTurn = followThroughTurn
        self.rate = rate
        self.timestampJitter = timestampJitter
        self.attitudeNoise = attitudeNoise
        self.rateNoise = rateNoise
        self.droppedSampleProbability = droppedSampleProbability
        self.swingDropoutProbability = swingDropoutProbability
        self.dropoutDuration = dropoutDuration
        self.budSwitchProbability = budSwitchProbability
        self.referenceJump = referenceJump
        self.signFlipProbability = signFlipProbability
    }

    /// The head of each sport: golf still through the downswing (0–2°) and turning toward the target after;
    /// tennis turning 5–20° toward the contact zone over 0.4 s and steady for the last 0.1 s before contact;
    /// baseball and softball tracking the pitch into contact (15–35° over its last 0.35 s). Peak head rates are
    /// then below about 80°/s (tennis) and 160°/s (baseball).
    public static func preset(for sport: Sport) -> HeadphoneModel {
        switch sport {
        case .golf: HeadphoneModel(swingTurn: 0...2, settleBeforeImpact: 0, followThroughTurn: 20...40)
        case .tennis:
            HeadphoneModel(
                swingTurn: 5...20, turnDuration: 0.4, settleBeforeImpact: 0.1, followThroughTurn: 5...15)
        case .baseball, .softball:
            HeadphoneModel(
                swingTurn: 15...35, turnDuration: 0.35, settleBeforeImpact: 0, followThroughTurn: 10...30)
        }
    }
}
