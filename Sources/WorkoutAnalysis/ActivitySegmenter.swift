/// Turns per-second raw decisions into segments that do not flicker:
/// - swing context: stationary, unknown and swimming-like seconds up to
///   ``WorkoutAnalyzerConfiguration/swingContextHold`` after a swing-sport second belong to the practice (the
///   pauses between swings, and the big, slow arm motions of a player between them: a swimmer's strokes never
///   make isolated swing bursts, so no swim is inside such a context);
/// - hysteresis: a different activity must hold for ``WorkoutAnalyzerConfiguration/minimumRun`` consecutive
///   seconds before the current segment ends (at the first of them); shorter runs stay in the current segment;
/// - steps: every second committed to a walking or running segment adds its window's step frequency × 1 s
///   (a second without its own step frequency adds the segment's cadence so far).
struct ActivitySegmenter: Sendable {
    struct Second: Sendable {
        var index: Int
        var activity: Activity
        var confidence: Double
        var stepFrequency: Double
    }

    private let configuration: WorkoutAnalyzerConfiguration
    private var lastSwingSecond = Int.min / 2
    private var pending: [Second] = []
    /// The open segment: activity, first second, last second, Σ agreeing confidence, Σ steps, gait seconds.
    private var open: (activity: Activity, first: Int, last: Int, agreement: Double, steps: Double, stepSeconds: Int)?

    init(configuration: WorkoutAnalyzerConfiguration) {
        self.configuration = configuration
        pending.reserveCapacity(configuration.minimumRun + 1)
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
        guard let current = open else {
            open = (second.activity, second.index, second.index, 0, 0, 0)
            commit(second)
            return
        }
        if second.activity == current.activity {
            for p in pending { commit(p) }
            pending.removeAll(keepingCapacity: true)
            commit(second)
            return
        }
        if let candidate = pending.first?.activity, candidate != second.activity {
            for p in pending { commit(p) }
            pending.removeAll(keepingCapacity: true)
        }
        pending.append(second)
        if pending.count >= configuration.minimumRun {
            closed(draft(of: open!, end: pending[0].index))
            open = (second.activity, pending[0].index, pending[0].index, 0, 0, 0)
            for p in pending { commit(p) }
            pending.removeAll(keepingCapacity: true)
        }
    }

    /// Ends the data: pending seconds go to the open segment, which closes.
    mutating func finish(closed: (SegmentDraft) -> Void) {
        for p in pending { commit(p) }
        pending.removeAll(keepingCapacity: true)
        if let current = open { closed(draft(of: current, end: current.last + 1)) }
        open = nil
    }

    private mutating func commit(_ s: Second) {
        guard var current = open else { return }
        current.last = Swift.max(current.last, s.index)
        if s.activity == current.activity { current.agreement += s.confidence }
        if current.activity == .walking || current.activity == .running {
            if s.stepFrequency > 0 {
                current.steps += s.stepFrequency
                current.stepSeconds += 1
            } else if current.stepSeconds > 0 {
                current.steps += current.steps / Double(current.stepSeconds)
                current.stepSeconds += 1
            }
        }
        open = current
    }

    private func draft(
        of s: (activity: Activity, first: Int, last: Int, agreement: Double, steps: Double, stepSeconds: Int), end: Int
    ) -> SegmentDraft {
        let seconds = Swift.max(1, end - s.first)
        return SegmentDraft(
            first: s.first, end: end, activity: s.activity,
            confidence: Swift.min(1, s.agreement / Double(seconds)), steps: s.steps)
    }
}

/// A closed segment in whole seconds, before clamping to the recording's first and last sample.
struct SegmentDraft: Sendable {
    var first: Int
    var end: Int
    var activity: Activity
    var confidence: Double
    var steps: Double
}
