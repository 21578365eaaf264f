/// Which data a workout analysis had, and so what it could do: the analysis says so rather than failing when a
/// stream is missing.
public enum WorkoutDataCase: String, Sendable, Equatable, Codable {
    /// Accelerometer and device-motion rotation rate: every feature.
    case full
    /// Accelerometer only: swing bursts from |a| alone (a swing practice recorded with a ±2 g accelerometer and no
    /// device motion is not recognised).
    case accelerometerOnly
    /// Device motion only: gravity + user acceleration stand in for the accelerometer (no contact transients in
    /// the peaks: Core Motion's fusion smooths them).
    case deviceMotionOnly
    /// Device motion without gravity or user acceleration (rotation rate only): no activity can be decided, every
    /// second is unknown.
    case rotationOnly
    /// No samples.
    case noData

    /// One line for a report's issues.
    public var note: String? {
        switch self {
        case .full: nil
        case .accelerometerOnly: "no device motion: swing bursts from acceleration alone"
        case .deviceMotionOnly: "no accelerometer: gravity + user acceleration used in its place"
        case .rotationOnly: "rotation rate only: activities cannot be decided (all unknown)"
        case .noData: "no samples"
        }
    }
}
