/// The WebSocket close codes `swing-metrics serve` ends a session with (RFC 6455 §7.4; 4000–4999 are
/// application-defined). A client tells from the code whether to reconnect and resume (``isResumable``).
public enum LiveCloseCode: UInt16, Sendable, CaseIterable {
    /// The session ended: the client sent `end`, the server pushed the remaining swings and the summary.
    case normal = 1000
    /// The server is shutting down: pending swings and the summary were pushed first.
    case goingAway = 1001
    /// A frame was larger than the server's `--max-frame-bytes` (the WebSocket layer closes with this code).
    case frameTooLarge = 1009
    /// A message broke the session protocol (batch before `announce`, sequence gap, unknown message type).
    case protocolViolation = 4000
    /// A batch frame could not be decoded or its samples were invalid (see the `error` message's text).
    case malformedFrame = 4001
    /// `announce` named a session to resume that does not exist (expired, finished, or another token's).
    case unknownSession = 4004
    /// No message for longer than the server's `--idle-timeout`: the session was finished and summarised.
    case idleTimeout = 4008
    /// The token already has `--max-sessions-per-token` sessions (open or waiting to be resumed).
    case tooManySessions = 4009
    /// Batches arrived faster than `--max-batch-rate` (sustained, per session).
    case batchRateExceeded = 4029

}
