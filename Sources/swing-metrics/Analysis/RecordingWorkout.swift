import MotionRecording
import SwingAnalysis
import WorkoutAnalysis

/// What `workout` produces for one input: its activity segments, steps, cadence, distance, the swings the workout
/// holds and those left out, and the hygiene findings — or the reason it could not be read.
struct RecordingWorkout: Sendable {
    /// The input path as the user gave it (or as found in a directory).
    var recording: String
    /// The analysis; `nil` when the input could not be read.
    var result: WorkoutAndSwings?
    /// Data-hygiene findings and repairs, then what a missing stream costs the workout analysis.
    var issues: [HygieneFinding]
    /// Why the input could not be read or analysed (one line naming file, line and problem); `nil` on success.
    var error: String?

    var failed: Bool { error != nil }

    /// A failed input.
    init(recording: String, error: String) {
        self.recording = recording
        result = nil
        issues = []
        self.error = error
    }

    /// An analysed input; the workout's data-case note (a missing stream) joins the hygiene findings.
    init(recording: String, result: WorkoutAndSwings, hygiene: [HygieneFinding]) {
        self.recording = recording
        self.result = result
        var issues = hygiene
        if let note = result.summary.dataCase.note {
            issues.append(HygieneFinding(kind: "missing-stream", file: recording, message: note))
        }
        self.issues = issues
        error = nil
    }

    /// The JSON contract's object (docs/architecture.md, "workout"): `recording`, `duration`, `segments`, `steps`,
    /// `cadence`, `distance`, `swings`, `issues` first, then the additions `swingsLeftOut`, `dataCase`,
    /// `swingDataCase` (and `error` for a failed input, with the analysis keys `null` or empty).
    var json: JSONValue {
        let summary = result?.summary
        var members: [(String, JSONValue)] = [
            ("recording", .string(recording)),
            ("duration", .finite(summary?.duration)),
            ("segments", .array((summary?.segments ?? []).map(\.json))),
            ("steps", summary.map { .integer($0.steps) } ?? .null),
            ("cadence", .finite(summary?.cadence)),
            ("distance", .finite(summary?.distance)),
            ("swings", result.map { .integer($0.gate.kept.count) } ?? .null),
            ("issues", .array(issues.map(\.json))),
            ("swingsLeftOut", .array((result?.gate.leftOut ?? []).map(\.json))),
        ]
        if let result {
            members.append(("dataCase", .string(result.summary.dataCase.rawValue)))
            members.append(("swingDataCase", .string(result.swings.dataCase.rawValue)))
        }
        if let error { members.append(("error", .string(error))) }
        return .object(members)
    }
}

extension ActivitySegment {
    /// `{"start", "end", "activity", "confidence", "steps", "cadence"}`; s, s, name, 0…1, steps, steps/s or `null`.
    var json: JSONValue {
        .object([
            ("start", .finite(start)),
            ("end", .finite(end)),
            ("activity", .string(activity.rawValue)),
            ("confidence", .finite(confidence)),
            ("steps", .finite(steps)),
            ("cadence", .finite(cadence)),
        ])
    }
}

extension SwingGate.LeftOut {
    /// `{"start", "impact", "activity", "reason"}`; s, s or `null` (a miss), the segment's activity, one line.
    var json: JSONValue {
        .object([
            ("start", .finite(start)),
            ("impact", .finite(impact)),
            ("activity", .string(activity.rawValue)),
            ("reason", .string(reason)),
        ])
    }
}
