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

/// Names a spreadsheet or script decorated are found, reported once per file, their unit suffixes read.
@Suite struct HeaderColumnsDecoratedTests {
    static let layout = HeaderColumnsTests.layout

    @Test func caseBlanksQuotesAndAByteOrderMarkAreIgnoredAndReported() throws {
        let names = ["\u{FEFF}Timestamp", " acceleration_x ", "\"ACCELERATION_Y\"", "'acceleration_z'"]
        let columns = try HeaderColumns(names: names, required: Self.layout, file: "a.csv")
        #expect(columns.fields == [0, 1, 2, 3] && !columns.isExact && !columns.converts)
        #expect(columns.findings == [HygieneFinding(
            kind: .columns, file: "a.csv", line: 1,
            message: "header names read ignoring case, blanks, quotes and unit: \"\u{FEFF}Timestamp\" (column 1) as timestamp, \" acceleration_x \" (column 2) as acceleration_x, \"\"ACCELERATION_Y\"\" (column 3) as acceleration_y, \"'acceleration_z'\" (column 4) as acceleration_z")])
    }

    @Test func theDocumentedUnitIsReadAndAnotherConverted() throws {
        let documented = try HeaderColumns(
            names: ["timestamp (s)", "acceleration_x (g)", "acceleration_y [G]", "acceleration_z(g)"],
            required: Self.layout, file: "a.csv")
        #expect(documented.fields == [0, 1, 2, 3] && !documented.converts && documented.unitFindings.isEmpty)
        let converted = try HeaderColumns(
            names: ["timestamp (ms)", "acceleration_x (m/s^2)", "acceleration_y (m/s²)", "acceleration_z [M/S**2]"],
            required: Self.layout, file: "a.csv")
        let perGravity: Double = 1 / 9.80665
        let expectedFactors: [Double] = [1e-3, perGravity, perGravity, perGravity]
        #expect(converted.factors == expectedFactors)
        #expect(converted.unitFindings.map(\.message) == [
            "column \"timestamp (ms)\" (column 1) is in ms, as the header says: converted to s (÷ 1000) while reading",
            "columns \"acceleration_x (m/s^2)\" (column 2), \"acceleration_y (m/s²)\" (column 3), \"acceleration_z [M/S**2]\" (column 4) are in m/s², as the header says: converted to g (÷ 9.80665) while reading",
        ])
        #expect(converted.unitFindings.map(\.column) == [1, 2])
        var values: [Float] = [9.80665, -19.6133]
        converted.converted(&values, position: 1)
        #expect(values == [1, -2])
        let gyroscope = try HeaderColumns(
            names: ["timestamp", "rotation_rate_x (deg/s)", "rotation_rate_y (°/s)", "rotation_rate_z (dps)"],
            required: ["timestamp", "rotation_rate_x", "rotation_rate_y", "rotation_rate_z"], file: "g.csv")
        let perDegree: Double = .pi / 180
        let gyroscopeFactors: [Double] = [1, perDegree, perDegree, perDegree]
        #expect(gyroscope.factors == gyroscopeFactors)
        #expect(gyroscope.unitFindings.first?.message.hasSuffix("are in °/s, as the header says: converted to rad/s (× π/180) while reading") == true)
    }

    @Test func anotherUnitIsAnErrorNamingIt() {
        #expect(throws: RecordingError.malformed(
            file: "a.csv", line: 1, column: 2, columnName: "acceleration_x (furlongs)",
            reason: "the header's unit furlongs is not acceleration_x's unit (g) nor one converted to it (m/s²): give the values in g")) {
            _ = try HeaderColumns(
                names: ["timestamp", "acceleration_x (furlongs)", "acceleration_y", "acceleration_z"],
                required: Self.layout, file: "a.csv")
        }
        #expect(throws: RecordingError.malformed(
            file: "p.csv", line: 1, column: 2, columnName: "activity (m)",
            reason: "the header states a unit (m), but activity holds labels, not numbers")) {
            _ = try HeaderColumns(names: ["timestamp", "activity (m)"], required: ["timestamp", "activity"], file: "p.csv")
        }
    }

    /// An exact name wins over a decorated one; two decorated spellings of one name are a doubled column.
    @Test func exactNamesWinAndDecoratedDoublesAreErrors() throws {
        let columns = try HeaderColumns(names: Self.layout + ["Acceleration_X"], required: Self.layout, file: "a.csv")
        #expect(columns.fields == [0, 1, 2, 3])
        #expect(throws: RecordingError.malformed(
            file: "a.csv", line: 1, column: 5, columnName: "acceleration_x",
            reason: "column \"acceleration_x\" appears twice in the header (columns 2 and 5: \"ACCELERATION_X\", \"acceleration_x (g)\")")) {
            _ = try HeaderColumns(
                names: ["timestamp", "ACCELERATION_X", "acceleration_y", "acceleration_z", "acceleration_x (g)"],
                required: Self.layout, file: "a.csv")
        }
    }
}
