import Testing

@testable import MotionRecording

/// Numbers with thousands separators read as the same digits without them; anything ambiguous left as written.
@Suite struct DigitGroupingTests {
    func ungrouped(_ text: String, decimalPoint: Bool = true) -> String? {
        var output: [UInt8] = Array("x".utf8)
        let taken = Array(text.utf8).withUnsafeBufferPointer {
            DigitGrouping.appendUngrouped($0, decimalPoint: decimalPoint, to: &output)
        }
        #expect(taken || output == Array("x".utf8), "\(text): nothing appended when not taken")
        return taken ? String(decoding: output.dropFirst(), as: UTF8.self) : nil
    }

    @Test func everyLocalesGroupingReadsAsTheDigits() {
        let cases: [(String, String)] = [
            ("1,234.5", "1234.5"), ("1.234,5", "1234.5"), ("1 234,5", "1234.5"), ("1\u{A0}234,5", "1234.5"),
            ("1\u{202F}234,5", "1234.5"), ("1'234.5", "1234.5"), ("-12,345,678.25", "-12345678.25"),
            ("1,700,000,000,000", "1700000000000"), ("1.700.000.000.123", "1700000000123"), ("+56 257", "+56257"),
            ("56.257,44241896361", "56257.44241896361"), ("999 999 999", "999999999"),
        ]
        for (text, digits) in cases { #expect(ungrouped(text) == digits, "\(text)") }
        // The generic reader keeps a semicolon file's decimal comma: only the groups go.
        #expect(ungrouped("1.234,5", decimalPoint: false) == "1234,5")
    }

    @Test func ambiguousOrMalformedNumbersAreLeftAsWritten() {
        // One group after a comma or a point is a decimal number somewhere; groups are exactly 3 digits, one kind
        // of separator, 1–3 leading digits; no exponent.
        for text in [
            "1,234", "1.234", "0.123", "1234", "1234,567", "1,23", "1,2345", "1,234.567.8", "1.234,567,8", "1,234 567",
            "12345,678.5", ",234", "1,234.", "1,234.5e3", "1 234 ", "walking", "", "-", "25.11.2026", "14:03:22",
        ] {
            #expect(ungrouped(text) == nil, "\(text)")
        }
    }
}
