import MotionRecording

/// The recording device's own counts (`CMPedometer`, `CMMotionActivityManager`) beside the analysis's: Apple's steps,
/// distance and floors, and the difference to ours (ours − Apple's, in count and in per cent of Apple's), and the
/// share of time where Apple's activity agrees with the segments. A free reference on every recording that holds
/// them. Each value is `nil` when either side lacks it (no pedometer, no floors, no step length, no pressure).
public struct DeviceComparison: Sendable, Equatable {
    /// Apple's steps over the recording (the last cumulative count).
    public var steps: Int?
    public var stepsDifference: Int?
    /// (ours − Apple's) / Apple's × 100; `nil` when Apple's count is 0.
    public var stepsDifferencePercent: Double?
    /// Apple's distance, m (the last known cumulative distance).
    public var distance: Double?
    public var distanceDifference: Double?
    public var distanceDifferencePercent: Double?
    /// Apple's floors.
    public var floorsAscended: Int?
    public var floorsDescended: Int?
    public var floorsAscendedDifference: Int?
    public var floorsDescendedDifference: Int?
    /// Share of the compared time (``activityComparedTime``) where Apple's activity agrees with the segment's
    /// (``agrees(device:ours:)``), 0…1.
    public var activityAgreement: Double?
    /// Seconds where both sides name an activity that can be compared, s.
    public var activityComparedTime: Double?

    public init() {}

    /// Compares `pedometer` and `activity` (either may be `nil`) with the analysis's results; `nil` when both are
    /// absent or empty.
    /// - Parameters:
    ///   - steps, distance: ours (distance, m, `nil` without a step length).
    ///   - floors: ours (`nil` without pressure).
    public init?(
        pedometer: PedometerData?, activity: MotionActivityData?, steps: Int, distance: Double?,
        floors: (ascended: Int, descended: Int)?, segments: [ActivitySegment]
    ) {
        let pedometer = pedometer.flatMap { $0.isEmpty ? nil : $0 }
        let activity = activity.flatMap { $0.isEmpty ? nil : $0 }
        guard pedometer != nil || activity != nil else { return nil }
        if let pedometer {
            let theirs = pedometer.steps.last!
            self.steps = theirs
            stepsDifference = steps - theirs
            stepsDifferencePercent = Self.percent(Double(steps - theirs), of: Double(theirs))
            if let known = pedometer.distanceMeters.last(where: { $0.isFinite }) {
                self.distance = Double(known)
                if let distance {
                    distanceDifference = distance - Double(known)
                    distanceDifferencePercent = Self.percent(distance - Double(known), of: Double(known))
                }
            }
            if let up = pedometer.floorsAscended.last {
                floorsAscended = up
                floorsAscendedDifference = floors.map { $0.ascended - up }
            }
            if let down = pedometer.floorsDescended.last {
                floorsDescended = down
                floorsDescendedDifference = floors.map { $0.descended - down }
            }
        }
        if let activity, let shares = Self.agreement(activity, segments: segments) {
            let (agreed, compared) = shares
            activityComparedTime = compared
            activityAgreement = compared > 0 ? agreed / compared : nil
        }
    }

    private static func percent(_ difference: Double, of reference: Double) -> Double? {
        reference > 0 ? 100 * difference / reference : nil
    }

    /// Whether Apple's `device` activity agrees with ours; `nil` when the pair is not compared. Same name: agree.
    /// Our swing sport agrees with Apple's stationary or walking (a player stands, and walks between shots; Core Motion
    /// has no swing class). Not compared: Apple's `unknown`, our `unknown`, our `swimming` and Apple's `automotive`
    /// (neither side has the other's class).
    public static func agrees(device: MotionActivityKind, ours: Activity) -> Bool? {
        switch (device, ours) {
        case (.unknown, _), (.automotive, _), (_, .unknown), (_, .swimming): nil
        case (.stationary, .swingSport), (.walking, .swingSport): true
        default: device.rawValue == ours.rawValue
        }
    }

    /// Seconds agreed and compared over the segments' span: each classification holds from its time until the next
    /// (the last until the end of the last segment).
    static func agreement(_ activity: MotionActivityData, segments: [ActivitySegment]) -> (Double, Double)? {
        guard let end = segments.last?.end else { return nil }
        var agreed = 0.0, compared = 0.0
        for k in 0..<activity.count {
            let from = activity.timestamps[k]
            let to = k + 1 < activity.count ? activity.timestamps[k + 1] : Swift.max(end, from)
            guard to > from else { continue }
            for segment in segments where segment.end > from && segment.start < to {
                let overlap = Swift.min(to, segment.end) - Swift.max(from, segment.start)
                guard overlap > 0, let same = Self.agrees(device: activity.activity[k], ours: segment.activity) else {
                    continue
                }
                compared += overlap
                if same { agreed += overlap }
            }
        }
        return (agreed, compared)
    }
}
