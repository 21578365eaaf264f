import Foundation
import Testing
import _TestSupport

/// End-to-end tests of `swing-metrics analyze` on the built binary.
@Suite struct AnalyzeCommandTests {
    static let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample").path

    /// The sample's ground truth (truth.json beside it): swing count, contact count, duration.
    static func sampleTruth() throws -> (swings: Int, contacts: Int, duration: Double) {
        let data = try Data(contentsOf: URL(fileURLWithPath: sample + "/truth.json"))
        let truth = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let swings = try #require(truth["swings"] as? [[String: Any]])
        let contacts = swings.filter { $0["contact"] as? Bool == true }.count
        let duration = try #require(truth["recordingEnd"] as? Double) - (try #require(truth["recordingStart"] as? Double))
        return (swings.count, contacts, duration)
    }

    @Test func tableListsTheSampleSwings() throws {
        let truth = try Self.sampleTruth()
        let result = try CommandRunner.run(["analyze", Self.sample])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "\(truth.swings) swings: \(truth.contacts) contact, \(truth.swings - truth.contacts) without contact"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("TTC (ms)"))
        #expect(result.standardError.isEmpty)
    }

    @Test func jsonFollowsTheDesignContract() throws {
        let result = try CommandRunner.run(["analyze", Self.sample, "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["recording"] as? String == Self.sample)
        let truth = try Self.sampleTruth()
        let duration = try #require(object["duration"] as? Double)
        #expect(abs(duration - truth.duration) < 0.01)
        #expect(object["issues"] is [Any])
        let swings = try #require(object["swings"] as? [[String: Any]])
        #expect(swings.count == truth.swings)
        for swing in swings {
            for key in ["start", "impact", "timeToContact", "contact", "peakRotationRate"] {
                #expect(swing.keys.contains(key), "missing \(key)")
            }
            let contact = try #require(swing["contact"] as? Bool)
            if contact {
                let start = try #require(swing["start"] as? Double)
                let impact = try #require(swing["impact"] as? Double)
                let ttc = try #require(swing["timeToContact"] as? Double)
                #expect(abs(impact - start - ttc) < 1e-9)
                #expect(ttc > 0.1 && ttc < 0.3)
            } else {
                #expect(swing["impact"] is NSNull)
                #expect(swing["timeToContact"] is NSNull)
            }
        }
        // Key order follows the JSON contract (docs/architecture.md).
        let text = result.standardOutput
        let order = ["\"recording\"", "\"duration\"", "\"swings\"", "\"issues\""].map {
            text.range(of: $0)!.lowerBound
        }
        #expect(order == order.sorted())
    }

    @Test func jsonlAndCsvAgreeWithJSON() throws {
        let jsonl = try CommandRunner.run(["analyze", Self.sample, Self.sample + "/", "--format", "jsonl"])
        #expect(jsonl.status == 0)
        let lines = jsonl.standardOutput.split(separator: "\n")
        #expect(lines.count == 1, "the same recording given twice is analysed once")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        let swings = try #require(object["swings"] as? [[String: Any]])

        let csv = try CommandRunner.run(["analyze", Self.sample, "--format", "csv"])
        #expect(csv.status == 0)
        let rows = csv.standardOutput.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        #expect(Array(header.prefix(7)) == ["recording", "swing", "start", "impact", "timeToContact", "contact", "peakRotationRate"])
        #expect(rows.count == 1 + swings.count)
        let startColumn = header.firstIndex(of: "start")!
        for (row, swing) in zip(rows.dropFirst(), swings) {
            #expect(Double(String(row[startColumn])) == swing["start"] as? Double)
        }
    }

    /// A first recording that fails (or has no swings) must not cut the later recordings' rows to fewer columns.
    @Test func csvHeaderHoldsEverySwingKeyWhenTheFirstRecordingFails() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("a-bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0,0,-1\n1.00125,0,zero,-1\n"
            .write(to: bad.appendingPathComponent("accelerometer.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.sample, toPath: directory.appendingPathComponent("b-good").path)

        let result = try CommandRunner.run(["analyze", directory.path, "--format", "csv"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines[0] == "recording,swing,start,impact,timeToContact,contact,peakRotationRate,accumulatedRotation,"
                + "duration,impactPeak,impactSaturated,impactDominantFrequency,impactBandEnergy,swingPlaneNormal,"
                + "headRotation,headPeakRate,headStill,headRotationBeforeImpact,status,error")
        let failed = Self.csvFields(lines[1])
        #expect(failed.count == 20, "\(failed)")
        #expect(failed[18] == "failed" && failed[19].contains("accelerometer.csv:3"), "\(failed)")
        // The first swing of the sample, a hit: 22.1 g impact peak (README), in the impactPeak column.
        let swing = Self.csvFields(lines[2])
        #expect(swing.count == 20, "\(swing)")
        #expect(swing[1] == "1" && swing[18] == "ok")
        let impactPeak = try #require(Double(swing[9]))
        #expect(abs(impactPeak - 22.148950576782227) < 1e-9)
        #expect(swing[13].hasPrefix("[") && swing[13].hasSuffix("]"))
    }

    /// The fields of one CSV line whose quoted fields hold no quotes (`swingPlaneNormal`), unquoted.
    static func csvFields(_ line: String) -> [String] {
        var fields = [""]
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append("")
            } else {
                fields[fields.count - 1].append(character)
            }
        }
        return fields
    }

    @Test func oneCorruptRecordingDoesNotCostTheOthers() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("a-good")
        try FileManager.default.copyItem(atPath: Self.sample, toPath: good.path)
        let bad = directory.appendingPathComponent("b-bad")
        try FileManager.default.createDirectory(at: bad, withIntermediateDirectories: true)
        try "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0,0,-1\n1.00125,0,zero,-1\n"
            .write(to: bad.appendingPathComponent("accelerometer.csv"), atomically: true, encoding: .utf8)

        let result = try CommandRunner.run(["analyze", directory.path, "--format", "jsonl"])
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect((first["swings"] as? [Any])?.count == (try Self.sampleTruth().swings))
        let second = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let error = try #require(second["error"] as? String)
        #expect(error.contains("accelerometer.csv"))
        #expect(error.contains(":3"), "the error names the line: \(error)")
        #expect(result.standardError.contains("1 of 2 recordings failed"))
    }

    @Test func outputFileIsWrittenWhole() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("swings.json").path
        // Written twice: the second run replaces the first file.
        for format in ["csv", "json"] {
            let result = try CommandRunner.run(["analyze", Self.sample, "--format", format, "--output", output])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(try JSONSerialization.jsonObject(with: data) is [String: Any])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["swings.json"])
    }

    @Test(arguments: [
        ["analyze"],
        ["analyze", "/nonexistent/recording-\(UUID())"],
        ["analyze", "Datasets/sample", "--format", "xml"],
        ["analyze", "Datasets/sample", "--jobs", "0"],
        ["frobnicate"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.standardError)")
        #expect(result.standardError.contains("Error"))
        #expect(!result.standardError.contains("Fatal error"))
    }

    @Test func sportAndConfigOptionsAreAccepted() throws {
        let golf = try CommandRunner.run(["analyze", Self.sample, "--sport", "golf", "--format", "jsonl"])
        #expect(golf.status == 0)
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("bad.json")
        try "{\"impactHighPassCutoff\": -3}".write(to: config, atomically: true, encoding: .utf8)
        let bad = try CommandRunner.run(["analyze", Self.sample, "--config", config.path])
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("bad.json"))
    }
}
