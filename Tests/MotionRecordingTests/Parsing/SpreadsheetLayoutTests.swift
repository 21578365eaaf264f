import Testing

@testable import MotionRecording

/// Which spreadsheet layout a text's head shows: the separator from its header line, quotes from its rows.
@Suite struct SpreadsheetLayoutTests {
    func detect(_ text: String, keepingSeparator: Bool = false) -> SpreadsheetLayout? {
        Array(text.utf8).withUnsafeBufferPointer { SpreadsheetLayout.detect($0, keepingSeparator: keepingSeparator) }
    }

    @Test func plainCSVAndAQuotedHeaderAloneAreReadAsTheyAre() {
        #expect(detect("timestamp,acceleration_x\n1.5,0.25\n") == nil)
        #expect(detect("\u{FEFF}\"timestamp\",\"acceleration_x\"\n1.5,0.25\n") == nil)
        #expect(detect("\n\ntimestamp,x\n") == nil)
        #expect(detect("") == nil)
    }

    @Test func theHeaderLineGivesTheSeparator() {
        #expect(detect("timestamp;acceleration_x\n1,5;0,25\n") == SpreadsheetLayout(separator: .semicolon, toCommas: true))
        #expect(detect("timestamp\tacceleration_x\n1.5\t0.25\n") == SpreadsheetLayout(separator: .tab, toCommas: true))
        #expect(detect("\"timestamp\";\"acceleration_x\"\n") == SpreadsheetLayout(separator: .semicolon, toCommas: true))
        // A header-less row of decimal commas: the commas between digits are no separators.
        #expect(detect("1,5;0,25;-1,0\n") == SpreadsheetLayout(separator: .semicolon, toCommas: true))
        // A comma outside quotes wins: a `;` inside a name or a quoted field separates nothing.
        #expect(detect("time,\"a;b\"\n1,2\n") == nil)
        #expect(detect("time,note;x\n1,2\n") == nil)
    }

    @Test func quotesInTheRowsAreALayout() {
        #expect(detect("timestamp,x\n\"1.5\",\"0.25\"\n") == SpreadsheetLayout(separator: .comma, toCommas: true))
        #expect(detect("t;x\n\"1,5\";\"0,25\"\n", keepingSeparator: true) == SpreadsheetLayout(separator: .semicolon, toCommas: false))
        // The generic reader reads `;` and decimal commas itself: without quotes there is nothing to rewrite.
        #expect(detect("t;x\n1,5;0,25\n", keepingSeparator: true) == nil)
    }

    @Test func decimalCommaNumbers() {
        func comma(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { SpreadsheetLayout.decimalCommaIndex($0) }
        }
        for (text, index) in [("0,123", 1), ("-0,5", 2), ("+12,25", 3), (",5", 0), ("1,5E-05", 1), ("7,73e+04", 1), ("77349,026", 5)] {
            #expect(comma(text) == index, "\(text)")
        }
        for text in ["0.123", "1,", "1,2,3", "a,5", "1,5E", "1,5e+", "", ",", "1 ,5", "1,5 "] { #expect(comma(text) == nil, "\(text)") }
    }
}
