/// Errors writing a simulated session.
public enum SimulatedSessionError: Error, CustomStringConvertible, Sendable {
    /// The recording could not be written.
    case recording(String)
    /// `truth.json` could not be written.
    case truth(GroundTruthError)
    /// The format has no writer.
    case unsupportedFormat(String)

    public var description: String {
        switch self {
        case .recording(let message): message
        case .truth(let error): error.description
        case .unsupportedFormat(let name):
            "cannot write simulated recordings as \(name): use interchange-csv or native-npz"
        }
    }
}
