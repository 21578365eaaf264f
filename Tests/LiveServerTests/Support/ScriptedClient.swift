import Foundation
import HTTPTypes
import HummingbirdWSClient
import LiveServer
import Logging
import NIOCore
import NIOSSL

/// What a client saw of one connection.
struct Exchange: Sendable {
    /// Every text message, parsed, in arrival order.
    var messages: [[String: any Sendable]] = []
    /// The raw text of each swing message's `"swing"` object (byte-exact), by arrival.
    var swingTexts: [String] = []
    var swingIndices: [Int] = []
    var closeCode: UInt16?
    /// When each message of `messages` was read.
    var arrivals: [ContinuousClock.Instant] = []
    /// When the client began its last write.
    var lastWrite: ContinuousClock.Instant?

    func first(_ type: String) -> [String: any Sendable]? { messages.first { $0["type"] as? String == type } }
    /// When the first message of this type was read.
    func arrival(of type: String) -> ContinuousClock.Instant? {
        messages.firstIndex { $0["type"] as? String == type }.map { arrivals[$0] }
    }
    var session: String? { first("session")?["session"] as? String }
    var lastAck: Int? { messages.last { $0["type"] as? String == "ack" }?["sequence"] as? Int }
}

/// A scripted WebSocket client (hummingbird-websocket's `WebSocketClient`): announces, sends batches in lockstep
/// (each batch's ack awaited, collecting the swings before it) or back to back, then `end` and reads to the close.
struct ScriptedClient {
    var port: Int
    var token: String? = TestServer.token
    /// TLS settings; `nil` connects with `ws://127.0.0.1`, otherwise `wss://localhost` (the name TLS verifies).
    var tls: TLSConfiguration? = nil

    enum Step: Sendable {
        case text(String)
        case binary([UInt8])
        /// A batch, binary; waits for its ack.
        case batch(LiveBatch)
        /// A batch as a JSON frame; waits for its ack.
        case jsonBatch(LiveBatch)
        /// A batch, binary, written without waiting for anything (``awaitAck(_:)`` waits later).
        case unpacedBatch(LiveBatch)
        /// Waits for the ack of this sequence number (or an error).
        case awaitAck(Int)
        /// Waits for a message of this type.
        case await(String)
        /// Sends nothing for this long.
        case pause(Duration)
        /// Returns without `end` and without reading on (the connection drops).
        case drop
    }

    static func announce(
        streams: [String] = ["accelerometer", "deviceMotion"], sport: String = "baseball", session: String? = nil,
        swingsReceived: Int = 0, record: Bool = false
    ) -> String {
        var object: [String: Any] = ["type": "announce", "version": 1, "streams": streams, "sport": sport,
            "device": "test", "swingsReceived": swingsReceived, "record": record]
        if let session { object["session"] = session }
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// Runs `steps`; the exchange ends when the server closes (or at `.drop`).
    func run(
        _ steps: [Step], onStepsDone: @escaping @Sendable () -> Void = {},
        onMessage: @escaping @Sendable ([String: any Sendable]) -> Void = { _ in }
    ) async throws -> Exchange {
        var configuration = WebSocketClientConfiguration(maxFrameSize: 16 << 20)
        if let token { configuration.additionalHeaders[.authorization] = "Bearer \(token)" }
        var logger = Logger(label: "scripted-client")
        logger.logLevel = .critical
        let box = ExchangeBox()
        let close = try await WebSocketClient.connect(
            url: tls == nil ? "ws://127.0.0.1:\(port)/v1/live" : "wss://localhost:\(port)/v1/live",
            configuration: configuration,
            tlsConfiguration: tls, logger: logger
        ) { inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 16 << 20).makeAsyncIterator()
            func readUntil(_ predicate: ([String: any Sendable]) -> Bool) async throws -> Bool {
                while let message = try await messages.next() {
                    guard case .text(let text) = message else { continue }
                    let parsed = box.record(text)
                    onMessage(parsed)
                    if predicate(parsed) { return true }
                }
                return false
            }
            func write(_ frame: WebSocketOutboundWriter.OutboundFrame) async throws {
                box.wrote()
                try await outbound.write(frame)
            }
            func readUntilAck(_ sequence: Int) async throws -> Bool {
                try await readUntil {
                    ($0["type"] as? String == "ack" && $0["sequence"] as? Int == sequence) || $0["type"] as? String == "error"
                }
            }
            for step in steps {
                switch step {
                case .text(let text): try await write(.text(text))
                case .binary(let bytes): try await write(.binary(ByteBuffer(bytes: bytes)))
                case .batch(let batch), .jsonBatch(let batch), .unpacedBatch(let batch):
                    if case .jsonBatch = step {
                        try await write(.text(JSONFrame.encode(batch)))
                    } else {
                        try await write(.binary(ByteBuffer(bytes: BinaryBatchFrame.encode(batch))))
                    }
                    if case .unpacedBatch = step { continue }
                    if !(try await readUntilAck(Int(batch.sequence))) { return }
                case .awaitAck(let sequence):
                    if !(try await readUntilAck(sequence)) { return }
                case .await(let type):
                    if !(try await readUntil { $0["type"] as? String == type }) { return }
                case .pause(let duration):
                    try await Task.sleep(for: duration)
                case .drop:
                    return
                }
            }
            onStepsDone()
            while try await readUntil({ _ in false }) {}
        }
        var exchange = box.exchange
        exchange.closeCode = close.map { code in
            switch code.closeCode {
            case .unknown(let raw): raw
            case .normalClosure: 1000
            case .goingAway: 1001
            case .messageTooLarge: 1009
            default: 0
            }
        }
        return exchange
    }
}

/// Collects messages from the client's handler (which is `@Sendable`).
final class ExchangeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Exchange()

    var exchange: Exchange { lock.withLock { value } }

    func wrote() { lock.withLock { value.lastWrite = ContinuousClock.now } }

    func record(_ text: String) -> [String: any Sendable] {
        // Decoded field by field (JSONSerialization's NSNumber would turn 0 and 1 into Bool on Linux).
        let message = (try? JSONDecoder().decode(ServerMessageFields.self, from: Data(text.utf8))) ?? ServerMessageFields()
        var parsed: [String: any Sendable] = [:]
        for (key, field) in Mirror(reflecting: message).children.map({ ($0.label!, $0.value) }) {
            switch field {
            case let v as String?: if let v { parsed[key] = v }
            case let v as Int?: if let v { parsed[key] = v }
            case let v as Bool?: if let v { parsed[key] = v }
            default: break
            }
        }
        let arrival = ContinuousClock.now
        lock.withLock {
            value.messages.append(parsed)
            value.arrivals.append(arrival)
            if parsed["type"] as? String == "swing", let range = text.range(of: ",\"swing\":") {
                value.swingTexts.append(String(text[range.upperBound..<text.index(before: text.endIndex)]))
                value.swingIndices.append(parsed["index"] as? Int ?? -1)
            }
        }
        return parsed
    }
}

/// The fields of the server's messages that the tests read.
struct ServerMessageFields: Decodable {
    var type: String?
    var session: String?
    var resumed: Bool?
    var nextSequence: Int?
    var swings: Int?
    var sequence: Int?
    var index: Int?
    var batches: Int?
    var unmatchedImpacts: Int?
    var dataCase: String?
    var recording: String?
    var reason: String?
    var code: Int?
    var message: String?
}
