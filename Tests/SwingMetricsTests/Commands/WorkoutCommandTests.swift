import Foundation
import MotionRecording
import SwingSimulation
import Testing
import WorkoutSimulation
import _TestSupport

/// End-to-end tests of `swing-metrics workout` on the built binary.
@Suite struct WorkoutCommandTests {
    /// A breaststroke swim, a tennis practice (6 hits) and a run, 800/200 Hz, written as a native file in a fresh
    /// directory (removed by the caller), with its ground truth.
    static func workoutFile() throws -> (directory: URL, file: URL, truth: ActivityTruth) {
        let session = ActivitySession.swimPracticeRun(stretchDuration: 45)
        let directory = try CommandRunner.temporaryDirectory()
        let file = directory.appendingPathComponent("workout.npz")
        try NativeFormat.write(session.recording, to: file)
        return (directory, file, session.truth)
    }

    @Test func jsonFollowsTheContract() throws {
        let (directory, file, truth) = try Self.workoutFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try CommandRunner.run(
            ["workout", file.path, "--sport", "tennis", "--step-length", "1.1", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        // Keys in the contract's order (docs/architecture.md §5.4).
        let keys = [
            "recording", "duration", "segments", "steps", "cadence", "distance", "swings", "issues", "swingsLeftOut",
            "dataCase", "swingDataCase",
        ]
        let positions = keys.map { text.range(of: "\"\($0)\"")?.lowerBound }
        #expect(!positions.contains(nil))
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(object["recording"] as? String == file.path)
        let duration = try #require(object["duration"] as? Double)
        let trueDuration = truth.segments.last!.end - truth.segments.first!.start
        #expect(abs(duration - trueDuration) < 0.1)
        let segments = try #require(object["segments"] as? [[String: Any]])
        #expect(segments.map { $0["activity"] as? String }.contains("swimming"))
        #expect(segments.map { $0["activity"] as? String }.contains("swingSport"))
        #expect(segments.map { $0["activity"] as? String }.contains("running"))
        for segment in segments {
            let start = try #require(segment["start"] as? Double)
            let end = try #require(segment["end"] as? Double)
            let confidence = try #require(segment["confidence"] as? Double)
            #expect(start < end && confidence > 0 && confidence <= 1)
        }
        // Steps of the 45 s run: counted from the simulated heel strikes, within 15 %.
        let run = truth.segments[2]
        let trueSteps = Double(truth.steps(from: run.start, to: run.end))
        let steps = try #require(object["steps"] as? Int)
        #expect(abs(Double(steps) - trueSteps) / trueSteps < 0.15, "\(steps) steps, \(trueSteps) true")
        let cadence = try #require(object["cadence"] as? Double)
        #expect(cadence > 2.3 && cadence < 3.8, "running cadence in steps/s")
        let distance = try #require(object["distance"] as? Double)
        #expect(abs(distance - Double(steps) * 1.1) <= 0.55)
        let swings = try #require(object["swings"] as? Int)
        #expect(swings >= 5 && swings <= 7, "the practice's 6 hits are kept")
        #expect(object["swingsLeftOut"] as? [Any] != nil)
        #expect(object["dataCase"] as? String == "full")
        // No pressure, pedometer or activity in this recording: the barometry keys and `device` are null.
        for key in ["elevationGain", "elevationLoss", "floorsAscended", "floorsDescended", "maxDepth", "device"] {
            #expect(object.keys.contains(key) && object[key] is NSNull, "\(key)")
        }
        #expect((object["submersions"] as? [Any])?.isEmpty == true)
        #expect(object["issues"] as? [Any] != nil)
    }

    @Test("pressure and the device's pedometer stored as .npz and as interchange CSV: floors, elevation and the device comparison")
    func slowerStreamsThroughFiles() throws {
        // A 50 Hz walk up 4 floors and down 2 with its pressure on the same clock; the device counted 3 up, 2 down.
        let (session, pressureTruth) = ActivitySession.stairWalk()
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let npz = directory.appendingPathComponent("stairs.npz")
        try NativeFormat.write(session.recording, to: npz)
        let interchange = directory.appendingPathComponent("stairs")
        try InterchangeCSVWriter.write(session.recording, to: interchange)
        var outputs: [[String: Any]] = []
        for input in [npz, interchange] {
            let result = try CommandRunner.run(["workout", input.path, "--format", "json"])
            #expect(result.status == 0, "\(result.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect(object["floorsAscended"] as? Int == pressureTruth.floorsAscended, "\(input.lastPathComponent)")
            #expect(object["floorsDescended"] as? Int == pressureTruth.floorsDescended, "\(input.lastPathComponent)")
            let gain = try #require(object["elevationGain"] as? Double)
            #expect(abs(gain - pressureTruth.elevationGain) < 1, "\(input.lastPathComponent): \(gain) m")
            #expect(object["maxDepth"] is NSNull)
            let device = try #require(object["device"] as? [String: Any])
            #expect(device["steps"] as? Int == 300 && device["floorsAscended"] as? Int == 3)
            outputs.append(object)
        }
        #expect(outputs[0]["elevationGain"] as? Double == outputs[1]["elevationGain"] as? Double)
    }

    @Test func oneBadFileCostsNothingElseAndTheExitStatusSaysSo() throws {
        let (directory, file, _) = try Self.workoutFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = directory.appendingPathComponent("garbage.bin")
        try Data([0, 1, 2, 3, 255, 254]).write(to: garbage)
        let result = try CommandRunner.run(
            ["workout", garbage.path, file.path, "--sport", "tennis", "--format", "jsonl", "--no-progress"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let failed = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((failed["error"] as? String)?.contains("garbage.bin") == true)
        #expect(failed["duration"] is NSNull && failed["steps"] is NSNull)
        let analysed = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        #expect(analysed["error"] == nil)
        #expect((analysed["segments"] as? [Any])?.isEmpty == false)
        #expect(result.standardError.contains("garbage.bin"))
        #expect(result.standardError.contains("1 of 2 recordings failed"))
    }

    @Test func csvHasOneRowPerSegmentAndTheTableSummarises() throws {
        let (directory, file, _) = try Self.workoutFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = try CommandRunner.run(["workout", file.path, "--sport", "tennis", "--format", "jsonl"])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let segments = try #require(object["segments"] as? [[String: Any]])

        let csv = try CommandRunner.run(["workout", file.path, "--sport", "tennis", "--format", "csv"])
        #expect(csv.status == 0)
        let rows = csv.standardOutput.split(separator: "\n").map { $0.split(separator: ",").map(String.init) }
        #expect(
            rows[0] == [
                "recording", "segment", "start", "end", "activity", "confidence", "steps", "cadence", "elevationGain",
                "elevationLoss", "floorsAscended", "floorsDescended", "maxDepth", "status", "error",
            ])
        #expect(rows.count == segments.count + 1)
        #expect(rows.dropFirst().map { $0[4] } == segments.map { $0["activity"] as! String })

        let table = try CommandRunner.run(["workout", file.path, "--sport", "tennis"])
        #expect(table.status == 0)
        let steps = try #require(object["steps"] as? Int)
        #expect(table.standardOutput.contains("\(steps) steps"), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("cadence (steps/s)"))
    }

    /// The real backstroke swim (the optional shared datasets, skipped when absent): every swing the swing analysis finds is
    /// a stroke, left out with the reason.
    @Test(.enabled(if: SharedDatasets.file("sensor-logger-swim/Back0626") != nil))
    func realSwimLeavesEverySwingOut() throws {
        let swim = try #require(SharedDatasets.file("sensor-logger-swim/Back0626"))
        let result = try CommandRunner.run(["workout", swim.path, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["swings"] as? Int == 0)
        #expect(object["steps"] as? Int == 0)
        #expect(object["cadence"] is NSNull && object["distance"] is NSNull)
        let leftOut = try #require(object["swingsLeftOut"] as? [[String: Any]])
        #expect(leftOut.count >= 10)
        for swing in leftOut {
            #expect(swing["activity"] as? String == "swimming")
            #expect((swing["reason"] as? String)?.hasPrefix("inside a swimming segment (") == true)
        }
        let table = try CommandRunner.run(["workout", swim.path])
        #expect(table.standardOutput.contains("\(leftOut.count) swings left out: inside a swimming segment"))
    }

    @Test func badStepLengthIsAUsageError() throws {
        let result = try CommandRunner.run(["workout", "Datasets/sample", "--step-length", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--step-length"))
    }
}
