import LiveServer
import Testing

@Suite("Client messages (text)")
struct ClientMessageTests {
    /// The refusal's description, or "decoded".
    static func refusal(_ text: String) -> String {
        do {
            _ = try ClientMessage.decode(text: text, maximumSamples: 16_384)
            return "decoded"
        } catch { return error.description }
    }

    // The first message is the fuzzer's find (Fuzz/live-regressions/announce-newline-stream): its error text was two
    // lines, breaking the server's one-line error message and log line.
    @Test("a client's control characters and line separators in an error are escaped: the text stays one line")
    func errorTextStaysOneLine() {
        #expect(
            Self.refusal(
                #"{"type": "announce", "sport": "tennhs", "streams": ["accelerometer", "\n"], "device": "watch"}"#)
                == #"JSON message, field "streams": unknown stream "\n""#)
        #expect(Self.refusal(#"{"type": "end\r\n"}"#) == #"JSON message, field "type": unknown message type "end\r\n""#)
        #expect(Self.refusal(#"{"type": "a\tb"}"#) == #"JSON message, field "type": unknown message type "a\tb""#)
        #expect(
            Self.refusal(#"{"type": "batch", "stream": "a\u2028b", "sequence": 0, "timestamps": [1]}"#)
                == #"JSON message, field "stream": unknown stream "a\u{2028}b""#)
        #expect(
            Self.refusal(#"{"type": "announce", "streams": ["accelerometer"], "configuration": {"k\u0085\u001b": 1}}"#)
                == #"JSON message, field "configuration.k\u{0085}\u{1B}": unknown key"#)
    }

    @Test("printable text passes through unchanged")
    func printableTextUnchanged() {
        #expect(Self.refusal(#"{"type": "sérve"}"#) == #"JSON message, field "type": unknown message type "sérve""#)
        #expect(Self.refusal(#"{"type": "end"}"#) == "decoded")
    }
}
