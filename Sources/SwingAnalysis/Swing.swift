/// One detected swing and its metrics. Times are seconds on the recording's clock (design.md §5).
///
/// The first five stored properties are the fixed keys of the JSON contract; metrics are added, never renamed.
public struct Swing: Sendable, Equatable, Codable {
    /// Estimated moment the swing's rotation began, s (not the threshold crossing).
    public var start: Double
    /// Moment of bat–ball (club–ball, racket–ball) contact, s; `nil` for a miss or when no accelerometer data.
    public var impact: Double?
    /// `impact − start`, s; `nil` when there is no impact.
    public var timeToContact: Double?
    /// Whether the swing made contact (foul tips included).
    public var contact: Bool
    /// Peak |rotation along gravity| during the swing, rad/s (sign-agnostic).
    public var peakRotationRate: Double

    public init(start: Double, impact: Double?, timeToContact: Double?, contact: Bool, peakRotationRate: Double) {
        self.start = start
        self.impact = impact
        self.timeToContact = timeToContact
        self.contact = contact
        self.peakRotationRate = peakRotationRate
    }
}
