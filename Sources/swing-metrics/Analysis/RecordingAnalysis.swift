import MotionRecording
import SwingAnalysis
import WorkoutAnalysis

/// What `analyze` produces for one input: its swings and hygiene findings, or the reason it could not be read.
struct RecordingAnalysis: Sendable {
    /// The input path as the user gave it (or as found in a directory).
    var recording: String
    /// First to last timestamp over both streams, s; `nil` when the input could not be read.
    var duration: Double?
    var swings: [Swing]
    /// Data-hygiene findings and repairs, in the order found.
    var issues: [HygieneFinding]
    /// Which data the analysis had (full, accelerometer only, …); `nil` when the input could not be read.
    var dataCase: String?
    /// Why the input could not be read or analysed (one line naming file, line and problem); `nil` on success.
    var error: String?
    /// Where the device motion came from: "recorded" (the device's own), "fused" (from the raw accelerometer and
    /// gyroscope), "core-motion-gravity" (an export's gravity + rotation-rate streams); `nil` without device motion.
    var deviceMotionSource: String? = nil
    /// With `analyze --gate`: the swings the workout's swing gate left out (``swings`` then holds the kept ones);
    /// `nil` without the gate.
    var swingsLeftOut: [SwingGate.LeftOut]? = nil

    var failed: Bool { error != nil }

    /// The JSON contract's object (docs/architecture.md): `recording`, `duration`, `swings`, `issues` first, then additions.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("recording", .string(recording)),
            ("duration", .finite(duration)),
            ("swings", .array(swings.map(\.json))),
            ("issues", .array(issues.map(\.json))),
        ]
        if let dataCase { members.append(("dataCase", .string(dataCase))) }
        if let error { members.append(("error", .string(error))) }
        if let deviceMotionSource { members.append(("deviceMotionSource", .string(deviceMotionSource))) }
        if let swingsLeftOut { members.append(("swingsLeftOut", .array(swingsLeftOut.map(\.json)))) }
        return .object(members)
    }
}

extension HygieneFinding {
    /// `{"kind", "file", "line", "column", "message"}`, `null` where unknown.
    var json: JSONValue { JSONValue(reflecting: self) }
}
