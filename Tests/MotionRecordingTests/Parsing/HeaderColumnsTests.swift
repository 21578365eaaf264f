import Testing
@testable import MotionRecording

/// Columns of a fixed layout found by header name: exact, reordered, extra, optional, missing and doubled columns.
@Suite struct HeaderColumnsTests {
    static let layout = ["timestamp", "acceleration_x", "acceleration_y", "acceleration_z"]

    @Test func exactHeaderNeedsNoNote() throws {
        let columns = try HeaderColumns(names: Self.layout, required: Self.layout, file: "a.csv")
        #expect(columns.fields == [0, 1, 2, 3] && columns.fieldCount == 4 && columns.isExact)
    }

    @Test func reorderedAndExtraColumnsAreMappedAndReported() throws {
        let names = ["Unnamed: 0", "timestamp", "acceleration_x", "acceleration_z", "acceleration_y", "label"]
        let columns = try HeaderColumns(names: names, required: Self.layout, file: "a.csv")
        #expect(columns.fields == [1, 2, 4, 3] && columns.fieldCount == 6 && !columns.isExact)
        #expect(columns.finding == HygieneFinding(
            kind: .columns, file: "a.csv", line: 1,
            message: "columns in the order timestamp,acceleration_x,acceleration_z,acceleration_y, read by name; 2 extra columns ignored: \"Unnamed: 0\" (column 1), \"label\" (column 6)"))
    }

    @Test func optionalColumnsCountInOrder() throws {
        let present = try HeaderColumns(
            names: ["relative_altitude", "timestamp", "pressure"], required: ["timestamp", "pressure"],
            optional: ["relative_altitude"], file: "p.csv")
        #expect(present.fields == [1, 2, 0] && present.optionalCount == 1)
        #expect(present.finding?.message == "columns in the order relative_altitude,timestamp,pressure, read by name")
        let absent = try HeaderColumns(
            names: ["timestamp", "pressure"], required: ["timestamp", "pressure"], optional: ["relative_altitude"], file: "p.csv")
        #expect(absent.optionalCount == 0 && absent.isExact)
    }

    @Test func missingAndDoubledColumnsAreErrorsAtLineOne() {
        #expect(throws: RecordingError.malformed(
            file: "a.csv", line: 1, column: nil, columnName: nil,
            reason: "header lacks columns \"acceleration_y\", \"acceleration_z\" (header: \"timestamp,acceleration_x,y,z\"; columns are found by name: timestamp,acceleration_x,acceleration_y,acceleration_z)")) {
            _ = try HeaderColumns(names: ["timestamp", "acceleration_x", "y", "z"], required: Self.layout, file: "a.csv")
        }
        #expect(throws: RecordingError.malformed(
            file: "a.csv", line: 1, column: 5, columnName: "acceleration_x",
            reason: "column \"acceleration_x\" appears twice in the header (columns 2 and 5)")) {
            _ = try HeaderColumns(names: Self.layout + ["acceleration_x"], required: Self.layout, file: "a.csv")
        }
    }
}
