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

    /// Each segment's keys, with its elevation, floors and depth (`null` without pressure).
    var segmentObjects: [[(String, JSONValue)]] {
        guard let summary = result?.summary else { return [] }
        return summary.segments.enumerated().map { k, segment in
            segment.json.objectMembers + Self.barometryMembers(summary.barometry?.segments[k], total: summary.barometry)
        }
    }

    /// `elevationGain`, `elevationLoss` (m), `floorsAscended`, `floorsDescended`, `maxDepth` (m, `null` when never
    /// submerged): all `null` without pressure. For a segment, `part` is the segment's share of `total`.
    static func barometryMembers(_ part: SegmentBarometry?, total: BarometrySummary?) -> [(String, JSONValue)] {
        guard total != nil, let part else {
            return ["elevationGain", "elevationLoss", "floorsAscended", "floorsDescended", "maxDepth"].map { ($0, .null) }
        }
        return [
            ("elevationGain", .finite(part.elevationGain)), ("elevationLoss", .finite(part.elevationLoss)),
            ("floorsAscended", .integer(part.floorsAscended)), ("floorsDescended", .integer(part.floorsDescended)),
            ("maxDepth", .finite(part.maxDepth)),
        ]
    }

    /// The recording's barometry keys, then its `submersions` (empty without pressure).
    static func barometryMembers(_ barometry: BarometrySummary?) -> [(String, JSONValue)] {
        var total: SegmentBarometry?
        if let barometry {
            var t = SegmentBarometry()
            t.elevationGain = barometry.elevationGain
            t.elevationLoss = barometry.elevationLoss
            t.floorsAscended = barometry.floorsAscended
            t.floorsDescended = barometry.floorsDescended
            t.maxDepth = barometry.maxDepth
            total = t
        }
        return barometryMembers(total, total: barometry)
            + [("submersions", .array((barometry?.submersions ?? []).map(\.json)))]
    }

    /// The JSON contract's object (docs/architecture.md, "workout"): `recording`, `duration`, `segments`, `steps`,
    /// `cadence`, `distance`, `swings`, `issues` first, then the additions `swingsLeftOut`, `dataCase`,
    /// `swingDataCase` (and `error` for a failed input, with the analysis keys `null` or empty).
    var json: JSONValue {
        let summary = result?.summary
        var members: [(String, JSONValue)] = [
            ("recording", .string(recording)),
            ("duration", .finite(summary?.duration)),
            ("segments", .array(segmentObjects.map(JSONValue.object))),
            ("steps", summary.map { .integer($0.steps) } ?? .null),
            ("cadence", .finite(summary?.cadence)),
            ("distance", .finite(summary?.distance)),
            ("swings", result.map { .integer($0.gate.kept.count) } ?? .null),
            ("issues", .array(issues.map(\.json))),
            ("swingsLeftOut", .array((result?.gate.leftOut ?? []).map(\.json))),
        ]
        members += Self.barometryMembers(summary?.barometry)
        members.append(("device", summary?.device.map(\.json) ?? .null))
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

extension Submersion {
    /// `{"start", "end", "maxDepth", "maxDepthTime", "surfacePressure", "deepestZone"}`; s, s, m, s, kPa, zone name.
    var json: JSONValue {
        .object([
            ("start", .finite(start)),
            ("end", .finite(end)),
            ("maxDepth", .finite(maxDepth)),
            ("maxDepthTime", .finite(maxDepthTime)),
            ("surfacePressure", .finite(surfacePressure)),
            ("deepestZone", .string(deepestZone.rawValue)),
        ])
    }
}

extension DeviceComparison {
    /// The device's own counts beside ours; keys always present, `null` where either side lacks the value.
    var json: JSONValue {
        .object([
            ("steps", steps.map(JSONValue.integer) ?? .null),
            ("stepsDifference", stepsDifference.map(JSONValue.integer) ?? .null),
            ("stepsDifferencePercent", .finite(stepsDifferencePercent)),
            ("distance", .finite(distance)),
            ("distanceDifference", .finite(distanceDifference)),
            ("distanceDifferencePercent", .finite(distanceDifferencePercent)),
            ("floorsAscended", floorsAscended.map(JSONValue.integer) ?? .null),
            ("floorsDescended", floorsDescended.map(JSONValue.integer) ?? .null),
            ("floorsAscendedDifference", floorsAscendedDifference.map(JSONValue.integer) ?? .null),
            ("floorsDescendedDifference", floorsDescendedDifference.map(JSONValue.integer) ?? .null),
            ("activityAgreement", .finite(activityAgreement)),
            ("activityComparedTime", .finite(activityComparedTime)),
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
