/// One second-order section (biquad) of a digital IIR filter, with its leading denominator coefficient `a0`
/// normalised to 1:
///
///     H(z) = (b0 + b1 z⁻¹ + b2 z⁻²) / (1 + a1 z⁻¹ + a2 z⁻²)
///
/// This is one row `[b0, b1, b2, 1, a1, a2]` of scipy's `sos` array. Coefficients are dimensionless and tied to
/// the sample rate the section was designed for.
public struct Biquad: Sendable, Hashable {
    public var b0: Double
    public var b1: Double
    public var b2: Double
    public var a1: Double
    public var a2: Double

    @inlinable
    public init(b0: Double, b1: Double, b2: Double, a1: Double, a2: Double) {
        self.b0 = b0
        self.b1 = b1
        self.b2 = b2
        self.a1 = a1
        self.a2 = a2
    }

    /// The pass-through section `H(z) = 1`.
    public static let identity = Biquad(b0: 1, b1: 0, b2: 0, a1: 0, a2: 0)

    /// The row `[b0, b1, b2, 1, a1, a2]` as scipy stores it.
    public var scipyRow: [Double] { [b0, b1, b2, 1, a1, a2] }

    /// The gain at 0 Hz, `H(1) = (b0 + b1 + b2) / (1 + a1 + a2)` (scipy's `b.sum() / a.sum()`).
    public var directCurrentGain: Double { (b0 + b1 + b2) / (1 + a1 + a2) }

    /// The input's weights on the next transposed-direct-form-II state once the output `y = b0·x + s1` is
    /// substituted, `[b1 − a1·b0, b2 − a2·b0]` (scipy's `b[1:] − a[1:]·b0`):
    ///
    ///     s1 ← (w1·x + s2) − a1·s1;   s2 ← w2·x − a2·s1
    ///
    /// is the same recursion as `s1 ← b1·x − a1·y + s2; s2 ← b2·x − a2·y`, with two dependent operations per
    /// sample on the state instead of four (see ``SOSCascadeKernel``).
    public var stateInputWeights: SIMD2<Double> { SIMD2(b1 - a1 * b0, b2 - a2 * b0) }

    /// The transposed-direct-form-II state `[s1, s2]` this section settles to under a constant unit input
    /// (scipy's `lfilter_zi(b, a)`): the solution of `(I − Aᵀ) zi = b[1:] − a[1:] b0` in closed form.
    public var unitStepSteadyState: SIMD2<Double> {
        // (1 + a1) s1 − s2 = w1 ;  a2 s1 + s2 = w2
        let w = stateInputWeights
        let s1 = (w[0] + w[1]) / (1 + a1 + a2)
        return SIMD2(s1, w[1] - a2 * s1)
    }
}
