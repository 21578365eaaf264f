import Foundation
import LiveServer
import Testing

@Suite("Resume after a dropped connection; graceful shutdown")
struct ResumeAndShutdownTests {
    static let end = ScriptedClient.Step.text("{\"type\":\"end\"}")

    @Test("a client that drops and resumes gets every swing exactly once, equal to offline", arguments: [17, 60, 95])
    func resumeAfterDrop(dropAfter: Int) async throws {
        let batches = Fixtures.sampleBatches
        let (first, second) = try await TestServer.with { port, _ in
            // Sends batches up to `dropAfter`, then one more without reading its ack or swings, and drops.
            let first = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(batches[..<dropAfter])
                    + [.binary(BinaryBatchFrame.encode(batches[dropAfter])), .drop])
            let session = try #require(first.session)
            // Wait for the server to notice the drop.
            try await Task.sleep(for: .milliseconds(200))
            let second = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce(session: session, swingsReceived: first.swingTexts.count)),
                    .await("session")]
                    + Fixtures.steps(batches[(first.lastAck.map { $0 + 1 } ?? 0)...]) + [Self.end, .await("summary")])
            return (first, second)
        }
        let resumed = try #require(second.first("session"))
        #expect(resumed["resumed"] as? Bool == true)
        #expect(resumed["nextSequence"] as? Int == dropAfter + 1)  // the dropped batch was applied
        #expect(first.swingTexts + second.swingTexts == Fixtures.sampleOfflineSwings)
        #expect(first.swingIndices + second.swingIndices == Array(0..<Fixtures.sampleOfflineSwings.count))
        #expect(second.first("summary")?["batches"] as? Int == batches.count)
    }

    @Test("another token cannot resume a session (4004)")
    func resumeNeedsTheSameToken() async throws {
        let refused = try await TestServer.with { port, _ in
            let first = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[..<4])
                    + [.drop])
            try await Task.sleep(for: .milliseconds(200))
            return try await ScriptedClient(port: port, token: TestServer.otherToken).run(
                [.text(ScriptedClient.announce(session: first.session)), .await("session")])
        }
        #expect(refused.closeCode == 4004)
    }

    @Test("shutdown with sessions open pushes their pending swings and summaries, then closes with 1001")
    func shutdownFlushesOpenSessions() async throws {
        let sessions = 3
        let exchanges = try await TestServer.with { port, server in
            let (ready, continuation) = AsyncStream<Void>.makeStream()
            let clients = (0..<sessions).map { _ in
                Task {
                    try await ScriptedClient(port: port).run(
                        [.text(ScriptedClient.announce()), .await("session")]
                            + Fixtures.steps(Fixtures.sampleBatches[...]),
                        onStepsDone: { continuation.yield() })
                }
            }
            var iterator = ready.makeAsyncIterator()
            for _ in 0..<sessions { _ = await iterator.next() }
            await server.shutdown()
            var results: [Exchange] = []
            for client in clients { results.append(try await client.value) }
            return results
        }
        for exchange in exchanges {
            #expect(exchange.swingTexts == Fixtures.sampleOfflineSwings)
            #expect(exchange.first("summary")?["reason"] as? String == "shutdown")
            #expect(exchange.closeCode == 1001)
        }
    }
}
