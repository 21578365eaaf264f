import Testing

import MotionRecording

@Suite struct JSONValueTests {
    @Test func objectsKeepInsertionOrderAndNull() {
        let value = JSONValue.object([
            ("recording", .string("a/b")), ("duration", .number(12.5)), ("impact", .finite(nil)),
            ("nan", .finite(.nan)), ("count", .integer(3)), ("flag", .bool(true)),
        ])
        #expect(value.serialized == #"{"recording":"a/b","duration":12.5,"impact":null,"nan":null,"count":3,"flag":true}"#)
    }

    @Test func stringsAreEscaped() {
        #expect(JSONValue.string("a\"b\\c\n\u{1}").serialized == #""a\"b\\c\n\u0001""#)
    }

    @Test func numbersRoundTrip() {
        let values = [0.1, 1.0 / 3.0, 123456.789012345, 1e-7, -2.5, 3.0]
        for v in values {
            let text = JSONValue.number(v).serialized
            #expect(Double(text) == v, "\(text)")
        }
        #expect(JSONValue.number(3).serialized == "3")
    }

    @Test func prettyPrintingParsesBack() throws {
        let value = JSONValue.object([("a", .array([.integer(1), .object([("b", .null)])])), ("c", .array([]))])
        let pretty = value.prettySerialized
        #expect(pretty.contains("\n  \"a\": ["))
        let compact = pretty.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        #expect(compact.replacingOccurrences(of: ": ", with: ":") == value.serialized)
    }
}

import Foundation
