import Testing
@testable import MotionRecording

@Suite struct CSVScannerTests {
    func text(_ string: String, limit: Int = 40) -> String {
        var string = string
        return string.withUTF8 { CSVScanner($0).text(0..<$0.count, limit: limit) }
    }

    /// Message text: short text as is, long text cut at the limit with an ellipsis, and a run of zero bytes (blocks
    /// never written) counted over the whole run rather than printed.
    @Test func messageTextShortensLongTextAndCountsZeroBytes() {
        #expect(text("1.25e") == "1.25e")
        #expect(text("0123456789", limit: 4) == "0123…")
        #expect(text("ab" + String(repeating: "\u{0}", count: 100) + "cd") == "ab⟨100 zero bytes⟩cd")
        #expect(text(String(repeating: "\u{0}", count: 9000) + "7", limit: 1) == "⟨9000 zero bytes⟩…")
        #expect(text("12" + String(repeating: "\u{0}", count: 3), limit: 2) == "12…")
    }
}
