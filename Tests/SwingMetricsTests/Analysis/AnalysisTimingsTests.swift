import Foundation
import Testing
import _TestSupport

/// The hidden `analyze --timings` flag (AnalysisTimings.swift), used by Benchmarks/compare_pipeline_with_scipy.py.
@Suite struct AnalysisTimingsTests {
    static let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample").path

    /// Parses `swing-metrics: timings: recordings N, load L s, compute C s, wall W s`.
    static func fields(_ line: Substring) -> [String: Double] {
        var fields: [String: Double] = [:]
        for part in line.split(separator: ":").last!.split(separator: ",") {
            let words = part.split(separator: " ")
            if words.count >= 2, let value = Double(words[1]) { fields[String(words[0])] = value }
        }
        return fields
    }

    @Test func timingsLineOnStandardErrorLeavesOutputUnchanged() throws {
        let plain = try CommandRunner.run(["analyze", Self.sample, "--format", "json"])
        let timed = try CommandRunner.run(["analyze", Self.sample, "--format", "json", "--timings"])
        #expect(timed.status == 0, "\(timed.standardError)")
        #expect(timed.standardOutput == plain.standardOutput)
        let lines = timed.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        let line = try #require(lines.first { $0.hasPrefix("swing-metrics: timings:") })
        let fields = Self.fields(line)
        #expect(fields["recordings"] == 1)
        let load = try #require(fields["load"])
        let compute = try #require(fields["compute"])
        let wall = try #require(fields["wall"])
        #expect(load > 0 && compute > 0)
        #expect(load + compute <= wall)
    }

    @Test func timingsCountEveryRecordingIncludingFailures() throws {
        let scratch = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let bad = scratch.appendingPathComponent("bad.npz")
        try Data("not a zip".utf8).write(to: bad)
        let result = try CommandRunner.run(["analyze", Self.sample, bad.path, "--format", "json", "--timings"])
        #expect(result.status == 1)
        let line = try #require(result.standardError.split(separator: "\n").first { $0.contains("timings:") })
        #expect(Self.fields(line)["recordings"] == 2)
    }

    @Test func timingsFlagIsHiddenFromHelp() throws {
        let help = try CommandRunner.run(["analyze", "--help"])
        #expect(help.status == 0)
        #expect(!help.standardOutput.contains("--timings"))
    }
}
