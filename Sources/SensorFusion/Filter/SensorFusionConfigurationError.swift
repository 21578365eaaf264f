/// A ``SensorFusionConfiguration`` value out of its range.
public enum SensorFusionConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// `parameter` is `value`, which does not meet `requirement`.
    case invalid(parameter: String, value: Double, requirement: String)

    public var description: String {
        switch self {
        case .invalid(let parameter, let value, let requirement):
            "sensor fusion: \(parameter) = \(value) must be \(requirement)"
        }
    }
}
