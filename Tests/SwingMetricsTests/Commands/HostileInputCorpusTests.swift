import Foundation
@testable import MotionRecording
import Testing
import _TestSupport

/// The hostile-input corpus, built in a temporary directory from the bundled sample recording: every case runs the
/// real binary with a time limit (a hang fails rather than blocks) and asserts its expected outcome — a clean
/// error naming the file (and line), a reported repair with the clean file's result, or the clean file's result.
@Suite(.serialized) struct HostileInputCorpusTests {
    static let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
    static let limit = 60.0

    static func run(_ arguments: [String]) throws -> CommandRunner.Output {
        let output = try CommandRunner.run(arguments, timeout: limit)
        #expect(output.status != -1, "swing-metrics \(arguments.joined(separator: " ")) did not finish in \(limit) s")
        return output
    }

    /// `analyze --format json` of one path, parsed.
    static func analysis(_ path: String) throws -> (status: Int32, object: [String: Any], stderr: String) {
        let output = try run(["analyze", path, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any] ?? [:]
        return (output.status, object, output.standardError)
    }

    static func contacts(_ object: [String: Any]) -> [Any] {
        ((object["swings"] as? [[String: Any]]) ?? []).map { $0["contact"] ?? NSNull() }
    }

    // MARK: Hangs

    @Test func symbolicLinkLoopsEndAndAnalyseTheRecordingOnce() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = root.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sample, to: a.appendingPathComponent("rec"))
        try FileManager.default.createSymbolicLink(atPath: a.appendingPathComponent("loop").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(atPath: a.appendingPathComponent("loop2").path, withDestinationPath: "..")
        let output = try Self.run(["analyze", root.path, "--format", "jsonl"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.split(separator: "\n").count == 1)
        #expect(output.standardError.contains("skipped: directory already searched"))
    }

    @Test func fifosAreSkippedInDirectoriesAndFailAloneWhenGiven() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.sample, to: root.appendingPathComponent("rec"))
        let fifo = root.appendingPathComponent("notes.txt")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let searched = try Self.run(["analyze", root.path, "--format", "jsonl"])
        #expect(searched.status == 0, "\(searched.standardError)")
        #expect(searched.standardError.contains("notes.txt: skipped: a FIFO (named pipe), not a regular file"))
        let given = try Self.run(["analyze", fifo.path, root.appendingPathComponent("rec").path, "--format", "jsonl"])
        #expect(given.status == 1)
        #expect(given.standardError.contains("notes.txt: cannot read: a FIFO (named pipe), not a regular file"))
        #expect(given.standardOutput.split(separator: "\n").count == 2)
    }

    // MARK: Silently wrong results from .npz

    enum Damage: String, CaseIterable {
        case nan, milliseconds, metresPerSecondSquared, backwards
    }

    @Test(arguments: Damage.allCases)
    func damagedNativeFilesAreRepairedToTheCleanResult(_ damage: Damage) throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var recording = try RecordingImporter.load(Self.sample)
        let clean = root.appendingPathComponent("clean.npz")
        try NativeFormat.write(recording, to: clean)
        var a = try #require(recording.accelerometer)
        switch damage {
        case .nan: for index in stride(from: 1000, to: a.count, by: 20_000) { a.x[index] = .nan }
        case .milliseconds: a.timestamps = a.timestamps.map { $0 * 1000 }
        case .metresPerSecondSquared:
            (a.x, a.y, a.z) = (a.x.map { $0 * 9.80665 }, a.y.map { $0 * 9.80665 }, a.z.map { $0 * 9.80665 })
        case .backwards: a.timestamps.swapAt(5000, 5001)
        }
        recording.accelerometer = a
        recording.hygiene = HygieneReport()
        let damaged = root.appendingPathComponent("damaged.npz")
        try NativeFormat.write(recording, to: damaged)
        let reference = try Self.analysis(clean.path)
        let result = try Self.analysis(damaged.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((result.object["issues"] as? [Any])?.isEmpty == false, "the repair is reported")
        let expected = Self.contacts(reference.object).map { "\($0)" }
        #expect(Self.contacts(result.object).map { "\($0)" } == expected)
        if damage != .milliseconds {  // ms timestamps convert back with rounding: same swings, times within 1 µs
            #expect(abs((result.object["duration"] as? Double ?? 0) - (reference.object["duration"] as? Double ?? 0)) < 1e-6)
        }
    }

    @Test func anNpzWithoutOurArraysFails() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("weights.npz")
        try NpzWriter.write([("weights", .float32([1, 2, 3]))], to: url)
        let output = try Self.run(["analyze", url.path])
        #expect(output.status == 1)
        #expect(output.standardError.contains(
            "weights.npz: unrecognised format: not a recording: a numpy archive of 1 array (weights), none of them a recording's"),
            "\(output.standardError)")
    }

    // MARK: Contact where nothing is known

    @Test func deviceMotionOnlyRecordingsHaveUnknownContact() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("dm")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.sample.appendingPathComponent("device_motion.csv"),
            to: directory.appendingPathComponent("device_motion.csv"))
        let result = try Self.analysis(directory.path)
        #expect(result.status == 0)
        let contacts = Self.contacts(result.object)
        #expect(!contacts.isEmpty)
        #expect(contacts.allSatisfy { $0 is NSNull })
        let csv = try Self.run(["analyze", directory.path, "--format", "csv"])
        let header = csv.standardOutput.split(separator: "\n")[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "contact"))
        for row in csv.standardOutput.split(separator: "\n").dropFirst() {
            #expect(row.split(separator: ",", omittingEmptySubsequences: false)[column] == "")
        }
        let table = try Self.run(["analyze", directory.path])
        #expect(table.standardOutput.contains("unknown"))
        #expect(!table.standardOutput.contains(" miss"))
    }

    // MARK: Lost contacts

    @Test func headerlessInterchangeFilesAreRefusedNamingTheHeader() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let directory = root.appendingPathComponent("noheader")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["accelerometer.csv", "device_motion.csv"] {
            let text = try String(contentsOf: Self.sample.appendingPathComponent(name), encoding: .utf8)
            try text.split(separator: "\n", maxSplits: 1)[1].write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let output = try Self.run(["analyze", directory.path])
        #expect(output.status == 1)
        #expect(output.standardError.contains(
            "accelerometer.csv:1: the header row is missing: line 1 is data; an interchange CSV file starts with \"timestamp,acceleration_x,acceleration_y,acceleration_z\""),
            "\(output.standardError)")
    }

    // MARK: Silent output loss

    @Test func convertRefusesAnExistingDestinationUnlessForced() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let destination = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        try "old".write(to: destination.appendingPathComponent("device_motion.csv"), atomically: true, encoding: .utf8)
        let accelerometerOnly = root.appendingPathComponent("acc")
        try FileManager.default.createDirectory(at: accelerometerOnly, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.sample.appendingPathComponent("accelerometer.csv"),
            to: accelerometerOnly.appendingPathComponent("accelerometer.csv"))
        let refused = try Self.run(["convert", accelerometerOnly.path, destination.path])
        #expect(refused.status == 64)
        #expect(refused.standardError.contains("already exists (a directory holding 1 entry): give --force"))
        let forced = try Self.run(["convert", accelerometerOnly.path, destination.path, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: destination.path).sorted()
        #expect(!names.contains("device_motion.csv"), "the old device motion is gone: \(names)")
        #expect(names.contains("accelerometer.csv"))
    }

    @Test func reportPagesOfSameNamedRecordingsDoNotCollide() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let d = root.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sample, to: d.appendingPathComponent("rec"))
        let converted = try Self.run(["convert", Self.sample.path, d.appendingPathComponent("rec.npz").path])
        #expect(converted.status == 0)
        let pages = root.appendingPathComponent("pages")
        let output = try Self.run(["report", d.appendingPathComponent("rec").path, d.appendingPathComponent("rec.npz").path,
                                   "-o", pages.path + "/"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages.path).sorted() == ["d-rec.html", "d-rec.npz.html"])
    }

    @Test func csvListsFailedAndSwingLessRecordings() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let broken = root.appendingPathComponent("broken.csv")
        try "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,abc,0,1\n".write(
            to: broken, atomically: true, encoding: .utf8)
        let quiet = root.appendingPathComponent("quiet.csv")
        try "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
            .appending((0..<1600).map { "\(1000 + Double($0) / 800),0,0,-1\n" }.joined())
            .write(to: quiet, atomically: true, encoding: .utf8)
        let output = try Self.run(["analyze", Self.sample.path, broken.path, quiet.path, "--format", "csv"])
        #expect(output.status == 1)
        let rows = output.standardOutput.split(separator: "\n")
        #expect(rows[0].hasSuffix(",status,error"))
        #expect(rows.filter { $0.contains(",ok,") || $0.hasSuffix(",ok,") }.count == rows.count - 3)
        let failed = try #require(rows.first { $0.hasPrefix(broken.path) })
        #expect(failed.contains(",failed,"))
        #expect(failed.contains("broken.csv:2: column 2"))
        let none = try #require(rows.first { $0.hasPrefix(quiet.path) })
        #expect(none.hasSuffix(",no-swings,"))
    }

    // MARK: Clear messages

    @Test func unclearInputsGetMessagesThatSayWhatIsWrong() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        var generator = SystemRandomNumberGenerator()
        let random = root.appendingPathComponent("random.csv")
        try Data((0..<300).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: random)
        let classicMac = root.appendingPathComponent("classic.csv")
        let text = try String(contentsOf: Self.sample.appendingPathComponent("accelerometer.csv"), encoding: .utf8)
        try text.prefix(5000).replacingOccurrences(of: "\n", with: "\r").write(
            to: classicMac, atomically: true, encoding: .utf8)
        let metadata = root.appendingPathComponent("meta")
        try FileManager.default.copyItem(at: Self.sample, to: metadata)
        try "{\"wrist\": \"middle\"}".write(
            to: metadata.appendingPathComponent("metadata.json"), atomically: true, encoding: .utf8)
        let json = root.appendingPathComponent("truth.json")
        try FileManager.default.copyItem(at: Self.sample.appendingPathComponent("truth.json"), to: json)
        let unnamedJSON = root.appendingPathComponent("settings.txt")
        try "{\"sport\": \"golf\"}\n".write(to: unnamedJSON, atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            (random.path, "random.csv: unrecognised format: binary data"),
            (json.path, "truth.json: unrecognised format: JSON text, not a recording"),
            (unnamedJSON.path, "settings.txt: unrecognised format: JSON text, not a recording"),
            (classicMac.path, "classic.csv:1: lines end with a lone carriage return"),
            (metadata.path, "metadata.json: invalid metadata JSON: key \"wrist\": "),
        ]
        for (path, message) in cases {
            let output = try Self.run(["analyze", path])
            #expect(output.status == 1)
            #expect(output.standardError.contains(message), "\(output.standardError)")
            #expect(!output.standardError.contains("DecodingError"))
        }
        let jobs = try Self.run(["analyze", Self.sample.path, "--jobs", "-1"])
        #expect(jobs.status == 64)
        #expect(jobs.standardError.contains("--jobs must be at least 1 (got -1)"))
    }

    @Test(.enabled(if: geteuid() != 0, "root reads every file: permissions cannot be denied"))
    func unreadableFilesAndDirectoriesSaySo() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer {
            chmod(root.appendingPathComponent("closed").path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        let file = root.appendingPathComponent("secret.npz")
        try Data([0x50, 0x4B, 3, 4]).write(to: file)
        chmod(file.path, 0)
        let fileOutput = try Self.run(["analyze", file.path])
        #expect(fileOutput.standardError.contains("secret.npz: cannot read: Permission denied"))
        let closed = root.appendingPathComponent("closed")
        try FileManager.default.copyItem(at: Self.sample, to: closed.appendingPathComponent("rec"))
        chmod(closed.path, 0)
        let directoryOutput = try Self.run(["analyze", closed.path])
        #expect(directoryOutput.status == 64)
        #expect(directoryOutput.standardError.contains("closed: cannot list directory"))
    }

    @Test func aZipBombIsRefusedCleanly() throws {
        let root = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("bomb.zip")
        try ZipBuilder.bomb().write(to: url)
        let output = try Self.run(["analyze", url.path])
        #expect(output.status == 1)
        #expect(output.standardError.contains("bomb.zip: invalid zip archive: WristMotion.csv: "))
        #expect(output.standardError.contains("zip bomb"))
    }
}
