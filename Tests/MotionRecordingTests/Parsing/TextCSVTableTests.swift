import Foundation
import Testing
@testable import MotionRecording

/// The small whole-file CSV reader of the slower streams: byte-order mark, CRLF, blank lines, optional trailing
/// columns, exact `Float` parsing and errors naming line and column.
@Suite struct TextCSVTableTests {
    static func table(_ text: String) throws -> TextCSVTable {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try TextCSVTable(bytes: $0, file: "t.csv") }
    }

    @Test func byteOrderMarkCRLFAndBlankLines() throws {
        var table = try Self.table("\u{FEFF}timestamp,pressure\r\n\r\n1.5,101.3214\r\n\r\n2.5, 101.3 \r\n")
        #expect(table.header == ["timestamp", "pressure"])
        #expect(table.count == 2 && table.lines == [3, 5])
        #expect(try table.float(0, 1) == Float("101.3214")! && table.float(1, 1) == 101.3)
        #expect(try table.requireHeader(["timestamp", "pressure"], optional: ["relative_altitude"]) == 0)
    }

    @Test func optionalTrailingColumnsAndTheirErrors() throws {
        var table = try Self.table("timestamp,pressure,relative_altitude\n1,101,\n")
        #expect(try table.requireHeader(["timestamp", "pressure"], optional: ["relative_altitude"]) == 1)
        #expect(try table.float(0, 2, empty: .nan).isNaN)
        #expect(throws: RecordingError.malformed(
            file: "t.csv", line: 2, column: 3, columnName: "relative_altitude", reason: "\"\" is not a number")) {
            _ = try table.float(0, 2)
        }
        var noAltitude = try Self.table("timestamp,pressure,relative_altitude\n1,101,\n")
        #expect(try noAltitude.requireHeader(["timestamp", "pressure"]) == 0)
        #expect(noAltitude.headerFindings.first?.message == "1 extra column ignored: \"relative_altitude\" (column 3)")
        var lacking = try Self.table("timestamp,relative_altitude\n1,7\n")
        #expect(throws: RecordingError.self) { _ = try lacking.requireHeader(["timestamp", "pressure"]) }
    }

    /// Columns rearranged to the layout's order by name; errors still name the column where it is in the file.
    @Test func reorderedColumnsAreRearranged() throws {
        var table = try Self.table("pressure,note,timestamp\n101.5,a,1\nx,b,2\n")
        #expect(try table.requireHeader(["timestamp", "pressure"]) == 0)
        #expect(table.header == ["timestamp", "pressure"])
        #expect(try table.double(0, 0) == 1 && table.float(0, 1) == 101.5)
        #expect(throws: RecordingError.malformed(
            file: "t.csv", line: 3, column: 1, columnName: "pressure", reason: "\"x\" is not a number")) {
            _ = try table.float(1, 1)
        }
    }
}

/// A slower stream's header as a spreadsheet leaves it: names in another case, a unit suffix converted while reading.
@Suite struct TextCSVTableDecoratedHeaderTests {
    @Test func decoratedNamesAndAConvertedUnit() throws {
        var table = try TextCSVTableTests.table("Timestamp,Pressure (hPa),relative_altitude [m]\n1.5,1013.25,2\n")
        #expect(try table.requireHeader(["timestamp", "pressure"], optional: ["relative_altitude"]) == 1)
        #expect(try table.double(0, 0) == 1.5 && table.float(0, 1) == Float(101.325) && table.float(0, 2) == 2)
        #expect(table.headerFindings.map(\.kind) == ["columns", "units"])
        #expect(table.headerFindings.last?.message
            == "column \"Pressure (hPa)\" (column 2) is in hPa, as the header says: converted to kPa (÷ 10) while reading")
        #expect(try table.column(["TIME", "timestamp"], required: true) == 0)
    }
}
