/// Why a ``SwingAnalyzerConfiguration`` could not be loaded or is out of range; prints as one line.
public enum SwingAnalyzerConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// A parameter is outside its valid range.
    case outOfRange(parameter: String, value: String, expected: String)
    /// The configuration file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not valid configuration JSON.
    case invalidJSON(path: String, reason: String)
    /// `"preset"` names no known preset.
    case unknownPreset(path: String, name: String)

    public var description: String {
        switch self {
        case .outOfRange(let parameter, let value, let expected):
            "swing analyzer configuration: \(parameter) = \(value) is out of range (expected \(expected))"
        case .unreadable(let path, let reason):
            "\(path): cannot read swing analyzer configuration: \(reason)"
        case .invalidJSON(let path, let reason):
            "\(path): invalid swing analyzer configuration: \(reason)"
        case .unknownPreset(let path, let name):
            "\(path): unknown preset \"\(name)\" (expected one of \(SwingAnalyzerConfiguration.presetNames.joined(separator: ", ")))"
        }
    }
}
