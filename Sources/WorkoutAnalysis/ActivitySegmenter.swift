/// Turns per-second raw decisions into segments that do not flicker:
/// - swing context: stationary, unknown and swimming-like seconds up to
///   ``WorkoutAnalyzerConfiguration/swingContextHold`` after a swing-sport second belong to the practice (the
///   pauses between swings, and the big, slow arm motions of a player between them: a swimmer's strokes never
///   make isolated swing bursts, so no swim is inside such a context);
/// - hysteresis: a different activity must hold for ``WorkoutAnalyzerConfiguration/minimumRun`` consecutive
///   seconds before the current segment ends (at the first of them); shorter runs stay in the current segment;
/// - gait boundaries: a window straddling a change of activity mixes both, so the seconds up to half a window
///   either side of a walk or run are often decided as something else. A second that on its own repeats a stride
///   (``WindowFeatures/centreStridePeriodicity`` ≥ ``WorkoutAnalyzerConfiguration/localGaitCorrelation``) at the
///   gait's step frequency (within ``WorkoutAnalyzerConfiguration/boundaryCadenceTolerance``) is gait: up to half
///   a window of such seconds after a walking or running segment stay in it, and up to half a window of them just
///   before a new one are moved into it when it opens (the previous segment is still open then, so nothing already
///   reported changes);
/// - pace: a walking or running segment is one pace: a step frequency that stays more than
///   ``WorkoutAnalyzerConfiguration/paceChange`` off its cadence for the hysteresis time starts a new segment of
///   the same activity (a walk that slows down from 2 to 1.5 steps/s is two segments, each with its cadence);
/// - steps: every second of a walking or running segment that shows gait on its own adds its step frequency × 1 s;
///   the others are held (``HeldGaitSeconds``) and count only when gait resumes, so a segment's tail of
///   stillness, which its last windows still decide as gait, adds no steps.
struct ActivitySegmenter: Sendable {
    struct Second: Sendable {
        var index: Int
        var activity: Activity
        var confidence: Double
        /// The decision's step frequency, Hz (0 unless walking or running).
        var stepFrequency: Double
        /// The window's step frequency whatever the decision, Hz (0 without a step period).
        var windowStepFrequency: Double = 0
        /// ``WindowFeatures/centreStridePeriodicity``.
        var strideCorrelation: Double = 0
    }

    private struct OpenSegment {
        var activity: Activity
        var first: Int
        var last: Int
        /// Σ confidence of the seconds whose own decision agreed.
        var agreement = 0.0
        var steps = 0.0
        var stepSeconds = 0
        var cadence: Double? { stepSeconds > 0 ? steps / Double(stepSeconds) : nil }
    }

    /// A second committed to the open segment, as far as moving it into a following gait segment needs.
    private struct Committed {
        var index = 0
        var agreement = 0.0
        /// The step frequency it shows on its own, Hz (0: none).
        var gaitFrequency = 0.0
    }

    private let configuration: WorkoutAnalyzerConfiguration
    /// Half the analysis window, s: how far a change of activity reaches into the windows' decisions.
    private let boundarySeconds: Int
    private var lastSwingSecond = Int.min / 2
    private var pending: [Second] = []
    private var open: OpenSegment?
    /// The open segment's last committed seconds, a ring of ``boundarySeconds``.
    private var recent: [Committed]
    private var recentCount = 0
    private var held: HeldGaitSeconds
    /// Scratch for the seconds moved into a new gait segment (``boundarySeconds`` long).
    private var leadIn: [Committed]
    /// Consecutive seconds decided as something else but kept in the open gait segment.
    private var continued = 0

    init(configuration: WorkoutAnalyzerConfiguration) {
        self.configuration = configuration
        boundarySeconds = Swift.max(1, Int((configuration.windowDuration / 2).rounded()))
        pending.reserveCapacity(configuration.minimumRun + 1)
        recent = Array(repeating: Committed(), count: boundarySeconds)
        held = HeldGaitSeconds(capacity: boundarySeconds)
        leadIn = Array(repeating: Committed(), count: boundarySeconds)
    }

    /// One decided second (`index` = whole second of the recording clock); closed segments go to `closed`.
    mutating func add(_ raw: Second, closed: (SegmentDraft) -> Void) {
        var second = raw
        if raw.activity == .swingSport {
            lastSwingSecond = raw.index
        } else if raw.activity == .stationary || raw.activity == .unknown || raw.activity == .swimming,
            Double(raw.index - lastSwingSecond) <= configuration.swingContextHold
        {
            second.activity = .swingSport
            second.confidence = 0.5
        }
        if let current = open, current.activity.isGait, !second.activity.isGait, continued < boundarySeconds,
            let cadence = current.cadence, matches(gaitFrequency(second), cadence)
        {
            // Gait continues into a window that the next activity already dominates.
            second.stepFrequency = gaitFrequency(second)
            second.activity = current.activity
            second.confidence = 0.5
            continued += 1
        } else if second.activity.isGait {
            continued = 0
        }
        guard let current = open else {
            start(second.activity, at: second.index)
            commit(second)
            return
        }
        let newPace = isNewPace(second, in: current)
        if second.activity == current.activity && !newPace {
            commitPending()
            commit(second)
            return
        }
        if let candidate = pending.first,
            candidate.activity != second.activity || isNewPace(candidate, in: current) != newPace
        {
            commitPending()
        }
        pending.append(second)
        if pending.count >= configuration.minimumRun {
            let boundary = pending[0].index
            var moved = 0
            if second.activity.isGait && !current.activity.isGait {
                moved = gaitLeadIn(before: boundary, first: current.first)
            }
            var old = current
            for k in 0..<moved { old.agreement -= recentEntry(k).agreement }
            if current.activity.isGait && second.activity.isGait {
                // Gait goes on at another pace or speed: the held seconds were steps, not the end of the gait.
                old.steps += held.release(fallback: current.cadence ?? second.stepFrequency)
            }
            closed(draft(of: old, end: boundary - moved))
            for k in 0..<moved { leadIn[k] = recentEntry(moved - 1 - k) }
            start(second.activity, at: boundary - moved)
            for k in 0..<moved {
                let c = leadIn[k]
                commit(
                    Second(
                        index: c.index, activity: second.activity, confidence: 0.5, stepFrequency: c.gaitFrequency,
                        strideCorrelation: 1))
            }
            commitPending()
        }
    }

    /// Ends the data: pending seconds go to the open segment, which closes.
    mutating func finish(closed: (SegmentDraft) -> Void) {
        commitPending()
        if let current = open { closed(draft(of: current, end: current.last + 1)) }
        open = nil
    }

    /// A walking or running second whose step frequency is more than ``WorkoutAnalyzerConfiguration/paceChange``
    /// off the open segment's cadence (of the same activity): held for ``WorkoutAnalyzerConfiguration/minimumRun``
    /// seconds, it starts a new segment, so that each segment's cadence is one pace.
    private func isNewPace(_ s: Second, in current: OpenSegment) -> Bool {
        guard s.activity == current.activity, current.activity.isGait, s.stepFrequency > 0,
            let cadence = current.cadence
        else { return false }
        return abs(s.stepFrequency / cadence - 1) > configuration.paceChange
    }

    /// The step frequency a second shows on its own, Hz: its decision's or its window's, when the second repeats
    /// a stride clearly; 0 otherwise.
    private func gaitFrequency(_ s: Second) -> Double {
        guard s.strideCorrelation >= configuration.localGaitCorrelation else { return 0 }
        return s.stepFrequency > 0 ? s.stepFrequency : s.windowStepFrequency
    }

    private func matches(_ frequency: Double, _ cadence: Double) -> Bool {
        frequency > 0 && abs(frequency / cadence - 1) <= configuration.boundaryCadenceTolerance
    }

    /// How many of the open segment's last seconds, just before `boundary`, show gait at the step frequency of
    /// the pending gait seconds (at most ``boundarySeconds``; the open segment keeps its first second).
    private func gaitLeadIn(before boundary: Int, first: Int) -> Int {
        var frequency = 0.0
        for p in pending where p.stepFrequency > 0 {
            frequency = p.stepFrequency
            break
        }
        guard frequency > 0 else { return 0 }
        var moved = 0
        while moved < recentCount {
            let c = recentEntry(moved)
            guard c.index == boundary - 1 - moved, c.index > first, matches(c.gaitFrequency, frequency) else { break }
            moved += 1
        }
        return moved
    }

    /// The `k`-th most recent committed second of the open segment (k < recentCount).
    private func recentEntry(_ k: Int) -> Committed {
        recent[k]
    }

    private mutating func start(_ activity: Activity, at first: Int) {
        open = OpenSegment(activity: activity, first: first, last: first)
        recentCount = 0
        held.drop()
        continued = 0
    }

    /// Commits the pending seconds to the open segment, in order (by index: no iterator keeps the array's storage
    /// shared while the segmenter changes, so the reserved storage is reused without a copy).
    private mutating func commitPending() {
        var i = 0
        while i < pending.count {
            commit(pending[i])
            i += 1
        }
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func commit(_ s: Second) {
        guard var current = open else { return }
        current.last = Swift.max(current.last, s.index)
        let agreement = s.activity == current.activity ? s.confidence : 0
        current.agreement += agreement
        let frequency = gaitFrequency(s)
        if current.activity.isGait {
            let fallback = current.cadence ?? s.stepFrequency
            if frequency > 0 {
                let heldSeconds = held.count
                current.steps += held.release(fallback: fallback) + frequency
                current.stepSeconds += heldSeconds + 1
            } else if let released = held.hold(s.stepFrequency, fallback: fallback) {
                current.steps += released
                current.stepSeconds += 1
            }
        }
        open = current
        // Newest first: shift the ring of recent seconds by one.
        for k in stride(from: Swift.min(recentCount, recent.count - 1), to: 0, by: -1) { recent[k] = recent[k - 1] }
        recent[0] = Committed(index: s.index, agreement: agreement, gaitFrequency: frequency)
        recentCount = Swift.min(recentCount + 1, recent.count)
    }

    private func draft(of s: OpenSegment, end: Int) -> SegmentDraft {
        let seconds = Swift.max(1, end - s.first)
        return SegmentDraft(
            first: s.first, end: end, activity: s.activity,
            confidence: Swift.min(1, s.agreement / Double(seconds)), steps: s.steps)
    }
}

extension Activity {
    /// Walking or running: the activities that count steps.
    var isGait: Bool { self == .walking || self == .running }
}

/// A closed segment in whole seconds, before clamping to the recording's first and last sample.
struct SegmentDraft: Sendable {
    var first: Int
    var end: Int
    var activity: Activity
    var confidence: Double
    var steps: Double
}
