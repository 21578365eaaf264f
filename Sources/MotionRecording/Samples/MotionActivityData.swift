/// What the device's motion coprocessor said the user was doing (`CMMotionActivity`).
public enum MotionActivityKind: String, Sendable, Hashable, CaseIterable {
    case stationary, walking, running, cycling, automotive, unknown
}

/// How sure the coprocessor was (`CMMotionActivityConfidence`).
public enum MotionActivityConfidence: String, Sendable, Hashable, CaseIterable {
    case low, medium, high
}

/// The device's own activity classification (`CMMotionActivityManager`): one entry per change, each holding until
/// the next, stored as a struct of arrays. Apple's reference beside the toolkit's own segments. The interchange
/// layout's `activity.csv` (`timestamp,activity,confidence`) and the native file's `activity_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, when the classification started; non-decreasing.
/// - `activity`: the primary activity (Core Motion may set several flags; importers keep the most specific one:
///   automotive, cycling, running, walking, stationary, unknown, in that order).
public struct MotionActivityData: Sendable, Equatable {
    /// Start of each classification, s, recording clock.
    public var timestamps: [Double]
    /// The activity from that time on.
    public var activity: [MotionActivityKind]
    /// The coprocessor's confidence in it.
    public var confidence: [MotionActivityConfidence]

    public init(
        timestamps: [Double] = [], activity: [MotionActivityKind] = [], confidence: [MotionActivityConfidence] = []
    ) {
        precondition(
            activity.count == timestamps.count && confidence.count == timestamps.count,
            "MotionActivityData columns must have equal counts")
        self.timestamps = timestamps
        self.activity = activity
        self.confidence = confidence
    }

    /// Number of classifications.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }
}
