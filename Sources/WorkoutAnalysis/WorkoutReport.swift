import SwingAnalysis

/// One recording's workout result in the JSON contract of `swing-metrics workout` (issue #26):
/// `{"recording", "duration", "segments": [{"start", "end", "activity", "confidence"}], "steps", "cadence"
/// (steps/s or null), "distance" (m or null), "swings" (count kept), "swingsLeftOut": [{"start", "impact",
/// "activity", "reason"}], "issues", "elevationGain", "elevationLoss" (m), "floorsAscended", "floorsDescended",
/// "maxDepth" (m; all null without pressure)}`; times in s on the recording's clock. Keys are added, never renamed; a
/// segment also carries its own `steps` and `cadence`. A missing stream adds its ``WorkoutDataCase/note`` to
/// `issues`.
public struct WorkoutReport: Sendable, Equatable, Encodable {
    public var recording: String
    public var duration: Double
    public var segments: [ActivitySegment]
    public var steps: Int
    public var cadence: Double?
    public var distance: Double?
    public var swings: Int
    public var swingsLeftOut: [SwingGate.LeftOut]
    public var issues: [String]
    /// Elevation gain and loss (m), floors, greatest depth (m): `nil` without pressure (`maxDepth` also when never
    /// submerged).
    public var elevationGain: Double?
    public var elevationLoss: Double?
    public var floorsAscended: Int?
    public var floorsDescended: Int?
    public var maxDepth: Double?

    public init(recording: String, summary: WorkoutSummary, gate: SwingGate.Decision?, issues: [String] = []) {
        self.recording = recording
        duration = summary.duration
        segments = summary.segments
        steps = summary.steps
        cadence = summary.cadence
        distance = summary.distance
        swings = gate?.kept.count ?? 0
        swingsLeftOut = gate?.leftOut ?? []
        self.issues = issues + (summary.dataCase.note.map { [$0] } ?? [])
        elevationGain = summary.barometry?.elevationGain
        elevationLoss = summary.barometry?.elevationLoss
        floorsAscended = summary.barometry?.floorsAscended
        floorsDescended = summary.barometry?.floorsDescended
        maxDepth = summary.barometry?.maxDepth
    }

    private enum CodingKeys: String, CodingKey {
        case recording, duration, segments, steps, cadence, distance, swings, swingsLeftOut, issues
        case elevationGain, elevationLoss, floorsAscended, floorsDescended, maxDepth
    }

    /// `cadence`, `distance` and the barometry keys are written as `null` when absent (the contract's keys are
    /// always present).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(recording, forKey: .recording)
        try c.encode(duration, forKey: .duration)
        try c.encode(segments, forKey: .segments)
        try c.encode(steps, forKey: .steps)
        try c.encode(cadence, forKey: .cadence)
        try c.encode(distance, forKey: .distance)
        try c.encode(swings, forKey: .swings)
        try c.encode(swingsLeftOut, forKey: .swingsLeftOut)
        try c.encode(issues, forKey: .issues)
        try c.encode(elevationGain, forKey: .elevationGain)
        try c.encode(elevationLoss, forKey: .elevationLoss)
        try c.encode(floorsAscended, forKey: .floorsAscended)
        try c.encode(floorsDescended, forKey: .floorsDescended)
        try c.encode(maxDepth, forKey: .maxDepth)
    }
}
