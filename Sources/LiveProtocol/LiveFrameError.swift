/// Why a frame or message from a client was refused. Each case prints as one line naming the frame (stream and
/// sequence number where known), the byte offset or field, and the problem; the server sends it in an `error`
/// message and closes the connection with ``closeCode``.
public enum LiveFrameError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The frame's bytes do not follow the binary layout (offset in bytes from the frame's start).
    case malformedBinary(offset: Int, problem: String)
    /// A JSON message is not valid JSON or lacks / mistypes a field.
    case malformedJSON(field: String, problem: String)
    /// The samples break a rule (non-finite value, time going backwards, unannounced stream, missing rotation rate).
    case invalidSamples(stream: String, sequence: UInt64, problem: String)
    /// A message arrived that the session's state does not allow (batch before `announce`, sequence gap, …).
    case protocolViolation(problem: String)

    /// One line: a client's text quoted in it (an unknown stream or message type, a configuration key) may hold
    /// line breaks or other control characters, which are written as Swift escapes (`\n`, `\u{2028}`).
    public var description: String {
        let text =
            switch self {
            case .malformedBinary(let offset, let problem): "binary batch frame, byte \(offset): \(problem)"
            case .malformedJSON(let field, let problem): "JSON message, field \"\(field)\": \(problem)"
            case .invalidSamples(let stream, let sequence, let problem): "\(stream) batch \(sequence): \(problem)"
            case .protocolViolation(let problem): "protocol: \(problem)"
            }
        guard text.unicodeScalars.contains(where: Self.breaksLine) else { return text }
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.breaksLine(scalar) { line.append(contentsOf: scalar.escaped(asASCII: true).unicodeScalars) } else {
                line.append(scalar)
            }
        }
        return String(line)
    }

    /// Control characters (C0, DEL, C1: newline, carriage return, NEL …) and the Unicode line and paragraph
    /// separators.
    package static func breaksLine(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The WebSocket close code the server ends the connection with.
    public var closeCode: LiveCloseCode {
        switch self {
        case .malformedBinary, .malformedJSON, .invalidSamples: .malformedFrame
        case .protocolViolation: .protocolViolation
        }
    }
}
