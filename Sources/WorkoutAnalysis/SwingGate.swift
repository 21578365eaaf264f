import SwingAnalysis

/// Which detected swings a workout can hold: a swing inside a segment that is clearly not a swing sport (swim
/// strokes, running arm swing, cycling) is left out, with the reason; all others are kept (swing sport, and also
/// stationary, walking and unknown stretches, where a real swing is plausible — a golfer walks between shots).
public struct SwingGate: Sendable {
    /// Activities whose swings are left out.
    public var excluded: Set<Activity>

    public init(excluded: Set<Activity> = [.swimming, .running, .cycling]) {
        self.excluded = excluded
    }

    /// A swing that was left out and why.
    public struct LeftOut: Sendable, Equatable, Codable {
        public var start: Double
        public var impact: Double?
        public var activity: Activity
        /// E.g. "inside a swimming segment (12.0–48.0 s)".
        public var reason: String
    }

    public struct Decision: Sendable, Equatable {
        public var kept: [Swing]
        public var leftOut: [LeftOut]
    }

    /// Splits `swings` by the segment holding each swing's impact (its start for a miss).
    public func apply(to swings: [Swing], segments: [ActivitySegment]) -> Decision {
        var decision = Decision(kept: [], leftOut: [])
        var index = 0
        for swing in swings.sorted(by: { ($0.impact ?? $0.start) < ($1.impact ?? $1.start) }) {
            let t = swing.impact ?? swing.start
            while index + 1 < segments.count && segments[index].end <= t { index += 1 }
            guard index < segments.count, segments[index].start <= t, t <= segments[index].end,
                excluded.contains(segments[index].activity)
            else {
                decision.kept.append(swing)
                continue
            }
            let s = segments[index]
            decision.leftOut.append(
                LeftOut(
                    start: swing.start, impact: swing.impact, activity: s.activity,
                    reason: "inside a \(s.activity.rawValue) segment (\(Self.format(s.start))–\(Self.format(s.end)) s)"))
        }
        return decision
    }

    private static func format(_ t: Double) -> String {
        let tenths = (t * 10).rounded()
        return "\(Int(tenths) / 10).\(abs(Int(tenths)) % 10)"
    }
}
