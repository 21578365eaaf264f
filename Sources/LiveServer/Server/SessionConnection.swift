import Foundation
import HummingbirdWebSocket
import Logging
import MotionRecording
import NIOCore
import NIOWebSocket
import Synchronization

/// Serves one WebSocket connection: reads the announcement and the batches, feeds the session's analyzer, pushes
/// swings and acknowledgements; ends it on `end`, on server shutdown or on idling (pending swings and the summary
/// pushed first), refuses bad messages and limits with a close code, and hands a dropped session to the store.
///
/// Three tasks race: the reader, the idle watch and the shutdown watch (signalled by ``ConnectionRegistry``); the
/// first to return decides how the connection ends, the others are cancelled, and then the ending runs with the
/// session the reader left.
struct SessionConnection {
    let server: LiveServerState
    let tokenIndex: Int
    let logger: Logger

    /// How the reader (or a watch) ended the connection.
    enum Ending: Sendable {
        case end, shutdown, idle
        case refused(LiveCloseCode, String)
        case dropped
        case failed(any Error)
    }

    /// State the reader hands to the ending. Only one task touches `session` at a time: the reader while the race
    /// runs, the ending after every racer has returned.
    final class Holder: @unchecked Sendable {
        var session: LiveSession?
        var bucket: Double
        var bucketTime: UInt64 = DispatchTime.now().uptimeNanoseconds
        /// When the last message arrived and when the server was done handling it, ns of `DispatchTime` (read by the
        /// idle watch): the server's own time on a message is not the client's silence.
        let lastActivity = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
        init(bucket: Double) { self.bucket = bucket }
    }

    func run(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let configuration = server.configuration
        let holder = Holder(bucket: configuration.maximumBatchRate * configuration.batchBurstSeconds)
        let (connectionID, shutdownSignal) = server.connections.register()
        defer { server.connections.unregister(connectionID) }
        let ending: Ending = await withTaskGroup(of: Ending.self) { group in
            group.addTask { await read(inbound: inbound, outbound: outbound, holder: holder) }
            group.addTask { await watchIdle(holder: holder) }
            group.addTask {
                for await _ in shutdownSignal { return .shutdown }
                return .dropped  // the signal only finishes once the connection has ended
            }
            let first = await group.next()!
            group.cancelAll()
            return first
        }
        try await finish(ending, holder: holder, outbound: outbound)
    }

    // MARK: Reading

    private func read(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, holder: Holder) async -> Ending {
        let configuration = server.configuration
        do {
            for try await message in inbound.messages(maxSize: configuration.maximumFrameBytes) {
                let arrival = ContinuousClock.now
                holder.lastActivity.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
                let decoded: ClientMessage
                do {
                    switch message {
                    case .binary(let buffer):
                        decoded = try buffer.withUnsafeReadableBytes {
                            try ClientMessage.decode(binary: $0, maximumSamples: configuration.maximumSamplesPerBatch)
                        }
                    case .text(let text):
                        decoded = try ClientMessage.decode(text: text, maximumSamples: configuration.maximumSamplesPerBatch)
                    }
                } catch let error as LiveFrameError {
                    return .refused(error.closeCode, error.description)
                }
                switch decoded {
                case .announce(let announcement):
                    if let ending = try await open(announcement, holder: holder, outbound: outbound) { return ending }
                case .batch(let batch):
                    guard holder.session != nil else {
                        return .refused(.protocolViolation, "protocol: batch before announce")
                    }
                    if let ending = takeFromBucket(holder) { return ending }
                    let applied: Bool
                    do { applied = try holder.session!.apply(batch) } catch {
                        return .refused(error.closeCode, error.description)
                    }
                    if applied { server.metrics.batches.increment() }
                    try await sendUnsentSwings(holder: holder, outbound: outbound, arrival: arrival)
                    try await outbound.send((ServerMessage.ack(batch.sequence)))
                case .end:
                    guard holder.session != nil else { return .refused(.protocolViolation, "protocol: end before announce") }
                    return .end
                }
                holder.lastActivity.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
            }
            return .dropped
        } catch is CancellationError {
            return .dropped
        } catch is ConnectionLost {
            return .dropped
        } catch {
            // The WebSocket layer refused a frame (too large: it closes with 1009) or the connection failed.
            return Task.isCancelled ? .dropped : .failed(error)
        }
    }

    /// Starts or resumes the session; an ending when refused.
    private func open(_ announcement: SessionAnnouncement, holder: Holder, outbound: WebSocketOutboundWriter)
        async throws -> Ending?
    {
        guard holder.session == nil else { return .refused(.protocolViolation, "protocol: second announce") }
        var resumed = false
        var session: LiveSession
        if let id = announcement.resumeSession {
            guard let waiting = await server.store.claim(id: id, token: tokenIndex) else {
                return .refused(.unknownSession, "no session \"\(id)\" to resume for this token")
            }
            session = waiting
            guard session.canResend(from: announcement.swingsReceived), announcement.swingsReceived <= session.swingCount
            else {
                await server.store.detach(session)
                return .refused(
                    .unknownSession, "cannot resume from swing \(announcement.swingsReceived): the server holds "
                        + "swings \(session.retained.first?.index ?? session.swingCount)..<\(session.swingCount)")
            }
            resumed = true
            server.metrics.sessionsWaiting.decrement()
            server.metrics.sessionsResumed.increment()
        } else {
            guard await server.store.reserve(token: tokenIndex) else {
                return .refused(
                    .tooManySessions,
                    "this token already has \(server.configuration.maximumSessionsPerToken) sessions")
            }
            var recorder: SessionRecorder?
            let id = Self.newSessionID()
            if announcement.record {
                guard let directory = server.configuration.recordDirectory else {
                    await server.store.release(token: tokenIndex)
                    return .refused(.protocolViolation, "protocol: record asked for, but this server keeps no recordings")
                }
                recorder = SessionRecorder(
                    url: directory.appendingPathComponent("\(id).npz"),
                    maximumSeconds: server.configuration.maximumRecordedSeconds,
                    metadata: RecordingMetadata(
                        device: announcement.device, sport: announcement.sport, sourceFormat: "live"))
            }
            session = LiveSession(id: id, tokenIndex: tokenIndex, announcement: announcement, recorder: recorder)
            server.metrics.sessionsStarted.increment()
        }
        session.nextSwingToSend = announcement.swingsReceived
        holder.session = session
        server.metrics.sessionsOpen.increment()
        try await outbound.send((ServerMessage.session(session, resumed: resumed)))
        try await sendUnsentSwings(holder: holder, outbound: outbound, arrival: nil)
        return nil
    }

    private func takeFromBucket(_ holder: Holder) -> Ending? {
        let rate = server.configuration.maximumBatchRate
        guard rate > 0 else { return nil }
        let now = DispatchTime.now().uptimeNanoseconds
        let capacity = rate * server.configuration.batchBurstSeconds
        holder.bucket = min(capacity, holder.bucket + Double(now - holder.bucketTime) * 1e-9 * rate)
        holder.bucketTime = now
        guard holder.bucket >= 1 else {
            return .refused(.batchRateExceeded, "more than \(rate) batches per second (sustained)")
        }
        holder.bucket -= 1
        return nil
    }

    /// Writes the swings decided and not yet sent on this connection, advancing the session's count after each
    /// write (a write cut short is sent again by the ending or after a resume).
    private func sendUnsentSwings(holder: Holder, outbound: WebSocketOutboundWriter, arrival: ContinuousClock.Instant?)
        async throws
    {
        guard let unsent = holder.session?.unsentSwings, !unsent.isEmpty else { return }
        for decided in unsent {
            try await outbound.send((ServerMessage.swing(decided)))
            holder.session!.nextSwingToSend = decided.index + 1
            server.metrics.swings.increment()
            if let arrival { server.metrics.decisionLatency.record(ContinuousClock.now - arrival) }
        }
    }

    private func watchIdle(holder: Holder) async -> Ending {
        let timeout = UInt64(server.configuration.idleTimeout * 1e9)
        while !Task.isCancelled {
            let deadline = holder.lastActivity.load(ordering: .relaxed) + timeout
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .idle }
            try? await Task.sleep(nanoseconds: deadline - now + 1_000_000)
        }
        return .dropped
    }

    // MARK: Ending

    private func finish(_ ending: Ending, holder: Holder, outbound: WebSocketOutboundWriter) async throws {
        if holder.session != nil { server.metrics.sessionsOpen.decrement() }
        switch ending {
        case .end, .shutdown, .idle:
            let (reason, code): (String, WebSocketErrorCode) =
                switch ending {
                case .end: ("end", .normalClosure)
                case .shutdown: ("shutdown", .goingAway)
                default: ("idle", .unknown(LiveCloseCode.idleTimeout.rawValue))
                }
            guard var session = holder.session else {
                try? await outbound.close(code, reason: reason)
                return
            }
            session.finish()
            holder.session = session
            try? await sendUnsentSwings(holder: holder, outbound: outbound, arrival: nil)
            await server.store.release(token: session.tokenIndex)
            let recording = server.finalize(session)
            try? await outbound.send((ServerMessage.summary(session, reason: reason, recording: recording)))
            try? await outbound.close(code, reason: reason)
        case .refused(let code, let message):
            server.metrics.refused.increment()
            logger.info("session refused", metadata: ["code": "\(code.rawValue)", "reason": "\(message)"])
            if let session = holder.session { await server.store.release(token: session.tokenIndex) }
            try? await outbound.send((ServerMessage.error(code, message)))
            try? await outbound.close(.unknown(code.rawValue), reason: String(message.prefix(120)))
        case .dropped:
            if let session = holder.session {
                await server.store.detach(session)
                server.metrics.sessionsWaiting.increment()
            }
        case .failed(let error):
            server.metrics.refused.increment()
            if let session = holder.session { await server.store.release(token: session.tokenIndex) }
            throw error
        }
    }

    static func newSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let word = generator.next() as UInt32
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }
}

/// A write failed: the connection is gone (the session waits to be resumed).
struct ConnectionLost: Error {}

extension WebSocketOutboundWriter {
    /// Writes a text message; any failure is the connection going away.
    func send(_ text: String) async throws(ConnectionLost) {
        do { try await write(.text(text)) } catch { throw ConnectionLost() }
    }
}
