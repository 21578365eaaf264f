/// Why a file could not be turned into a ``Recording``, or why a request to a recording cannot be served.
///
/// Every case prints as one line that names the file, the 1-based line and column where relevant, and the reason,
/// e.g. `accelerometer.csv:1234: column 3 "acceleration_y": "abc" is not a number`.
public enum RecordingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file or directory could not be opened or read.
    case unreadable(file: String, reason: String)
    /// The contents break the format at `line` (1-based; `nil` for the whole file), optionally at one column
    /// (1-based index and header name).
    case malformed(file: String, line: Int?, column: Int?, columnName: String?, reason: String)
    /// The contents match none of the formats the importer knows, or not the one requested.
    case unrecognizedFormat(file: String, reason: String)
    /// Core-Motion-like availability error: the recording has no such stream, or not the requested components.
    case streamNotAvailable(SensorStream, reason: String)
    /// Writing an export failed.
    case cannotWrite(file: String, reason: String)

    /// The file the error refers to, if any.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .malformed(let file, _, _, _, _), .unrecognizedFormat(let file, _),
            .cannotWrite(let file, _):
            file
        case .streamNotAvailable: nil
        }
    }

    /// The 1-based line the error refers to, if any.
    public var line: Int? {
        if case .malformed(_, let line, _, _, _) = self { return line }
        return nil
    }

    public var description: String { Self.oneLine(rawDescription) }

    /// Escapes control characters (text quoted from a broken file may hold newlines) so the message is one line.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private var rawDescription: String {
        switch self {
        case .unreadable(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .malformed(let file, let line, let column, let columnName, let reason):
            var text = file
            if let line { text += ":\(line)" }
            text += ": "
            if let column {
                text += "column \(column)"
                if let columnName { text += " \"\(columnName)\"" }
                text += ": "
            }
            return text + reason
        case .unrecognizedFormat(let file, let reason):
            return "\(file): unrecognised format: \(reason)"
        case .streamNotAvailable(let stream, let reason):
            return "\(stream.rawValue) stream not available: \(reason)"
        case .cannotWrite(let file, let reason):
            return "\(file): cannot write: \(reason)"
        }
    }
}
