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

    /// The slower streams survive `convert` both ways byte for byte, and `inspect` lists them with counts and rates.
    @Test func convertCarriesTheSlowerStreamsAndInspectListsThem() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let accelerometer = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
            + (0..<400).map { "\(Double($0) / 100),0.0,0.0,-1.0\n" }.joined()
        let files = [
            "accelerometer.csv": accelerometer,
            "pressure.csv": "timestamp,pressure,relative_altitude\n0.5,101.325,0.0\n1.5,101.3214,0.3\n2.5,101.3178,\n3.5,101.3142,0.9\n",
            "location.csv": "timestamp,latitude,longitude,altitude,speed,horizontal_accuracy\n1.0,52.520008,13.404954,34.5,,4.5\n2.0,52.520011,13.404975,34.75,1.25,4.5\n",
            "pedometer.csv": "timestamp,steps,distance,floors_ascended,floors_descended\n2.0,3,2.25,,\n3.75,7,,,\n",
            "activity.csv": "timestamp,activity,confidence\n0.0,stationary,high\n1.5,walking,medium\n",
        ]
        for (name, text) in files { try text.write(to: input.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let npz = directory.appendingPathComponent("r.npz").path
        let toNative = try CommandRunner.run(["convert", input.path, npz])
        #expect(toNative.status == 0, "\(toNative.standardError)")
        let output = directory.appendingPathComponent("out")
        let back = try CommandRunner.run(["convert", npz, output.path])
        #expect(back.status == 0, "\(back.standardError)")
        for (name, text) in files {
            #expect(try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8) == text, "\(name)")
        }
        let inspect = try CommandRunner.run(["inspect", npz])
        #expect(inspect.status == 0, "\(inspect.standardError)")
        #expect(inspect.standardOutput.contains("  pressure: 4 samples, 0.500–3.500 s, 1.000 Hz\n"), "\(inspect.standardOutput)")
        #expect(inspect.standardOutput.contains("  location: 2 samples, 1.000–2.000 s, 1.000 Hz\n"))
        #expect(inspect.standardOutput.contains("  activity (device's classification): 2 samples"))
        let json = try CommandRunner.run(["inspect", npz, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let others = try #require(object["otherStreams"] as? [String: Any])
        #expect(Set(others.keys) == ["pressure", "location", "pedometer", "activity"])
        #expect((others["pedometer"] as? [String: Any])?["sampleCount"] as? Int == 2)
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
