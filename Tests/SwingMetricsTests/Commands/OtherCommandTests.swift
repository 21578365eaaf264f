import Foundation
import Testing
import _TestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// End-to-end tests of `simulate`, `convert`, `inspect`, `report` and `score` on the built binary.
@Suite struct OtherCommandTests {
    static let sample = AnalyzeCommandTests.sample

    @Test func everyCommandHasHelpWithAnExample() throws {
        for command in ["analyze", "report", "simulate", "convert", "inspect", "score", "fuse"] {
            let result = try CommandRunner.run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.standardOutput.contains("Example"), "\(command) --help has no example")
        }
    }

    /// A duration too short for the requested events is a usage error naming the shortest that works, not a crash.
    @Test func simulateRejectsADurationTooShortForItsEvents() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("short").path
        let result = try CommandRunner.run(["simulate", output, "--seed", "1", "--swings", "1", "--duration", "5"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--duration 5.0 s is too short"), "\(result.standardError)")
        #expect(result.standardError.contains("needs at least"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func simulateConvertInspectRoundTrip() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let simulated = directory.appendingPathComponent("sim").path
        let simulate = try CommandRunner.run(["simulate", simulated, "--seed", "11", "--swings", "6", "--format", "native-npz"])
        #expect(simulate.status == 0, "\(simulate.standardError)")
        #expect(FileManager.default.fileExists(atPath: simulated + "/recording.npz"))
        #expect(FileManager.default.fileExists(atPath: simulated + "/truth.json"))

        let csv = directory.appendingPathComponent("csv").path
        let convert = try CommandRunner.run(["convert", simulated + "/recording.npz", csv])
        #expect(convert.status == 0, "\(convert.standardError)")
        let back = directory.appendingPathComponent("back.npz").path
        #expect(try CommandRunner.run(["convert", csv, back]).status == 0)

        // The same samples through both formats give the same swings.
        let a = try CommandRunner.run(["analyze", simulated + "/recording.npz", "--format", "jsonl"])
        let b = try CommandRunner.run(["analyze", back, "--format", "jsonl"])
        func swings(_ text: String) throws -> String {
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            let data = try JSONSerialization.data(withJSONObject: object["swings"]!, options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try swings(a.standardOutput) == swings(b.standardOutput))

        let inspect = try CommandRunner.run(["inspect", back])
        #expect(inspect.status == 0)
        #expect(inspect.standardOutput.contains("accelerometer:"))
        #expect(inspect.standardOutput.contains("Hz"))
        let inspectJSON = try CommandRunner.run(["inspect", back, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(inspectJSON.standardOutput.utf8)) as? [String: Any])
        let accelerometer = try #require(object["accelerometer"] as? [String: Any])
        let rate = try #require(accelerometer["estimatedRate"] as? Double)
        #expect(rate > 790 && rate < 810)

        let score = try CommandRunner.run(["score", simulated])
        #expect(score.status == 0)
        #expect(score.standardOutput.contains("precision"))
    }

    @Test func inspectNamesFileAndLineOfABadFile() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("accelerometer.csv")
        try "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0,0,-1\n1.00125,0,0\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(["inspect", directory.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("accelerometer.csv:3"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "one clear line")
    }

    @Test func reportIsWellFormedAndSelfContained() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("report.html")
        let result = try CommandRunner.run(["report", Self.sample, "-o", output.path])
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(!html.contains("http://") || !html.contains("src=\"http"), "no network resources")
        #expect(!html.contains("<script"))
        let swings = try AnalyzeCommandTests.sampleTruth().swings
        #expect(html.components(separatedBy: "<svg").count - 1 >= swings * 2, "two plots per swing")
        #expect(html.contains("time to contact"))
        // Parses as XML (the report is written as polyglot XHTML), so tags balance.
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }
}
