/// Ranges of the swing kinematics at the wrist. Every range is sampled uniformly per swing.
///
/// A swing starts from rest after a load that ends in a pause, or (``loadReversal``) straight out of the load.
/// The wrist rides on a circle about the swing axis (the body's rotation axis tilted by the swing-plane angle);
/// the swing-axis angular rate rises from zero at the onset with a power-law / gamma / raised-cosine shape, peaks
/// near contact and decays through the follow-through. See `SwingProfile` for the formulas.
public struct SwingKinematics: Sendable, Codable, Equatable {
    /// Onset to contact, s (baseball/softball 0.12–0.25 s, WWDC23 "What's new in Core Motion").
    public var timeToContact: ClosedRange<Double>
    /// Onset to the moment the swing passes the contact zone, for practice swings, s.
    public var practiceTimeToContact: ClosedRange<Double>
    /// Angle turned about the swing axis from the onset to the end of the follow-through, rad. With the time to
    /// contact and the onset shape it sets the peak rate (a quicker swing turns faster), which is then kept
    /// within `peakRate`.
    public var swingAngle: ClosedRange<Double>
    /// Bounds of the peak angular rate about the swing axis, rad/s.
    public var peakRate: ClosedRange<Double>
    /// Practice-swing angle as a fraction of a full swing's (the time to contact is longer, so the rate is lower).
    public var practiceAngleFraction: ClosedRange<Double>
    /// Angle between the swing axis and the vertical, rad (0: a flat swing plane).
    public var planeTilt: ClosedRange<Double>
    /// Time of the rate peak as a fraction of the time to contact.
    public var peakTimeFraction: ClosedRange<Double>
    /// Exponent p of the onset: the rate grows like τ^p from the onset (1.5–3).
    public var onsetExponent: ClosedRange<Double>
    /// Exponent of the gamma-shaped decay after the peak (larger: shorter follow-through).
    public var decayExponent: ClosedRange<Double>
    /// Distance of the wrist from the swing axis at the onset, m.
    public var wristRadius: ClosedRange<Double>
    /// Extension of that distance during the downswing (arms extend), m.
    public var wristRadiusGrowth: ClosedRange<Double>
    /// Largest wrist speed about the swing axis, m/s: the radius is scaled down when peak rate × radius would
    /// exceed it (hand speed in bat swings peaks at ≈ 7–10 m/s), which bounds the centripetal acceleration by
    /// speed × rate (≈ 10–25 g at the fastest).
    public var maximumWristSpeed: Double
    /// Load / backswing: peak reverse rate about the swing axis, rad/s.
    public var loadRate: ClosedRange<Double>
    /// Load / backswing duration, s.
    public var loadDuration: ClosedRange<Double>
    /// Quiet gap between the end of the load and the onset, s.
    public var loadPause: ClosedRange<Double>
    /// Stride: peak horizontal acceleration of the body during the load, g.
    public var strideAcceleration: ClosedRange<Double>
    /// Fractional drop of the swing rate caused by the ball on solid contact.
    public var contactSlowdown: ClosedRange<Double>
    /// Forearm roll (roll-over) after contact: peak rate about the forearm as a fraction of the peak swing rate.
    public var forearmRollFraction: ClosedRange<Double>
    /// Probability of a bat waggle (0.5–2 rad/s about the forearm at 1–2.5 Hz for 0.5–1.5 s) ending 0.15–0.4 s
    /// before the load.
    public var waggleProbability: Double
    /// Swings that start straight out of their load, without a pause (`nil`: none; every load ends in a pause
    /// from `loadPause`).
    public var loadReversal: LoadReversal?

    public init(
        timeToContact: ClosedRange<Double>, practiceTimeToContact: ClosedRange<Double>,
        swingAngle: ClosedRange<Double>, peakRate: ClosedRange<Double>, practiceAngleFraction: ClosedRange<Double>,
        planeTilt: ClosedRange<Double>,
        peakTimeFraction: ClosedRange<Double>, onsetExponent: ClosedRange<Double>,
        decayExponent: ClosedRange<Double>, wristRadius: ClosedRange<Double>,
        wristRadiusGrowth: ClosedRange<Double>, loadRate: ClosedRange<Double>, loadDuration: ClosedRange<Double>,
        loadPause: ClosedRange<Double>, strideAcceleration: ClosedRange<Double>,
        contactSlowdown: ClosedRange<Double>, forearmRollFraction: ClosedRange<Double>,
        waggleProbability: Double = 0.5, maximumWristSpeed: Double = 10, loadReversal: LoadReversal? = nil
    ) {
        self.timeToContact = timeToContact
        self.practiceTimeToContact = practiceTimeToContact
        self.swingAngle = swingAngle
        self.peakRate = peakRate
        self.practiceAngleFraction = practiceAngleFraction
        self.planeTilt = planeTilt
        self.peakTimeFraction = peakTimeFraction
        self.onsetExponent = onsetExponent
        self.decayExponent = decayExponent
        self.wristRadius = wristRadius
        self.wristRadiusGrowth = wristRadiusGrowth
        self.loadRate = loadRate
        self.loadDuration = loadDuration
        self.loadPause = loadPause
        self.strideAcceleration = strideAcceleration
        self.contactSlowdown = contactSlowdown
        self.forearmRollFraction = forearmRollFraction
        self.waggleProbability = waggleProbability
        self.maximumWristSpeed = maximumWristSpeed
        self.loadReversal = loadReversal
    }
}
