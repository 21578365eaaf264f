import Foundation
import Testing
import _TestSupport

/// `workout` and `report` analyse a raw IMU recording (accelerometer + gyroscope, no device motion) as `analyze`
/// does: fused first. Without that, `workout` ran the swing analysis on the accelerometer alone (8 impacts instead of
/// the 9 swings, `swingDataCase` `accelerometerOnly`) and the report drew no rotation.
@Suite(.serialized) struct RecordingAnalysisJobWorkoutTests {
    /// The bundled recording as a raw IMU recording in a fresh directory (removed by the caller): its accelerometer,
    /// and its device motion's rotation rate as `gyroscope.csv`.
    static func rawIMURecording() throws -> (directory: URL, recording: URL) {
        let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
        let directory = try CommandRunner.temporaryDirectory()
        let recording = directory.appendingPathComponent("imu")
        try FileManager.default.createDirectory(at: recording, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("accelerometer.csv"), to: recording.appendingPathComponent("accelerometer.csv"))
        let motion = try String(contentsOf: sample.appendingPathComponent("device_motion.csv"), encoding: .utf8)
        let gyroscope = motion.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",")
            return ([fields[0]] + fields[11...13]).joined(separator: ",")
        }
        try (["timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z"] + gyroscope).joined(separator: "\n")
            .appending("\n").write(to: recording.appendingPathComponent("gyroscope.csv"), atomically: true, encoding: .utf8)
        return (directory, recording)
    }

    static func object(_ output: CommandRunner.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    }

    /// `workout` lists the impacts after device motion stops in its issues, as `analyze` does (before, only
    /// `analyze` did: workout's 4 swings came without a word about the 4 later hits).
    @Test func uncoveredImpactsAreListedAsAnalyzeListsThem() throws {
        let directory = try UncoveredImpactsTests.cutDeviceMotion()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CommandRunner.run(["workout", directory.path, "--format", "json"], timeout: 120)
        #expect(output.status == 0, "\(output.standardError)")
        let object = try Self.object(output)
        #expect(object["swings"] as? Int == 4)
        let issues = try #require(object["issues"] as? [[String: Any]])
        let uncovered = issues.filter { $0["kind"] as? String == "uncovered-impacts" }
        #expect(uncovered.count == 1 && uncovered.first?["message"] as? String == UncoveredImpactsTests.cutMessage, "\(issues)")
    }

    @Test func workoutFusesARawIMURecordingAsAnalyzeDoes() throws {
        let (directory, recording) = try Self.rawIMURecording()
        defer { try? FileManager.default.removeItem(at: directory) }
        let analyzed = try Self.object(try CommandRunner.run(["analyze", recording.path, "--format", "json"], timeout: 120))
        let swings = try #require(analyzed["swings"] as? [[String: Any]])
        #expect(swings.count == 9)
        #expect(analyzed["dataCase"] as? String == "full")
        let output = try CommandRunner.run(["workout", recording.path, "--format", "json"], timeout: 120)
        #expect(output.status == 0, "\(output.standardError)")
        let workout = try Self.object(output)
        #expect(workout["swingDataCase"] as? String == "full")
        #expect(workout["dataCase"] as? String == "full")
        #expect(workout["swings"] as? Int == swings.count)
        let kinds = (workout["issues"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
        #expect(kinds.contains("fused"))
        #expect(!kinds.contains("missing-stream"), "\(kinds)")
    }

    @Test func reportTracesShowTheFusedRotation() throws {
        let (directory, recording) = try Self.rawIMURecording()
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("imu.html")
        let output = try CommandRunner.run(["report", recording.path, "-o", page.path], timeout: 120)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("(9 swings)"), "\(output.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("rotation along gravity"))
        #expect(html.contains("device motion computed by sensor fusion"))
    }
}
