import Foundation
import Testing
@testable import MotionRecording

/// The malformed corpus in Fixtures/malformed: each file gives the expected finding or error, never a crash.
@Suite struct MalformedInputTests {
    func load(_ path: String, format: RecordingFormat? = nil) throws -> Recording {
        try RecordingImporter.load(FixtureFiles.url("malformed/" + path), format: format)
    }

    func error(_ path: String, format: RecordingFormat? = nil) -> String? {
        do {
            _ = try RecordingImporter.load(FixtureFiles.url("malformed/" + path), format: format)
            return nil
        } catch {
            return error.description
        }
    }

    /// A file cut short inside its last line: the complete rows are analysed, the cut line dropped and reported.
    @Test func truncatedMidLine() throws {
        let recording = try load("truncated")
        #expect(recording.accelerometer?.count == 10)
        let finding = try #require(recording.hygiene.findings(ofKind: .truncated).first)
        #expect(finding.file?.hasSuffix("truncated/accelerometer.csv") == true && finding.line == 12)
        #expect(finding.message.contains("expected 4 fields, found 2"), "\(finding.message)")
    }

    @Test func truncatedRawDump() throws {
        let recording = try load("raw-truncated-accelerometer.csv")
        #expect(recording.accelerometer?.count == 1)
        let finding = try #require(recording.hygiene.findings(ofKind: .truncated).first)
        #expect(finding.file?.hasSuffix("raw-truncated-accelerometer.csv") == true && finding.line == 3)
    }

    /// The other text importers report a cut last line the same way: interchange device motion, SensorLog and
    /// Sensor Logger (each file of the export on its own).
    @Test func truncatedDeviceMotionSensorLogAndSensorLoggerFiles() throws {
        let interchange = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: interchange) }
        var motion = InterchangeCSV.deviceMotionHeader.joined(separator: ",") + "\n"
        for index in 0..<3 { motion += "\(Double(index) / 200),1,0,0,0,0,0,-1,0,0,0,0.1,0.2,0.3\n" }
        motion += "0.015,1,0,0,0,0,0,-1,0,0,0,0.1,0.2"
        try Data(motion.utf8).write(to: interchange.appendingPathComponent(InterchangeCSV.deviceMotionFileName))
        let fromInterchange = try RecordingImporter.load(interchange)
        #expect(fromInterchange.deviceMotion?.count == 3)
        #expect(fromInterchange.hygiene.findings(ofKind: .truncated).first?.line == 5)

        let sensorLog = try String(contentsOf: FixtureFiles.url("sensorlog/sensorlog-watch.csv"), encoding: .utf8)
        var lines = sensorLog.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        let cut = lines.dropLast().joined(separator: "\n") + "\n" + lines.last!.prefix(lines.last!.count / 2)
        let fromSensorLog = try RecordingImporter.load(FixtureFiles.write(cut, named: "sensorlog-cut.csv"))
        let complete = try RecordingImporter.load(FixtureFiles.url("sensorlog/sensorlog-watch.csv"))
        #expect(fromSensorLog.hygiene.findings(ofKind: .truncated).first?.line == lines.count)
        #expect(
            (fromSensorLog.accelerometer?.count ?? 0) + (fromSensorLog.deviceMotion?.count ?? 0)
                < (complete.accelerometer?.count ?? 0) + (complete.deviceMotion?.count ?? 0))

        var accelerometer = "time,seconds_elapsed,z,y,x\n"
        for index in 0..<40 { accelerometer += "\(1_700_000_000_000_000_000 + index * 1_250_000),\(Double(index) / 800),-1,0.01,0.02\n" }
        accelerometer += "1700000000050000000,0.05,-1,0.0"
        let files: SensorLogger.Files = [
            "WatchAccelerometerUncalibrated.csv": (Data(accelerometer.utf8), "WatchAccelerometerUncalibrated.csv")
        ]
        let fromSensorLogger = try SensorLogger.read(files: files).finished()
        #expect(fromSensorLogger.accelerometer?.count == 40)
        let finding = try #require(fromSensorLogger.hygiene.findings(ofKind: .truncated).first)
        #expect(finding.file == "WatchAccelerometerUncalibrated.csv" && finding.line == 42)
    }

    /// UTF-16 without a byte-order mark gets an error that says what to change; with one, and a semicolon-separated
    /// export with decimal commas, are read as the UTF-8 comma-separated file (as a directory and alone), and reported.
    @Test func utf16WithoutAMarkSaysWhatToChangeAndSpreadsheetExportsAreRead() throws {
        let text = "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0.1,0.2,-1.0\n1.00125,0.1,0.2,-1.0\n"
        // Without a byte-order mark UTF-16 is not guessed at: the error says what to change.
        var utf16: [UInt8] = []
        for unit in text.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16File = FixtureFiles.write(bytes: utf16, named: "utf16.csv")
        #expect {
            try RecordingImporter.load(utf16File)
        } throws: { error in
            "\(error)".hasSuffix("utf16.csv: unrecognised format: UTF-16 text, not UTF-8 or ASCII: save the file as UTF-8 CSV")
        }
        // With one (little- or big-endian), it is read as the UTF-8 text and reported.
        for bigEndian in [false, true] {
            var marked: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in text.utf16 { marked += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let recording = try RecordingImporter.load(FixtureFiles.write(bytes: marked, named: "accelerometer.csv"))
            #expect(recording.accelerometer?.timestamps == [1.0, 1.00125] && recording.accelerometer?.y == [0.2, 0.2])
            #expect(recording.hygiene.findings(ofKind: .layout).map(\.message) == [
                "UTF-16 text (\(bigEndian ? "big" : "little")-endian with a byte-order mark, as a spreadsheet's \"Unicode Text\" saves it) read as UTF-8, the same characters"
            ])
        }
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let semicolons = text.replacingOccurrences(of: ",", with: ";").replacingOccurrences(of: ".", with: ",")
        let file = directory.appendingPathComponent("accelerometer.csv")
        try Data(semicolons.utf8).write(to: file)
        for url in [directory, file] {
            #expect(try RecordingImporter.detectFormat(url) == .interchangeCSV)
            let recording = try RecordingImporter.load(url)
            #expect(recording.accelerometer?.timestamps == [1.0, 1.00125])
            #expect(recording.accelerometer?.z == [-1, -1] && recording.accelerometer?.x == [0.1, 0.1])
            let finding = try #require(recording.hygiene.findings(ofKind: .layout).first)
            #expect(finding.file == file.path && finding.line == 1)
            #expect(finding.message.hasPrefix("fields separated by semicolons with decimal commas"))
        }
    }

    @Test func emptyFile() {
        #expect(error("empty")?.hasSuffix("empty/accelerometer.csv: file is empty") == true)
        #expect(error("empty/accelerometer.csv")?.hasSuffix("empty/accelerometer.csv: file is empty") == true)
    }

    @Test func headerOnly() {
        let message = error("header-only")
        #expect(message?.contains("header-only: no samples (header only, or every row dropped): ") == true, "\(message ?? "")")
        #expect(message?.hasSuffix("header-only/accelerometer.csv") == true)
    }

    @Test func wrongAppsHeader() {
        let message = error("wrong-app-header.csv")
        // Read as a generic CSV, but one row cannot say the time's unit: the error shows the map to give.
        #expect(message?.hasSuffix("wrong-app-header.csv: unrecognised format: header \"time,ax,ay,az,aT\" (line 1): the time column's unit is not in its name and not clear from the values (s, ms, us, ns, iso8601 or time-of-day); give the columns and units, e.g. --columns 'time=time:s,accel=ax,ay,az:m/s2' (units: time s|ms|us|ns|iso8601|time-of-day, accel g|m/s2, gyro rad/s|deg/s; see --help)") == true, "\(message ?? "")")
        let forced = error("wrong-app-header.csv", format: .interchangeCSV)
        #expect(forced?.hasSuffix("wrong-app-header.csv:1: header lacks columns \"timestamp\", \"acceleration_x\", \"acceleration_y\", \"acceleration_z\" (header: \"time,ax,ay,az,aT\"; columns are found by name: timestamp,acceleration_x,acceleration_y,acceleration_z)") == true, "\(forced ?? "")")
    }

    @Test func crlfAndByteOrderMarkReadNormally() throws {
        for name in ["crlf", "bom"] {
            let recording = try load(name)
            #expect(recording.accelerometer?.count == 20)
            #expect(recording.accelerometer?.timestamps.first == 10.0)
            #expect(recording.accelerometer?.z.allSatisfy { $0 == -1 } == true)
            #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
        }
    }

    @Test func notANumberRowIsDroppedAndReported() throws {
        let recording = try load("nan")
        #expect(recording.accelerometer?.count == 19)
        let finding = try #require(recording.hygiene.findings(ofKind: .nan).first)
        #expect(finding.line == 7)
        #expect(finding.file?.hasSuffix("nan/accelerometer.csv") == true)
        #expect(finding.message.contains("1 accelerometer row(s) with NaN/Inf (first at line 7, x); dropped"))
    }

    @Test func timeGoingBackwardsIsSortedAndReported() throws {
        let recording = try load("backwards")
        let timestamps = try #require(recording.accelerometer?.timestamps)
        #expect(timestamps.count == 20)
        #expect(zip(timestamps, timestamps.dropFirst()).allSatisfy { $0 < $1 })
        let finding = try #require(recording.hygiene.findings(ofKind: .nonMonotonic).first)
        #expect(finding.line == 11)
    }

    @Test func duplicatedRowIsDroppedAndReported() throws {
        let recording = try load("duplicated")
        #expect(recording.accelerometer?.count == 20)
        let finding = try #require(recording.hygiene.findings(ofKind: .duplicateRows).first)
        #expect(finding.line == 6)
        #expect(finding.message.contains("dropped"))
    }

    @Test func hugeValueIsDroppedAndReported() throws {
        let recording = try load("huge")
        #expect(recording.accelerometer?.count == 19)
        let finding = try #require(recording.hygiene.findings(ofKind: .outOfRange).first)
        #expect(finding.line == 14)
        #expect(finding.message.contains("x = 1e+30"))
    }

    @Test func binaryGarbageIsRejected() {
        let message = error("garbage.bin")
        #expect(message?.hasSuffix("garbage.bin: unrecognised format: binary data that is neither a zip/npz archive nor CSV text") == true, "\(message ?? "")")
        let forced = error("garbage.bin", format: .rawBatchedDump(stream: .accelerometer))
        #expect(forced?.hasSuffix("garbage.bin: binary data, not CSV text") == true, "\(forced ?? "")")
    }

    @Test func zipThatIsNotSensorLoggers() {
        let message = error("not-sensor-logger.zip")
        #expect(message?.contains("not-sensor-logger.zip: unrecognised format: zip archive is neither a native .npz") == true, "\(message ?? "")")
        #expect(message?.hasSuffix("members: readme.txt, data/points.csv") == true)
    }

    @Test func gapIsReportedAndSplitsBatches() throws {
        let recording = try load("gap-accelerometer.csv")
        let finding = try #require(recording.hygiene.findings(ofKind: .gap).first)
        #expect(finding.line == 402)
        let gap = try #require(recording.hygiene.accelerometer?.gaps.first)
        #expect(abs(gap.start - (100 + 399 * 0.00125)) < 1e-9)
        #expect(abs(gap.duration - 0.50125) < 1e-9)
        #expect(recording.accelerometerBatchEnds == [400, 800])
    }

    @Test func saturationIsReported() throws {
        let recording = try load("saturated-accelerometer.csv")
        let finding = try #require(recording.hygiene.findings(ofKind: .saturation).first)
        #expect(finding.line == 54)
        #expect(finding.message.contains("x flat at 16.0 g for 4 samples"))
        #expect(recording.accelerometer?.count == 108)
    }

    @Test func metresPerSecondSquaredAreConverted() throws {
        let recording = try load("ms2")
        let finding = try #require(recording.hygiene.findings(ofKind: .units).first)
        #expect(finding.message.contains("converted to g"))
        let z = try #require(recording.accelerometer?.z.first)
        #expect(abs(z - Float(-9.81 / 9.80665)) < 1e-6)
    }

    /// Every corpus entry, through auto-detection and each explicit format: a result or a RecordingError.
    @Test func nothingCrashes() throws {
        let root = FixtureFiles.url("malformed")
        let entries = try FileManager.default.contentsOfDirectory(atPath: root.path)
        let formats: [RecordingFormat?] = [
            nil, .interchangeCSV, .rawBatchedDump(stream: nil), .rawBatchedDump(stream: .deviceMotion), .sensorLogger,
            .sensorLog, .native,
        ]
        for entry in entries {
            for format in formats {
                do {
                    _ = try RecordingImporter.load(root.appendingPathComponent(entry), format: format)
                } catch {
                    #expect(!error.description.isEmpty)
                    #expect(!error.description.contains("\n"))
                }
            }
        }
    }
}
