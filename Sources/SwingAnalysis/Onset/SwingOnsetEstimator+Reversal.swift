/// The onset of a swing that starts straight out of a counter-rotation (a load, backswing or take-back turning into
/// the forward swing without a pause at the top).
///
/// The swing starts where the forward rotation begins. Out of rest that is where the rate leaves zero (the hinge fit
/// of ``SwingOnsetEstimator``); out of a counter-rotation it is where the rate, having turned against the swing
/// direction, crosses zero into it: the top of the backswing, where the angle about the swing axis turns round. There
/// the rate passes zero with the slope of the angular acceleration at the top (rad/s²), so the crossing is sharp
/// and located by interpolation, while a hinge fit (which looks for a rise out of a flat baseline) lands late on the
/// curvature of the rise.
///
/// A rise counts as coming out of a counter-rotation when the rate (in the swing direction) passes zero as a
/// reversal does — with the angular acceleration of the top on both sides: ``reversalLag`` before the crossing it
/// is still at least ``reversalDepth`` against the swing and rising (``reversalLag`` earlier it was lower by at least
/// half as much again, and by no more than ``approachRatio`` times: not a tangential approach to rest);
/// ``reversalLag`` after it the rate has risen in the swing direction by at least ``carryRatio`` of that depth or
/// to ``carryLevel``, and over the next ``reversalLag`` it gains at least ``sustainRatio`` of that again (no pause
/// after the crossing); and the rise goes on to ``riseLevel`` within ``riseWindow`` without a plateau (never
/// ``riseSlack`` below its highest value so far). A load that ends in a pause (the rate flat at rest, coming to rest
/// tangentially, or drifting slowly through zero at the top: no acceleration before the crossing or none after it)
/// goes to the hinge fit, which finds where the rate leaves that rest.
extension SwingOnsetEstimator {
    /// Lag on either side of the zero crossing at which the reversal is checked, s (four samples at 200 Hz).
    static let reversalLag = 0.02
    /// Rate against the swing direction that counts as a counter-rotation still turning `reversalLag` before the
    /// crossing, rad/s: above wrist tremor (≈ 0.01–0.03 rad/s) and the slow drifts of a wrist at rest, reached by
    /// any top with an angular acceleration of 4 rad/s² or more (shallower tops go to the hinge fit).
    static let reversalDepth: Float = 0.08
    /// `reversalLag` after the crossing the rate must be at least this fraction of its depth `reversalLag` before
    /// it (1 for a rate passing linearly through zero; a swing whose own acceleration takes over gradually from the
    /// top's, as a golf downswing out of a long backswing does, carries 0.3–0.5 of it).
    static let carryRatio: Float = 0.3
    /// Or, below `carryRatio` of a deep top's depth, `reversalLag` after the crossing the rate must be at least
    /// this far into the swing direction, rad/s (above wrist tremor and gyroscope noise): a long backswing whose
    /// downswing takes over gradually crosses zero at 15–35 rad/s² and is 0.07–0.1 rad/s into the swing 20 ms
    /// later, a fifth to a quarter of its depth then.
    static let carryLevel: Float = 0.05
    /// After the crossing the rate must reach this level in the swing direction, rad/s…
    static let riseLevel: Float = 0.25
    /// …within this time of the last sample at or below zero, s…
    static let riseWindow = 0.06
    /// …without falling back below its highest value so far by more than this, rad/s (noise).
    static let riseSlack: Float = 0.04
    /// Over the second `reversalLag` after the crossing the rate must gain at least this fraction of what it gained
    /// over the first: a downswing keeps accelerating, while a top that drifts through zero into a pause stays flat
    /// there (simulated golf: 0.03 → 0.026 rad/s on such a top, 0.07–0.09 → 0.25–0.35 rad/s on reversals).
    static let sustainRatio: Float = 0.5
    /// `2·reversalLag` before the crossing the rate may be at most this multiple of its value `reversalLag` before
    /// it: a reversal passes zero with the full angular acceleration of the top (about 2 for a rate linear through
    /// zero, less for a sine-shaped load), while the tail of a backswing that comes to rest approaches zero
    /// tangentially (4 for a quadratic approach; 2.8 measured where a drift moved its zero crossing 40 ms before the
    /// downswing began).
    static let approachRatio: Float = 2.6

    /// The zero crossing (s, recording clock, sub-sample) where the rise that reaches `crossing` comes straight out
    /// of a counter-rotation, or nil when it rises out of rest. `value(j)` is the rate in the swing direction (rad/s)
    /// of ring sample j; only samples `earliest...latest` (global indices, `latest` ≥ `crossing`: the swing's anchor)
    /// are read, so the result does not depend on how much data has arrived beyond the anchor.
    static func reversalOnset(
        ring: SampleRing<RotationSample>, crossing: Int, earliest: Int, latest: Int, value: (Int) -> Float
    ) -> Double? {
        // The last sample at or below zero before the rise.
        var last = crossing
        while last >= earliest, value(last) > 0 { last -= 1 }
        guard last >= earliest, last < crossing else { return nil }
        // The rate must go on rising into the swing: to riseLevel within riseWindow, never falling back by more than
        // riseSlack below its highest value so far (a load that ends in a pause, or drifts slowly forward at the
        // top, leaves the rate flat there instead).
        var next = last + 1
        var highest = value(next)
        while value(next) < riseLevel {
            guard next < crossing, ring[next + 1].time - ring[last].time <= riseWindow else { return nil }
            next += 1
            let v = value(next)
            guard v >= highest - riseSlack else { return nil }
            highest = Swift.max(highest, v)
        }
        let zero = zeroCrossing(ring: ring, below: last, earliest: earliest, limit: crossing, value: value)
        guard let before = rate(at: zero - reversalLag, ring: ring, from: last, earliest: earliest, latest: latest, value: value),
            let earlier = rate(at: zero - 2 * reversalLag, ring: ring, from: last, earliest: earliest, latest: latest, value: value),
            let after = rate(at: zero + reversalLag, ring: ring, from: last, earliest: earliest, latest: latest, value: value),
            let further = rate(at: zero + 2 * reversalLag, ring: ring, from: last, earliest: earliest, latest: latest, value: value)
        else { return nil }
        guard before <= -reversalDepth, earlier <= 1.5 * before, earlier >= approachRatio * before,
            after >= -carryRatio * before || after >= carryLevel, further - after >= sustainRatio * after
        else { return nil }
        return zero
    }

    /// The rate at `time` (s) interpolated linearly between the ring samples around it, found by walking from
    /// sample `from`; nil outside samples `earliest...latest`.
    static func rate(
        at time: Double, ring: SampleRing<RotationSample>, from: Int, earliest: Int, latest: Int,
        value: (Int) -> Float
    ) -> Float? {
        var j = from
        while j > earliest, ring[j].time > time { j -= 1 }
        while j + 1 <= latest, ring[j + 1].time <= time { j += 1 }
        guard ring[j].time <= time, j + 1 <= latest else { return nil }
        let (t0, t1) = (ring[j].time, ring[j + 1].time)
        let fraction = t1 > t0 ? Float((time - t0) / (t1 - t0)) : 0
        return value(j) + fraction * (value(j + 1) - value(j))
    }

    /// Sub-sample time where the rate crosses zero between samples `below` (≤ 0) and `below + 1` (> 0): the root of
    /// the least-squares line through the two samples on each side of the crossing (fewer where the ring or the rise
    /// ends), which averages the sensor noise of four samples; the linear interpolation between the two samples
    /// where that root falls outside them.
    static func zeroCrossing(
        ring: SampleRing<RotationSample>, below: Int, earliest: Int, limit: Int, value: (Int) -> Float
    ) -> Double {
        let t0 = ring[below].time
        let t1 = ring[below + 1].time
        let v0 = Double(value(below))
        let v1 = Double(value(below + 1))
        let interpolated = v1 > v0 ? t0 + (t1 - t0) * (-v0 / (v1 - v0)) : t0
        let first = Swift.max(earliest, below - 1)
        let end = Swift.min(limit, below + 2)
        guard end - first >= 2 else { return interpolated }
        guard let (intercept, slope) = rateLine(ring: ring, first: first, last: end, origin: below, value: value),
            slope > 0
        else { return interpolated }
        let root = t0 - intercept / slope
        return root >= t0 && root <= t1 ? root : interpolated
    }
}
