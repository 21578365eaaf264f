import Foundation
import Testing
import _TestSupport

/// An output file named in a folder that does not exist (or that is a folder itself) is a usage error, found before
/// anything is read: exit status 64 and one line naming the path and the problem, for every command that writes a
/// file.
@Suite struct OutputLocationTests {
    static let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample").path

    @Test func aMissingFolderIsAUsageErrorNamingIt() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("no-such-folder").path
        let cases: [([String], String)] = [
            (["analyze", Self.sample, "--format", "json", "-o", missing + "/swings.json"], missing + "/swings.json"),
            (["analyze", Self.sample, "--format", "jsonl", "--output", missing + "/swings.jsonl"], missing + "/swings.jsonl"),
            (["workout", Self.sample, "--format", "csv", "-o", missing + "/workout.csv"], missing + "/workout.csv"),
            (["report", Self.sample, "-o", missing + "/sample.html"], missing + "/sample.html"),
            (["report", "--season", Self.sample, "-o", missing + "/season.html"], missing + "/season.html"),
            (["convert", Self.sample, missing + "/sample.npz"], missing + "/sample.npz"),
        ]
        for (arguments, path) in cases {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(
                result.standardError.contains("\(path): cannot write: the folder \(missing) does not exist"),
                "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "nothing is created")
    }

    @Test func aFolderGivenAsTheOutputFileIsAUsageError() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(["analyze", Self.sample, "--format", "csv", "-o", directory.path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("\(directory.path): cannot write: it is a folder; give a file name"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func aFileInAnExistingFolderIsWritten() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A bare file name: the current folder.
        let result = try CommandRunner.run(["analyze", Self.sample, "--format", "jsonl", "-o", "swings.jsonl"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOf: directory.appendingPathComponent("swings.jsonl"), encoding: .utf8)
        #expect(text.split(separator: "\n").count == 1)
    }
}
