/// What a ``WorkoutAnalyzer`` has decided so far: closed segments in time order, and (after
/// ``WorkoutAnalyzer/finish(into:)``) the duration. Callers keep one and pass it to every feed.
public struct WorkoutAnalyzerOutput: Sendable, Equatable {
    public var segments: [ActivitySegment] = []
    /// First to last sample of the analysed stream, s (set by ``WorkoutAnalyzer/finish(into:)``).
    public var duration: Double = 0
    /// Every window's features and decision, when ``WorkoutAnalyzerConfiguration/recordsWindows`` is set (for
    /// timelines and for explaining a result; one small allocation per second).
    public var windows: [WindowRecord] = []

    public init() {}
}

/// One analysis window: the second its decision is assigned to (whole second of the recording clock), its
/// features and the rule set's decision.
public struct WindowRecord: Sendable, Equatable {
    public var second: Int
    public var features: WindowFeatures
    public var decision: ActivityRules.Decision
}
