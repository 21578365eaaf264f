extension SwingOnsetEstimator {
    /// The least-squares line through the rate `value(j)` (rad/s) of ring samples `first...last` against their time
    /// since sample `origin` (s): its value at that sample's time (rad/s) and its slope (rad/s²); nil when the times
    /// do not spread (pivot ≤ 0).
    static func rateLine(
        ring: SampleRing<RotationSample>, first: Int, last: Int, origin: Int, value: (Int) -> Float
    ) -> (level: Double, slope: Double)? {
        let t0 = ring[origin].time
        var (n, sumT, sumV, sumTT, sumTV) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for j in first...last {
            let t = ring[j].time - t0
            let v = Double(value(j))
            n += 1
            sumT += t
            sumV += v
            sumTT += t * t
            sumTV += t * v
        }
        let pivot = n * sumTT - sumT * sumT
        guard pivot > 0 else { return nil }
        let slope = (n * sumTV - sumT * sumV) / pivot
        return ((sumV - slope * sumT) / n, slope)
    }
}
