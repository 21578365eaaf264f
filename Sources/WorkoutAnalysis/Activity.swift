/// What the wearer is doing during a stretch of a recording, in the spirit of `CMMotionActivity` (which has no
/// swimming or swing sport; those come from the workout context here).
public enum Activity: String, Sendable, Hashable, Codable, CaseIterable {
    /// Wrist at rest: acceleration variance at the sensor's noise floor, gravity direction fixed.
    case stationary
    /// Gait with a step frequency of about 1.2–2.3 Hz.
    case walking
    /// Gait with a step frequency of about 2.3–3.8 Hz.
    case running
    /// Wrist on handlebars: steady gravity direction, road vibration, no gait periodicity.
    case cycling
    /// Slow (about 0.3–1 Hz) arm strokes with large, continuous changes of the gravity direction in the device frame.
    case swimming
    /// Bat, racket or club practice: isolated bursts of very high acceleration or rotation rate separated by quiet.
    case swingSport
    /// None of the above with enough evidence (also: gaps without data).
    case unknown
}
