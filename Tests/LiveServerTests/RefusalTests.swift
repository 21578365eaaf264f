import Foundation
import HummingbirdWSClient
import LiveServer
import Logging
import MotionRecording
import Testing

@Suite("Bad clients are refused with a close code; other sessions carry on")
struct RefusalTests {
    static let end = ScriptedClient.Step.text("{\"type\":\"end\"}")

    /// Streams the sample in a good session while `bad` runs against the same server; the good one must still get
    /// exactly the offline swings.
    func whileAGoodSessionStreams(
        _ configure: @escaping (inout LiveServerConfiguration) -> Void = { _ in },
        _ bad: @escaping @Sendable (Int) async throws -> Exchange
    ) async throws -> Exchange {
        let (badExchange, good) = try await TestServer.with(configure) { port, _ in
            async let good = ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[...])
                    + [Self.end, .await("summary")])
            let badExchange = try await bad(port)
            return (badExchange, try await good)
        }
        #expect(good.swingTexts == Fixtures.sampleOfflineSwings)
        #expect(good.closeCode == 1000)
        return badExchange
    }

    @Test("a malformed binary frame closes its connection with 4001 and an error naming the byte")
    func malformedBinary() async throws {
        var frame = BinaryBatchFrame.encode(Fixtures.sampleBatches[0])
        frame[2] = 9  // version
        let badFrame = frame
        let bad = try await whileAGoodSessionStreams { port in
            try await ScriptedClient(port: port).run([.text(ScriptedClient.announce()), .await("session"), .binary(badFrame)])
        }
        #expect(bad.closeCode == 4001)
        let message = try #require(bad.first("error")?["message"] as? String)
        #expect(message == "binary batch frame, byte 2: version 9 (this server reads version 1)")
    }

    @Test("a truncated frame and non-JSON text are refused with 4001")
    func truncatedAndGarbage() async throws {
        let frame = BinaryBatchFrame.encode(Fixtures.sampleBatches[0])
        let bad = try await whileAGoodSessionStreams { port in
            let truncated = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session"), .binary(Array(frame.dropLast(3)))])
            #expect(truncated.closeCode == 4001)
            #expect((truncated.first("error")?["message"] as? String)?.contains("6400 samples") == false)
            return try await ScriptedClient(port: port).run([.text("{not json")])
        }
        #expect(bad.closeCode == 4001)
        #expect(bad.first("error")?["message"] as? String == "JSON message, field \"\": not JSON")
    }

    @Test("a frame over --max-frame-bytes closes with 1009")
    func oversizedFrame() async throws {
        let bad = try await whileAGoodSessionStreams({ $0.maximumFrameBytes = 64 << 10 }) { port in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session"), .binary([UInt8](repeating: 0x42, count: 200 << 10))])
        }
        #expect(bad.closeCode == 1009)
    }

    @Test("protocol violations close with 4000: batch before announce, sequence gap")
    func protocolViolations() async throws {
        let bad = try await whileAGoodSessionStreams { port in
            let early = try await ScriptedClient(port: port).run([.batch(Fixtures.sampleBatches[0])])
            #expect(early.closeCode == 4000)
            #expect(early.first("error")?["message"] as? String == "protocol: batch before announce")
            return try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session"), .batch(Fixtures.sampleBatches[0]),
                    .batch(Fixtures.sampleBatches[2])])
        }
        #expect(bad.closeCode == 4000)
        #expect(bad.first("error")?["message"] as? String == "protocol: batch 2 after batch 0: expected 1")
    }

    @Test("time going backwards and NaN samples close with 4001 naming batch and sample")
    func invalidSamples() async throws {
        guard case .accelerometer(var data) = Fixtures.sampleBatches.first(where: { $0.stream == .accelerometer })!.samples
        else { return }
        let good = LiveBatch(sequence: 0, samples: .accelerometer(data))
        let again = LiveBatch(sequence: 1, samples: .accelerometer(data))
        data.x[5] = .nan
        let nanBatch = LiveBatch(sequence: 0, samples: .accelerometer(data))
        let first = data.timestamps[0]
        let last = data.timestamps[data.count - 1]
        let bad = try await whileAGoodSessionStreams { port in
            let backwards = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session"), .batch(good), .batch(again)])
            #expect(backwards.closeCode == 4001)
            #expect(
                backwards.first("error")?["message"] as? String
                    == "accelerometer batch 1: first timestamp \(first) s is before the previous batch's last (\(last) s)")
            return try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session"), .batch(nanBatch)])
        }
        #expect(bad.closeCode == 4001)
        #expect(bad.first("error")?["message"] as? String == "accelerometer batch 0: x[5] is not finite")
    }

    @Test("a token over its session limit is refused with 4009; another token is not")
    func sessionsPerToken() async throws {
        let (holder, refused, other) = try await TestServer.with({ $0.maximumSessionsPerToken = 1 }) { port, _ in
            let (started, continuation) = AsyncStream<Void>.makeStream()
            // Holds the token's one slot until the server shuts down.
            let holding = Task {
                try await ScriptedClient(port: port).run(
                    [.text(ScriptedClient.announce()), .await("session"), .await("never")],
                    onStepsDone: {}, onMessage: { if $0["type"] as? String == "session" { continuation.yield() } })
            }
            var iterator = started.makeAsyncIterator()
            _ = await iterator.next()
            let refused = try await ScriptedClient(port: port).run([.text(ScriptedClient.announce()), .await("session")])
            let other = try await ScriptedClient(port: port, token: TestServer.otherToken).run(
                [.text(ScriptedClient.announce()), .await("session"), Self.end, .await("summary")])
            return (holding, refused, other)
        }
        #expect(refused.closeCode == 4009)
        #expect(other.closeCode == 1000)
        let held = try await holder.value
        #expect(held.closeCode == 1001)
        #expect(held.first("summary")?["reason"] as? String == "shutdown")
    }

    @Test("a session sending faster than --max-batch-rate is closed with 4029")
    func batchRate() async throws {
        let exchange = try await TestServer.with({
            $0.maximumBatchRate = 0.1
            $0.batchBurstSeconds = 20
        }) { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[..<30]))
        }
        #expect(exchange.closeCode == 4029)
        // The bucket holds 2 batches (0.1/s × 20 s) and refills one in 10 s: two were applied, the third refused.
        #expect(exchange.lastAck == 1)
        #expect(exchange.first("error")?["message"] as? String == "more than 0.1 batches per second (sustained)")
    }

    @Test("a silent connection is finished with its summary and closed with 4008, the silence counted from its last message")
    func idleTimeout() async throws {
        // The announce and all 20 batches are written back to back before the client goes silent, so no gap of the
        // client's own between messages (its task waiting for a core on a loaded machine) can pass for silence; the
        // server counts from the end of the last message it handled.
        let timeout = 3.0
        let batches = Fixtures.sampleBatches[..<20]
        let exchange = try await TestServer.with({ $0.idleTimeout = timeout }) { port, _ in
            try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce())] + batches.map { .unpacedBatch($0) } + [.awaitAck(19)])
        }
        #expect(exchange.closeCode == 4008)
        #expect(exchange.lastAck == 19)
        #expect(exchange.first("summary")?["reason"] as? String == "idle")
        #expect(exchange.first("summary")?["batches"] as? Int == 20)
        // The server read the last batch after the client began writing it: the summary comes the timeout after that
        // at the earliest.
        let summary = try #require(exchange.arrival(of: "summary"))
        let lastWrite = try #require(exchange.lastWrite)
        #expect(summary - lastWrite >= .seconds(timeout), "summary \(summary - lastWrite) after the last write")
    }
}
