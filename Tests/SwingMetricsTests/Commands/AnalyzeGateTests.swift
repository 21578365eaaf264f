import Foundation
import Testing
import _TestSupport

/// `swing-metrics analyze --gate`: the workout's swing gate applied to analyze's swings (docs/architecture.md §5.1).
@Suite struct AnalyzeGateTests {
    /// Runs `analyze` on `file` (tennis preset, JSON) and returns the recording's object and the raw text.
    static func analyze(_ file: URL, gate: Bool) throws -> (object: [String: Any], text: String) {
        let result = try CommandRunner.run(
            ["analyze", file.path, "--sport", "tennis", "--format", "json"] + (gate ? ["--gate"] : []))
        #expect(result.status == 0, "\(result.standardError)")
        let text = result.standardOutput
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (object, text)
    }

    @Test("--gate keeps the practice's swings, lists the others under swingsLeftOut, and changes nothing else")
    func gateSplitsTheSwings() throws {
        let (directory, file, truth) = try WorkoutCommandTests.workoutFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = try Self.analyze(file, gate: false)
        let gated = try Self.analyze(file, gate: true)
        // Without the option the contract is unchanged: no swingsLeftOut key.
        #expect(plain.object["swingsLeftOut"] == nil)
        let all = try #require(plain.object["swings"] as? [[String: Any]])
        let kept = try #require(gated.object["swings"] as? [[String: Any]])
        let leftOut = try #require(gated.object["swingsLeftOut"] as? [[String: Any]])
        // Every swing is either kept or left out, and the kept ones keep the analyzer's order.
        #expect(kept.count + leftOut.count == all.count)
        let allStarts = all.compactMap { $0["start"] as? Double }
        let keptStarts = kept.compactMap { $0["start"] as? Double }
        #expect(keptStarts == allStarts.filter { keptStarts.contains($0) })
        // The practice (the second stretch) holds the 6 hits; they are kept, and nothing outside it is.
        let practice = truth.segments[1]
        #expect(keptStarts.count >= 5, "\(keptStarts)")
        for start in keptStarts { #expect(start >= practice.start - 3 && start <= practice.end + 2) }
        for swing in leftOut {
            let reason = try #require(swing["reason"] as? String)
            let activity = try #require(swing["activity"] as? String)
            #expect(["swimming", "running", "cycling"].contains(activity))
            #expect(reason.hasPrefix("inside a \(activity) segment ("), "\(reason)")
        }
        // The key comes after the existing ones (add, never rename).
        let issues = try #require(gated.text.range(of: "\"issues\""))
        let added = try #require(gated.text.range(of: "\"swingsLeftOut\""))
        #expect(issues.lowerBound < added.lowerBound)
        #expect(gated.object["dataCase"] as? String == plain.object["dataCase"] as? String)
    }

    @Test("the table lists the swings the gate left out, with the reason")
    func tableNamesTheLeftOutSwings() throws {
        let (directory, file, _) = try WorkoutCommandTests.workoutFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gated = try Self.analyze(file, gate: true)
        let leftOut = try #require(gated.object["swingsLeftOut"] as? [[String: Any]])
        let table = try CommandRunner.run(["analyze", file.path, "--sport", "tennis", "--gate", "--no-progress"])
        #expect(table.status == 0)
        if leftOut.isEmpty {
            #expect(!table.standardOutput.contains("left out by the workout gate"))
        } else {
            #expect(table.standardOutput.contains("\(leftOut.count) swing"))
            #expect(table.standardOutput.contains("left out by the workout gate:"))
            #expect(table.standardOutput.contains("inside a "))
        }
    }
}
