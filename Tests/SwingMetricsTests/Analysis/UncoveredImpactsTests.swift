import Foundation
import MotionRecording
import Testing
import _TestSupport

@testable import swing_metrics

/// Impacts where device motion has no samples are reported, not dropped: Datasets/sample with its device motion cut
/// after 27 s (a watch app that stopped its motion updates) loses the 4 hits of its second half as swings, and says
/// so with their times.
@Suite struct UncoveredImpactsTests {
    static let motion = StreamSummary(
        sampleCount: 1000, start: 10, end: 20, medianSpacing: 0.005, estimatedRate: 200,
        gaps: [Gap(start: 14, duration: 2)], batchCount: 10)

    @Test func onlyImpactsOutsideTheSpanOrInAGapAreReported() throws {
        let finding = try #require(UncoveredImpacts.finding([5, 12, 15, 18, 25.5], deviceMotion: Self.motion))
        #expect(finding.kind == "uncovered-impacts")
        #expect(finding.message == "3 impact(s) where device motion has no samples (it spans 10.000–20.000 s, with 1 gap(s)) at 5.000, 15.000, 25.500 s: no rotation to tell a swing from a tap, so not reported as swings")
        #expect(UncoveredImpacts.finding([12, 18], deviceMotion: Self.motion) == nil, "claps while rotation is known")
        #expect(UncoveredImpacts.finding([5], deviceMotion: nil) == nil)
    }

    /// The message for Datasets/sample cut as ``cutDeviceMotion()`` cuts it: the four hits of the full recording
    /// after 27 s (its impacts at 77380.31, 77384.60, 77389.21, 77393.65 s).
    static let cutMessage = "4 impact(s) where device motion has no samples (it spans 77349.029–77376.105 s) at 77380.310, 77384.597, 77389.206, 77393.647 s: no rotation to tell a swing from a tap, so not reported as swings"

    /// Datasets/sample with its device motion cut after 27 s, in a fresh directory (removed by the caller).
    static func cutDeviceMotion() throws -> URL {
        let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
        let directory = try CommandRunner.temporaryDirectory()
        try FileManager.default.copyItem(
            at: sample.appendingPathComponent("accelerometer.csv"), to: directory.appendingPathComponent("accelerometer.csv"))
        let motion = try String(contentsOf: sample.appendingPathComponent("device_motion.csv"), encoding: .utf8)
        try motion.split(separator: "\n").prefix(5430).joined(separator: "\n").appending("\n")
            .write(to: directory.appendingPathComponent("device_motion.csv"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test func deviceMotionThatStopsEarlyReportsTheImpactsAfterIt() throws {
        let directory = try Self.cutDeviceMotion()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try CommandRunner.run(["analyze", directory.path, "--format", "json"], timeout: 120)
        #expect(output.status == 0, "\(output.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect((object["swings"] as? [Any])?.count == 4)
        let issue = try #require((object["issues"] as? [[String: Any]])?.first { $0["kind"] as? String == "uncovered-impacts" })
        #expect(issue["message"] as? String == Self.cutMessage)
    }
}
