import Foundation
import Testing
@testable import MotionRecording

/// What ``RecordingImporter`` says about files that are not what their names or layouts claim: each error names the
/// file, the line where one applies, and the real problem (not the symptom a reader would hit later).
@Suite struct RecordingImporterTests {
    static let header = "timestamp,acceleration_x,acceleration_y,acceleration_z"
    static let rows = (0..<40).map { "\(1000 + Double($0) / 800),0.1,0.2,-1" }

    static func message(_ url: URL) -> String {
        do {
            _ = try RecordingImporter.load(url)
            return "loaded"
        } catch {
            return error.description
        }
    }

    /// A `.zip` or `.npz` that is text (a download's HTML error page, a renamed CSV) is named as such, rather than
    /// read as a CSV whose header is "no time column".
    @Test func archivesThatAreNotZipFilesSaySo() {
        let zip = FixtureFiles.write("<!DOCTYPE html><html><body>Not found</body></html>\n", named: "export.zip")
        #expect(Self.message(zip).hasSuffix(
            "export.zip: unrecognised format: named .zip but not a zip archive (a zip file starts with \"PK\", this one with \"<!DOCTYPE html><html><bo\")"),
            "\(Self.message(zip))")
        let npz = FixtureFiles.write(([Self.header] + Self.rows).joined(separator: "\n"), named: "session.NPZ")
        #expect(Self.message(npz).contains("session.NPZ: unrecognised format: named .npz but not a zip archive"))
    }

    /// A spreadsheet's `Timestamp` or a unit suffix does not hide an interchange file or directory from detection.
    @Test func decoratedInterchangeHeadersAreDetected() throws {
        let decorated = "\"Timestamp\",Acceleration_X (g),ACCELERATION_Y,acceleration_z [m/s^2]"
        #expect(RecordingImporter.isInterchangeHeader(decorated))
        let file = FixtureFiles.write(([decorated] + Self.rows).joined(separator: "\n") + "\n", named: "export.csv")
        #expect(try RecordingImporter.detectFileFormat(file) == .interchangeCSV)
        let inDirectory = FixtureFiles.write(([decorated] + Self.rows).joined(separator: "\n") + "\n", named: "accelerometer.csv")
        #expect(try RecordingImporter.detectDirectoryFormat(inDirectory.deletingLastPathComponent()) == .interchangeCSV)
        // acceleration_z in m/s²: × 1/9.80665 while reading, reported.
        let recording = try RecordingImporter.load(file)
        #expect(recording.accelerometer?.z.first == Float(-1 / 9.80665))
        #expect(recording.hygiene.findings(ofKind: .units).count == 1)
    }

    /// A repository cloned without `git lfs pull` holds pointer files in place of its recordings, under any name.
    @Test func gitLFSPointersSayToFetchTheContents() {
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a2146\nsize 1048576\n"
        for name in ["session.npz", "accelerometer.csv"] {
            let url = FixtureFiles.write(pointer, named: name)
            #expect(Self.message(url).hasSuffix(
                "\(name): unrecognised format: a Git LFS pointer file, not the recording itself: fetch the contents with 'git lfs pull'"))
        }
    }

    /// pandas' `to_csv` without `index=False` puts an unnamed row-index column first (`Unnamed: 0` once read back and
    /// written again): the columns are found by name, so the file reads as written, the index reported as ignored.
    @Test func aRowIndexBeforeTheTimestampIsIgnoredAndReported() throws {
        for (indexName, shown) in [("", "\"\""), ("Unnamed: 0", "\"Unnamed: 0\"")] {
            let directory = FixtureFiles.temporaryDirectory()
            let text = ([indexName + "," + Self.header] + Self.rows.enumerated().map { "\($0),\($1)" }).joined(separator: "\n")
            try Data(text.utf8).write(to: directory.appendingPathComponent("accelerometer.csv"))
            let recording = try RecordingImporter.load(directory)
            #expect(recording.accelerometer?.count == 40)
            #expect(recording.accelerometer?.timestamps.last == 1000 + 39.0 / 800)
            #expect(recording.accelerometer?.y.allSatisfy { $0 == 0.2 } == true)
            let note = recording.hygiene.findings(ofKind: .columns).first
            #expect(note?.line == 1 && note?.message == "1 extra column ignored: \(shown) (column 1)", "\(recording.hygiene.findings)")
        }
    }

    /// A recording left without samples says which findings dropped its rows (here: timestamps rounded to 0.1 s by
    /// a spreadsheet, eight 800 Hz samples per value), not only "header only, or every row dropped".
    @Test func noSamplesLeftSaysWhatDroppedThem() {
        let rounded = (0..<800).map { "\(1000 + Double($0 / 80) / 10),\(Double($0) / 1000),0.2,-1" }
        let url = FixtureFiles.write(([Self.header] + rounded).joined(separator: "\n") + "\n", named: "accelerometer.csv")
        let message = Self.message(url)
        #expect(message.contains(
            "accelerometer.csv: no samples (header only, or every row dropped): \(url.path); \(url.path):3: duplicate-timestamps: 790 of 800 accelerometer samples share the timestamp of the one before"),
            "\(message)")
        #expect(message.hasSuffix(
            "790 of 800 accelerometer samples share the timestamp of the one before with different values (first at line 3, t = 1000.0 s): the timestamps are multiples of 0.1 s while the 800 samples span 0.9 s (one every 0.00113 s, ≈ 887.8 Hz), which needs 0.0001 s or finer; the timestamps were rounded (too few digits, e.g. 5.63E+04 s or 1.70004E+12 ms from a spreadsheet) and no longer say when each sample was taken; stream dropped — save the time column with all its digits (a number format with enough decimals, not General or Scientific) or read the original file"),
            "\(message)")
        // Epoch milliseconds in scientific notation (1.70004E+12): one time for every sample.
        let scientific = (0..<800).map { "1.70004E+12,\(Double($0) / 1000),0.2,-1" }
        let epoch = FixtureFiles.write(([Self.header] + scientific).joined(separator: "\n") + "\n", named: "accelerometer.csv")
        #expect(Self.message(epoch).hasSuffix(
            "\(epoch.path):3: duplicate-timestamps: 799 of 800 accelerometer samples share the timestamp of the one before with different values (first at line 3, t = 1700040000000.0 s): all 800 samples have one and the same timestamp; the timestamps were rounded (too few digits, e.g. 5.63E+04 s or 1.70004E+12 ms from a spreadsheet) and no longer say when each sample was taken; stream dropped — save the time column with all its digits (a number format with enough decimals, not General or Scientific) or read the original file"),
            "\(Self.message(epoch))")
    }

    /// Times rounded to a step as coarse as their spacing (100 Hz written to 0.01 s) share a timestamp now and then:
    /// kept, and the finding says that they were rounded and by how much, in memory and spilled alike.
    @Test func timesRoundedToTheirSpacingAreReportedAsRounded() throws {
        let rows = (0..<800).map { "\(String(format: "%.2f", 1000 + Double($0) / 100.7)),\(Double($0) / 1000),0.2,-1" }
        let url = FixtureFiles.write(([Self.header] + rows).joined(separator: "\n") + "\n", named: "accelerometer.csv")
        var messages: [String] = []
        for threshold in [Int.max, 0] {
            let source = try RecordingSource.open(url, spillThreshold: threshold)
            #expect(try source.loaded().accelerometer?.count == 800)
            messages += source.hygiene.findings(ofKind: .duplicateTimestamps).map(\.message)
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
        #expect(messages.first
            == "6 accelerometer sample(s) share the timestamp of the one before with different values (first at line 74, t = 1000.71 s): the timestamps are multiples of 0.01 s while the 800 samples span 7.93 s (one every 0.00992 s, ≈ 100.8 Hz), which needs 0.0001 s or finer — rounded, each time off by up to half a step; kept")
    }
}
