import MotionRecording
import SwingAnalysis

/// The JSON text messages the server sends, one object each (compact serialisation):
///
/// - `{"type":"session","session":ID,"resumed":false,"nextSequence":0,"swings":0}` — reply to `announce`;
///   `nextSequence` is the batch the client sends next (after a resume: the one after the last applied),
///   `swings` the number decided so far.
/// - `{"type":"swing","index":I,"sequence":N,"swing":{…}}` — a swing as soon as it is decided: `index` counts from
///   0, `sequence` is the batch that decided it (`null` at the end), `swing` the object `analyze --format json`
///   gives.
/// - `{"type":"ack","sequence":N}` — batch N was applied (after any swing it decided); a duplicate is acknowledged
///   too.
/// - `{"type":"summary","session":ID,"batches":B,"swings":S,"unmatchedImpacts":U,"dataCase":"full",
///   "duration":D,"recording":PATH|null,"reason":"end"}` — last message before the close; `reason` is `end`,
///   `shutdown` or `idle`.
/// - `{"type":"error","code":4001,"message":"…"}` — why the server is closing the connection.
enum ServerMessage {
    static func session(_ session: LiveSession, resumed: Bool) -> String {
        JSONValue.object([
            ("type", .string("session")), ("session", .string(session.id)), ("resumed", .bool(resumed)),
            ("nextSequence", .integer(Int(session.lastApplied + 1))), ("swings", .integer(session.swingCount)),
        ]).serialized
    }

    static func swing(_ decided: DecidedSwing) -> String {
        JSONValue.object([
            ("type", .string("swing")), ("index", .integer(decided.index)),
            ("sequence", decided.sequence.map { .integer(Int($0)) } ?? .null), ("swing", decided.swing.json),
        ]).serialized
    }

    static func ack(_ sequence: UInt64) -> String {
        "{\"type\":\"ack\",\"sequence\":\(sequence)}"
    }

    static func summary(_ session: LiveSession, reason: String, recording: String?) -> String {
        JSONValue.object([
            ("type", .string("summary")), ("session", .string(session.id)),
            ("batches", .integer(session.batchesApplied)), ("swings", .integer(session.swingCount)),
            ("unmatchedImpacts", .integer(session.unmatchedImpactCount)),
            ("dataCase", .string(session.dataCase.rawValue)), ("duration", .finite(session.duration)),
            ("recording", recording.map(JSONValue.string) ?? .null), ("reason", .string(reason)),
        ]).serialized
    }

    static func error(_ code: LiveCloseCode, _ message: String) -> String {
        JSONValue.object([("type", .string("error")), ("code", .integer(Int(code.rawValue))), ("message", .string(message))])
            .serialized
    }
}
