/// Relative-error comparison used by the parity tests against scipy's reference vectors.
public enum ApproximateComparison {
    /// max_i |a_i − b_i| / max(max_i |b_i|, tiny): the error relative to the reference's scale, so that values
    /// near zero in a signal of scale 1 are not judged by their own tiny magnitude.
    public static func maxRelativeError<A: Collection, B: Collection>(_ actual: A, _ expected: B) -> Double
    where A.Element: BinaryFloatingPoint, B.Element: BinaryFloatingPoint {
        precondition(actual.count == expected.count, "count mismatch: \(actual.count) vs \(expected.count)")
        var scale = 0.0
        for e in expected { scale = Swift.max(scale, Swift.abs(Double(e))) }
        scale = Swift.max(scale, Double.leastNormalMagnitude)
        var worst = 0.0
        for (a, e) in zip(actual, expected) {
            let difference = Swift.abs(Double(a) - Double(e))
            if difference.isNaN { return .infinity }
            worst = Swift.max(worst, difference / scale)
        }
        return worst
    }
}
