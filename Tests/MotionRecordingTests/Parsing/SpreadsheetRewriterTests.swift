import Testing

@testable import MotionRecording

/// Spreadsheet text rewritten into plain CSV line by line: same lines, same fields, same digits; what cannot be
/// unquoted without splitting or joining fields is kept as written.
@Suite struct SpreadsheetRewriterTests {
    /// `lines` rewritten as `layout`, and the finding for `f.csv`.
    func rewrite(_ lines: [String], _ layout: SpreadsheetLayout) -> (lines: [String], finding: HygieneFinding?) {
        var rewriter = SpreadsheetRewriter(layout)
        var output: [String] = []
        for line in lines {
            var bytes: [UInt8] = []
            Array(line.utf8).withUnsafeBufferPointer { rewriter.rewrite($0, line: 0..<$0.count, into: &bytes) }
            output.append(String(decoding: bytes, as: UTF8.self))
        }
        return (output, rewriter.finding(file: "f.csv"))
    }

    static let semicolons = SpreadsheetLayout(separator: .semicolon, toCommas: true)
    static let quotes = SpreadsheetLayout(separator: .comma, toCommas: true)

    @Test func semicolonsWithDecimalCommas() {
        let (lines, finding) = rewrite(
            ["timestamp;acceleration_x;acceleration_y", "77349,026;-0,27;1,5E-05", "", "1;2;3"], Self.semicolons)
        #expect(lines == ["timestamp,acceleration_x,acceleration_y", "77349.026,-0.27,1.5E-05", "", "1,2,3"])
        #expect(finding?.kind == "layout" && finding?.file == "f.csv" && finding?.line == 1)
        #expect(finding?.message
            == "fields separated by semicolons with decimal commas, as a spreadsheet saves them in a locale that writes decimal commas: read as plain comma-separated CSV, the same numbers")
    }

    @Test func tabs() {
        let (lines, finding) = rewrite(["t\tx", "1.5\t0.25", "2,5\t-1"], SpreadsheetLayout(separator: .tab, toCommas: true))
        #expect(lines == ["t,x", "1.5,0.25", "2.5,-1"])
        #expect(finding?.message.hasPrefix("fields separated by tabs (tab-separated text) with decimal commas") == true)
    }

    @Test func quotesAroundEveryFieldOrSomeOrTheRowsOnly() {
        let (lines, finding) = rewrite(["timestamp,x,label", "\"1.5\",\"0.25\",\"walking\"", "2.5,\"0.5\",walking"], Self.quotes)
        #expect(lines == ["timestamp,x,label", "1.5,0.25,walking", "2.5,0.5,walking"])
        // The header is plain: the first line changed is the first row.
        #expect(finding?.line == 2)
        #expect(finding?.message
            == "4 field(s) in quotes, as a spreadsheet or a \"quote every field\" CSV writer saves them: read as plain comma-separated CSV, the same numbers")
        let (semicolonLines, _) = rewrite(["\"t\";\"x\"", "\"1,5\";\"-0,25\""], Self.semicolons)
        #expect(semicolonLines == ["t,x", "1.5,-0.25"])
    }

    @Test func quotedFieldsThatWouldSplitOrHoldQuotesStayAsWritten() {
        // A doubled quote, a quote that does not end the field, an unterminated quote.
        let line = "\"say \"\"hi\"\"\";\"1\"x;\"open"
        let (lines, finding) = rewrite([line], Self.semicolons)
        #expect(lines == ["\"say \"\"hi\"\"\",\"1\"x,\"open"])
        #expect(finding?.message == "fields separated by semicolons: read as plain comma-separated CSV, the same numbers")
        // Keeping the separator (the generic reader): a decimal comma is no separator there, so it is unquoted.
        let (kept, keptFinding) = rewrite(["t;x", "\"1,5\";\"a;b\""], SpreadsheetLayout(separator: .semicolon, toCommas: false))
        #expect(kept == ["t;x", "1,5;\"a;b\""])
        #expect(keptFinding?.line == 2 && keptFinding?.message.hasSuffix(": read without the quotes") == true)
    }

    @Test func plainTextChangesNothingAndIsNotReported() {
        let (lines, finding) = rewrite(["t,x", "1.5,0.25"], Self.quotes)
        #expect(lines == ["t,x", "1.5,0.25"])
        #expect(finding == nil)
    }

    /// Text holding a comma in a semicolon or tab file (plain CSV without quotes cannot hold it): its commas become
    /// semicolons, quoted or not; a comma field without a letter (no text) is left to be an error naming it.
    @Test func aCommaInTextBecomesASemicolon() {
        let (lines, finding) = rewrite(["t;note;x", "1,5;\"a,b\";2", "2,5;left, then right;3", "3,5;1,2,3;4"], Self.semicolons)
        #expect(lines == ["t,note,x", "1.5,a;b,2", "2.5,left; then right,3", "3.5,1,2,3,4"])
        #expect(finding?.message
            == "fields separated by semicolons with decimal commas, as a spreadsheet saves them in a locale that writes decimal commas; 2 text field(s) holding a comma, read with a semicolon in its place; 1 field(s) in quotes, as a spreadsheet or a \"quote every field\" CSV writer saves them: read as plain comma-separated CSV, the same numbers")
        let (tabs, _) = rewrite(["t\tnote", "1.5\tx, y"], SpreadsheetLayout(separator: .tab, toCommas: true))
        #expect(tabs == ["t,note", "1.5,x; y"])
    }

    @Test func thousandsSeparatorsAreRemoved() {
        let (lines, finding) = rewrite(["t;x", "1.700.000.000,5;1 234,25", "56\u{A0}257,5;-1.234"], Self.semicolons)
        // `-1.234` is a decimal point in any locale's eyes: left as written.
        #expect(lines == ["t,x", "1700000000.5,1234.25", "56257.5,-1.234"])
        #expect(finding?.message
            == "fields separated by semicolons; 3 number(s) with thousands separators (1,234.5 or 1.234,5 or 1 234,5), read without them: read as plain comma-separated CSV, the same numbers")
        let (quoted, _) = rewrite(["t,x", "\"1,234.5\",\"12,345\""], Self.quotes)
        #expect(quoted == ["t,x", "1234.5,\"12,345\""])
    }
}
