import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct InterchangeCSVTests {
    @Test func readsFixtureDirectory() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let accelerometer = try #require(recording.accelerometer)
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(accelerometer.count == 2000)
        #expect(accelerometer.timestamps[0] == 100.3)
        #expect(accelerometer.timestamps[1] == 100.30125203455616)
        #expect(accelerometer.x[0] == Float("2.4603067e-05"))
        #expect(accelerometer.z[0] == Float("-0.9849857"))
        #expect(deviceMotion.count == 500)
        #expect(deviceMotion.components == .full)
        #expect(deviceMotion.gravityZ.allSatisfy { $0 == -1 })
        #expect(recording.metadata.wrist == .left)
        #expect(recording.metadata.crownSide == .right)
        #expect(recording.metadata.sport == "tennis")
        #expect(recording.metadata.device == "Watch6,18")
        #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_777_991_856))
        #expect(recording.metadata.sourceFormat == "interchange-csv")
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
        let rate = try #require(recording.hygiene.accelerometer?.estimatedRate)
        #expect(abs(rate - 798.7) < 0.1)
        #expect(abs((recording.hygiene.deviceMotion?.estimatedRate ?? 0) - 200) < 0.01)
    }

    @Test func writeThenReadIsExact() throws {
        let original = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try InterchangeCSVWriter.write(original, to: directory)
        let copy = try RecordingImporter.load(directory)
        #expect(copy.accelerometer == original.accelerometer)
        #expect(copy.deviceMotion == original.deviceMotion)
        #expect(copy.metadata == original.metadata)
        // Printed text is identical too (shortest round-trip digits on both sides).
        let originalText = try String(contentsOf: FixtureFiles.url("interchange/basic/accelerometer.csv"), encoding: .utf8)
        let copyText = try String(contentsOf: directory.appendingPathComponent("accelerometer.csv"), encoding: .utf8)
        #expect(copyText.split(separator: "\n").count == originalText.split(separator: "\n").count)
    }

    /// pandas writes a missing value as an empty field (`to_csv`'s default `na_rep`): such a cell is a NaN that the
    /// checks drop and report with its line, in the accelerometer and in a present device-motion group alike, not an
    /// error for the whole file.
    @Test func emptyCellsAreMissingValuesDroppedAndReported() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = FixtureFiles.url("interchange/basic")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        /// Empties field `field` (0-based) of line `line` (1-based, the header is line 1).
        func blank(_ file: String, line: Int, field: Int) throws {
            let url = directory.appendingPathComponent(file)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            var fields = lines[line - 1].components(separatedBy: ",")
            fields[field] = ""
            lines[line - 1] = fields.joined(separator: ",")
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        try blank("accelerometer.csv", line: 302, field: 3)
        try blank("device_motion.csv", line: 50, field: 6)  // gravity_y

        let recording = try RecordingImporter.load(directory)
        #expect(recording.accelerometer?.count == 1999)
        #expect(recording.deviceMotion?.count == 499)
        #expect(recording.deviceMotion?.components == .full)
        let nan = recording.hygiene.findings.filter { $0.kind == HygieneFinding.Kind.nan.rawValue }
        #expect(nan.count == 2, "\(recording.hygiene.findings)")
        #expect(nan.contains { $0.file?.hasSuffix("accelerometer.csv") == true && $0.line == 302 }, "\(nan)")
        #expect(nan.contains { $0.file?.hasSuffix("device_motion.csv") == true && $0.line == 50 }, "\(nan)")
    }

    @Test func rotationOnlyDeviceMotionRoundTripsWithEmptyGroups() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw/tiny-rotation.csv"))
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try InterchangeCSVWriter.write(recording, to: directory)
        let text = try String(contentsOf: directory.appendingPathComponent("device_motion.csv"), encoding: .utf8)
        #expect(text.split(separator: "\n")[1] == "67782.08207686669,,,,,,,,,,,-0.07,0.006,0.01")
        let copy = try RecordingImporter.load(directory)
        #expect(copy.deviceMotion == recording.deviceMotion)
        #expect(copy.deviceMotion?.components == .rotationRate)
        #expect(copy.accelerometer == nil)
    }

    @Test func singleStreamFileIsAccepted() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic/device_motion.csv"))
        #expect(recording.accelerometer == nil)
        #expect(recording.deviceMotion?.count == 500)
    }

    /// A missing column is named with the file, line 1 and the header found.
    @Test func missingColumnIsNamedWithTheHeader() {
        let url = FixtureFiles.write(
            "timestamp,acceleration_x,accel_y,acceleration_z\n1.0,0,0,-1\n", named: "accelerometer.csv")
        #expect {
            try RecordingImporter.load(url.deletingLastPathComponent(), format: .interchangeCSV)
        } throws: { error in
            "\(error)".hasSuffix("accelerometer.csv:1: header lacks column \"acceleration_y\" (header: \"timestamp,acceleration_x,accel_y,acceleration_z\"; columns are found by name: timestamp,acceleration_x,acceleration_y,acceleration_z)")
        }
    }

    /// Writes `source`'s rows into `url` with its columns in the order `order` (indices into `source`'s header;
    /// `nil` is an extra column named `extraName` holding `extra(line)`).
    static func rewrite(_ source: URL, to url: URL, order: [Int?], extraName: String = "label", extra: (Int) -> String = { "r\($0)" }) throws {
        let lines = try String(contentsOf: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: true)
        let text = lines.enumerated().map { number, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return order.map { $0.map { fields[$0] } ?? (number == 0 ? extraName : extra(number)) }.joined(separator: ",")
        }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: url)
    }

    /// A spreadsheet that moved `z` before `y` and added a `label` column, and pandas' row index (`Unnamed: 0`)
    /// before a shuffled device motion: read by header name to the very same samples, each file's rearrangement
    /// reported at line 1 — through the in-memory reader and the spilled one (`RecordingSource`) alike.
    @Test func reorderedAndExtraColumnsAreReadByName() throws {
        let source = FixtureFiles.url("interchange/basic")
        let original = try RecordingImporter.load(source)
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: source.appendingPathComponent("metadata.json"), to: directory.appendingPathComponent("metadata.json"))
        try Self.rewrite(
            source.appendingPathComponent("accelerometer.csv"), to: directory.appendingPathComponent("accelerometer.csv"),
            order: [0, 1, 3, 2, nil])
        try Self.rewrite(
            source.appendingPathComponent("device_motion.csv"), to: directory.appendingPathComponent("device_motion.csv"),
            order: [nil, 0, 11, 12, 13, 1, 2, 3, 4, 8, 9, 10, 5, 6, 7], extraName: "Unnamed: 0", extra: { "\($0 - 1)" })
        for recording in [try RecordingImporter.load(directory), try RecordingSource.open(directory).loaded()] {
            #expect(recording.accelerometer == original.accelerometer)
            #expect(recording.deviceMotion == original.deviceMotion)
            let notes = recording.hygiene.findings(ofKind: .columns)
            #expect(notes.map(\.line) == [1, 1], "\(recording.hygiene.findings)")
            #expect(notes.count == recording.hygiene.findings.count, "\(recording.hygiene.findings)")
            #expect(notes.first { $0.file?.hasSuffix("/accelerometer.csv") == true }?.message
                == "columns in the order timestamp,acceleration_x,acceleration_z,acceleration_y, read by name; 1 extra column ignored: \"label\" (column 5)")
            #expect(notes.first { $0.file?.hasSuffix("/device_motion.csv") == true }?.message.hasSuffix(
                "read by name; 1 extra column ignored: \"Unnamed: 0\" (column 1)") == true, "\(notes)")
        }
        // The exact layout reads without a note (the single-pass path).
        #expect(original.hygiene.findings(ofKind: .columns).isEmpty)
    }

    /// Headers as a spreadsheet leaves them — a byte-order mark, other case, blanks, quotes, unit suffixes — read the
    /// same samples: `(g)` as written, `(m/s^2)` and `(deg/s)` converted (÷ 9.80665, × π/180, to within a Float
    /// rounding of the original), the renamed columns reported once per file (`columns`) and each conversion
    /// (`units`) — in memory and through the spill (`RecordingSource`) alike.
    @Test func decoratedHeadersAndUnitSuffixesAreReadAndReported() throws {
        let source = FixtureFiles.url("interchange/basic")
        let original = try RecordingImporter.load(source)
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let accelerometer = try #require(original.accelerometer)
        var text = "\u{FEFF}Timestamp, \"Acceleration_X (m/s^2)\",ACCELERATION_Y [m/s²],acceleration_z (m/s^2)\n"
        for row in 0..<accelerometer.count {
            let scaled = [accelerometer.x[row], accelerometer.y[row], accelerometer.z[row]].map { Float(Double($0) * 9.80665) }
            text += "\(accelerometer.timestamps[row]),\(scaled.map(\.description).joined(separator: ","))\n"
        }
        try Data(text.utf8).write(to: directory.appendingPathComponent("accelerometer.csv"))
        let motion = try String(contentsOf: source.appendingPathComponent("device_motion.csv"), encoding: .utf8)
        let header = InterchangeCSV.deviceMotionHeader.map { "\($0.uppercased()) (\($0.hasPrefix("gravity") || $0.hasPrefix("user") ? "g" : $0.hasPrefix("rotation") ? "rad/s" : $0 == "timestamp" ? "s" : "1"))" }
        try Data((header.joined(separator: ",") + motion.drop { $0 != "\n" }).utf8)
            .write(to: directory.appendingPathComponent("device_motion.csv"))
        for recording in [try RecordingImporter.load(directory), try RecordingSource.open(directory).loaded()] {
            #expect(recording.deviceMotion == original.deviceMotion)
            let read = try #require(recording.accelerometer)
            #expect(read.timestamps == accelerometer.timestamps)
            for (got, want) in zip(read.x + read.y + read.z, accelerometer.x + accelerometer.y + accelerometer.z) {
                #expect(abs(got - want) <= want.ulp, "\(got) vs \(want)")
            }
            let columns = recording.hygiene.findings(ofKind: .columns)
            #expect(columns.count == 2 && columns.allSatisfy { $0.line == 1 }, "\(recording.hygiene.findings)")
            #expect(columns.first { $0.file?.hasSuffix("/accelerometer.csv") == true }?.message.hasPrefix(
                "header names read ignoring case, blanks, quotes and unit: \"Timestamp\" (column 1) as timestamp, \"Acceleration_X (m/s^2)\" (column 2) as acceleration_x") == true, "\(columns)")
            let units = recording.hygiene.findings(ofKind: .units)
            #expect(units.map(\.message) == [
                "columns \"Acceleration_X (m/s^2)\" (column 2), \"ACCELERATION_Y [m/s²]\" (column 3), \"acceleration_z (m/s^2)\" (column 4) are in m/s², as the header says: converted to g (÷ 9.80665) while reading",
            ])
        }
    }

    /// A gyroscope file whose header says °/s is converted to rad/s while reading, in memory and spilled alike.
    @Test func gyroscopeHeaderInDegreesPerSecondIsConverted() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var accelerometer = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
        var gyroscope = "Timestamp,Rotation_Rate_X (deg/s),Rotation_Rate_Y (deg/s),Rotation_Rate_Z (deg/s)\n"
        for row in 0..<800 {
            accelerometer += "\(Double(row) / 800),0,0,-1\n"
            if row % 4 == 0 { gyroscope += "\(Double(row) / 800),90,-180,\(row)\n" }
        }
        try Data(accelerometer.utf8).write(to: directory.appendingPathComponent("accelerometer.csv"))
        try Data(gyroscope.utf8).write(to: directory.appendingPathComponent("gyroscope.csv"))
        for recording in [try RecordingImporter.load(directory), try RecordingSource.open(directory).loaded()] {
            let rates = try #require(recording.gyroscope)
            #expect(rates.count == 200)
            #expect(rates.x.allSatisfy { $0 == Float(Double.pi / 2) } && rates.y.allSatisfy { $0 == Float(-Double.pi) })
            #expect(abs(rates.z[10] - Float(40 * Double.pi / 180)) <= Float(0.7).ulp)
            #expect(recording.hygiene.findings(ofKind: .units).map(\.line) == [1])
        }
    }

    /// A file given on its own is told device motion by its column names, in any order.
    @Test func singleReorderedDeviceMotionFileIsDeviceMotion() throws {
        let source = FixtureFiles.url("interchange/basic/device_motion.csv")
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("motion-export.csv")
        try Self.rewrite(source, to: url, order: [nil] + Array(0..<14).reversed())
        let recording = try RecordingImporter.load(url)
        #expect(recording.deviceMotion == (try RecordingImporter.load(source)).deviceMotion)
        #expect(recording.accelerometer == nil)
    }

    @Test func nonNumberNamesLineAndColumn() {
        var text = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
        for index in 0..<1232 { text += "\(Double(index) / 800),0,0,-1\n" }
        text += "1.54,0,abc,-1\n"
        let url = FixtureFiles.write(text, named: "accelerometer.csv")
        #expect {
            try RecordingImporter.load(url.deletingLastPathComponent())
        } throws: { error in
            "\(error)".hasSuffix("accelerometer.csv:1234: column 3 \"acceleration_y\": \"abc\" is not a number")
        }
    }
}
