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
/// A rise counts as coming out of a counter-rotation when, within ``reversalWindow`` before the last sample at or
/// below zero, the rate (in the swing direction) reached ``reversalDepth`` against the swing and rose from there to
/// the crossing without falling back by more than ``reversalSlack``, and after it rises on to ``riseLevel`` within
/// ``riseWindow`` without a plateau (never ``riseSlack`` below its highest value so far): a load still turning when
/// the forward swing begins, and a forward swing that begins there. A load that ends in a pause leaves the rate at rest for the length of the pause, and tremor at rest stays
/// well inside ``reversalDepth``, so both go to the hinge fit.
extension SwingOnsetEstimator {
    /// How far before the zero crossing the counter-rotation must still be visible, s (six samples at 200 Hz).
    static let reversalWindow = 0.03
    /// Rate against the swing direction that counts as a counter-rotation still turning, rad/s: several times wrist
    /// tremor's (≈ 0.01–0.03 rad/s along gravity) and reached 30 ms before the top by any load reversing at ≥ 3 rad/s².
    static let reversalDepth: Float = 0.08
    /// Largest fall between consecutive samples on the way from the counter-rotation to the crossing, rad/s (noise).
    static let reversalSlack: Float = 0.03
    /// After the crossing the rate must reach this level in the swing direction, rad/s…
    static let riseLevel: Float = 0.25
    /// …within this time of the last sample at or below zero, s…
    static let riseWindow = 0.06
    /// …without falling back below its highest value so far by more than this, rad/s (noise).
    static let riseSlack: Float = 0.04

    /// The zero crossing (s, recording clock, sub-sample) where the rise that reaches `crossing` comes straight out
    /// of a counter-rotation, or nil when it rises out of rest. `value(j)` is the rate in the swing direction (rad/s)
    /// of ring sample j; no sample before `earliest` (global index) is read.
    static func reversalOnset(
        ring: SampleRing<RotationSample>, crossing: Int, earliest: Int, value: (Int) -> Float
    ) -> Double? {
        // The last sample at or below zero before the rise.
        var last = crossing
        while last >= earliest, value(last) > 0 { last -= 1 }
        guard last >= earliest, last < crossing else { return nil }
        let lastTime = ring[last].time
        // The rate must go on rising into the swing: to riseLevel within riseWindow, never falling back by more than
        // riseSlack below its highest value so far (a load that ends in a pause, or drifts slowly forward at the
        // top, leaves the rate flat there instead).
        var next = last + 1
        var highest = value(next)
        while value(next) < riseLevel {
            guard next < crossing, ring[next + 1].time - lastTime <= riseWindow else { return nil }
            next += 1
            let v = value(next)
            guard v >= highest - riseSlack else { return nil }
            highest = Swift.max(highest, v)
        }
        // Walk back through the counter-rotation: the rate must keep falling (against the swing) going back, until it
        // is deeper than reversalDepth, within reversalWindow.
        var j = last
        var deepEnough = value(j) <= -reversalDepth
        while !deepEnough {
            let previous = j - 1
            guard previous >= earliest, lastTime - ring[previous].time <= reversalWindow else { return nil }
            guard value(previous) <= value(j) + reversalSlack else { return nil }
            j = previous
            deepEnough = value(j) <= -reversalDepth
        }
        return zeroCrossing(ring: ring, below: last, earliest: earliest, limit: crossing, value: value)
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
        var (n, sumT, sumV, sumTT, sumTV) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for j in first...end {
            let t = ring[j].time - t0
            let v = Double(value(j))
            n += 1
            sumT += t
            sumV += v
            sumTT += t * t
            sumTV += t * v
        }
        let pivot = n * sumTT - sumT * sumT
        let slope = (n * sumTV - sumT * sumV) / pivot
        guard pivot > 0, slope > 0 else { return interpolated }
        let intercept = (sumV - slope * sumT) / n
        let root = t0 - intercept / slope
        return root >= t0 && root <= t1 ? root : interpolated
    }
}
