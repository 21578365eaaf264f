/// One detected swing and its metrics. Times are seconds on the recording's clock (docs/architecture.md, JSON contract).
///
/// The first five stored properties are the fixed keys of the JSON contract; metrics are added, never renamed.
/// A metric that the data cannot give (see ``SwingDataCase``) is `nil` and left out of the JSON.
public struct Swing: Sendable, Equatable, Codable {
    /// Estimated moment the swing's rotation began, s (not the threshold crossing): the change point where rotation
    /// along gravity leaves its pre-swing baseline. With accelerometer data only (``SwingDataCase/accelerometerOnly``)
    /// there is no rotation, and `start` equals ``impact``.
    public var start: Double
    /// Moment of bat–ball (club–ball, racket–ball) contact, s: the onset of the contact transient in the
    /// high-passed 800 Hz acceleration (not its ringing peak). `nil` for a miss or without accelerometer data.
    public var impact: Double?
    /// `impact − start`, s; `nil` when there is no impact or no rotation data.
    public var timeToContact: Double?
    /// Whether the swing made contact (foul tips included); `nil` (unknown, JSON `null`) where the accelerometer
    /// does not cover the swing's impact window: device-motion-only recordings, or an accelerometer that starts
    /// after or stops before the swing.
    public var contact: Bool?
    /// Peak |rotation along gravity| from start to impact (to the end of the rotation for a miss), rad/s
    /// (sign-agnostic). With rotation rate but no gravity it is the peak |rotation rate|; 0 without rotation data.
    public var peakRotationRate: Double

    /// ∫ |rotation along gravity| dt from ``start`` to the impact (to the rotation peak for a miss), rad.
    public var accumulatedRotation: Double?
    /// From ``start`` to the end of the swing's rotation (|rotation along gravity| back below the configured swing
    /// threshold, follow-through included), s.
    public var duration: Double?
    /// Peak high-passed |acceleration| of the contact transient, g (a lower bound when ``impactSaturated``).
    public var impactPeak: Double?
    /// Whether an accelerometer axis clipped during the contact transient.
    public var impactSaturated: Bool?
    /// Dominant frequency of the contact transient (high-passed |a| vector, configured window after the onset), Hz.
    public var impactDominantFrequency: Double?
    /// Energy of the contact transient in the configured band: Σ |X(f)|² over the band of the windowed high-passed
    /// acceleration (x, y, z summed), scaled as the one-sided PSD integral, g².
    public var impactBandEnergy: Double?
    /// Unit normal of the swing plane in the device frame: the principal rotation axis (first right singular
    /// vector of the rotation-rate vectors from start to impact/peak), sign chosen along the mean rotation; JSON
    /// `[x, y, z]`.
    public var swingPlaneNormal: SIMD3<Double>?
    /// Angle of the head's rotation from ``start`` to ``impact``, deg (0…180): the angle of q_start⁻¹ ⊗ q_impact
    /// of the headphones' attitude (see ``HeadMotionMeter``). `nil` without a headphone stream, for a swing
    /// without impact, or where the stream has a gap in that window.
    public var headRotation: Double?
    /// Peak |rotation rate| of the head from ``start`` to ``impact``, deg/s; `nil` as ``headRotation``, or when the
    /// headphone stream has no rotation rate.
    public var headPeakRate: Double?
    /// Whether the head stayed still from ``start`` to ``impact``: ``headRotation`` at most
    /// ``HeadMotionConfiguration/stillRotationLimit`` (5°); `nil` when ``headRotation`` is.
    public var headStill: Bool?
    /// Angle of the head's rotation over the last ``HeadMotionConfiguration/beforeImpactWindow`` (0.1 s) before
    /// ``impact`` (from ``start`` when the swing is shorter), deg; `nil` as ``headRotation``.
    public var headRotationBeforeImpact: Double?

    public init(
        start: Double, impact: Double?, timeToContact: Double?, contact: Bool?, peakRotationRate: Double,
        accumulatedRotation: Double? = nil, duration: Double? = nil, impactPeak: Double? = nil,
        impactSaturated: Bool? = nil, impactDominantFrequency: Double? = nil, impactBandEnergy: Double? = nil,
        swingPlaneNormal: SIMD3<Double>? = nil, headRotation: Double? = nil, headPeakRate: Double? = nil,
        headStill: Bool? = nil, headRotationBeforeImpact: Double? = nil
    ) {
        self.start = start
        self.impact = impact
        self.timeToContact = timeToContact
        self.contact = contact
        self.peakRotationRate = peakRotationRate
        self.accumulatedRotation = accumulatedRotation
        self.duration = duration
        self.impactPeak = impactPeak
        self.impactSaturated = impactSaturated
        self.impactDominantFrequency = impactDominantFrequency
        self.impactBandEnergy = impactBandEnergy
        self.swingPlaneNormal = swingPlaneNormal
        self.headRotation = headRotation
        self.headPeakRate = headPeakRate
        self.headStill = headStill
        self.headRotationBeforeImpact = headRotationBeforeImpact
    }
}
