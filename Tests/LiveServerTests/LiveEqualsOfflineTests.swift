import Foundation
import LiveServer
import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing
import _TestSupport
@testable import LiveServer

@Suite("Live swings equal offline ones")
struct LiveEqualsOfflineTests {
    @Test("the sample streamed as binary frames gives analyze's swings, byte for byte, with a summary")
    func binaryFramesEqualOffline() async throws {
        #expect(Fixtures.sampleOfflineSwings.count >= 5)
        let exchange = try await TestServer.with { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[...])
                    + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        #expect(exchange.swingTexts == Fixtures.sampleOfflineSwings)
        #expect(exchange.swingIndices == Array(0..<Fixtures.sampleOfflineSwings.count))
        let summary = try #require(exchange.first("summary"))
        #expect(summary["swings"] as? Int == Fixtures.sampleOfflineSwings.count)
        #expect(summary["batches"] as? Int == Fixtures.sampleBatches.count)
        #expect(summary["reason"] as? String == "end")
        #expect(summary["dataCase"] as? String == "full")
        #expect(exchange.closeCode == 1000)
        // Every swing was pushed before the end (the sample's last swing is decided by a later batch), i.e. live.
        let decidedLive = exchange.messages.filter { $0["type"] as? String == "swing" && $0["sequence"] is Int }
        #expect(decidedLive.count == Fixtures.sampleOfflineSwings.count)
    }

    @Test("JSON batch frames give the same swings as binary ones")
    func jsonFramesEqualOffline() async throws {
        let exchange = try await TestServer.with { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.sampleBatches.map { .jsonBatch($0) }
                    + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        #expect(exchange.swingTexts == Fixtures.sampleOfflineSwings)
    }

    @Test("the swings equal the `swing-metrics analyze --format jsonl` output of the stored recording")
    func equalsCommandLineOutput() async throws {
        let output = try CommandRunner.run(["analyze", "Datasets/sample", "--format", "jsonl"])
        #expect(output.status == 0)
        let exchange = try await TestServer.with { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[...])
                    + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        #expect(!exchange.swingTexts.isEmpty)
        #expect(output.standardOutput.contains("\"swings\":[" + exchange.swingTexts.joined(separator: ",") + "]"))
    }

    @Test("a recorded session analysed by `swing-metrics analyze` gives the swings pushed live, byte for byte")
    func recordingEqualsLive() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-record-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let exchange = try await TestServer.with({ $0.recordDirectory = directory }) { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce(record: true)), .await("session")]
                    + Fixtures.steps(Fixtures.sampleBatches[...]) + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        let path = try #require(exchange.first("summary")?["recording"] as? String)
        #expect(path == directory.appendingPathComponent("\(exchange.session ?? "").npz").path)
        let output = try CommandRunner.run(["analyze", path, "--format", "jsonl"])
        #expect(output.status == 0)
        #expect(!exchange.swingTexts.isEmpty)
        #expect(output.standardOutput.contains("\"swings\":[" + exchange.swingTexts.joined(separator: ",") + "]"))
    }

    @Test("several sessions at once each get their own swings (simulated sessions with different seeds)")
    func concurrentSessionsAreIsolated() async throws {
        let recordings = (1...3).map { seed in
            var configuration = SimulationConfiguration.baseball(seed: UInt64(seed))
            configuration.duration = 70
            return SimulatedSession(configuration: configuration).recording
        }
        let expected = recordings.map { SwingAnalyzer.analyze($0, configuration: .baseball).swings.map(\.json.serialized) }
        let got = try await TestServer.with { port, _ in
            try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                for (i, recording) in recordings.enumerated() {
                    group.addTask {
                        let exchange = try await ScriptedClient(port: port).run(
                            [.text(ScriptedClient.announce()), .await("session")]
                                + Fixtures.steps(LiveBatch.batches(of: recording)[...])
                                + [.text("{\"type\":\"end\"}"), .await("summary")])
                        return (i, exchange.swingTexts)
                    }
                }
                var results = [[String]](repeating: [], count: recordings.count)
                for try await (i, swings) in group { results[i] = swings }
                return results
            }
        }
        #expect(expected.allSatisfy { !$0.isEmpty })
        #expect(got == expected)
    }
}
