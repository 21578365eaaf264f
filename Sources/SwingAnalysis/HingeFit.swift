/// Least-squares hinge fits over one swing's samples: for a hinge time τ, the residual sum of squares of
///
///     p(t) ≈ b + a·d^m + c·d^(m+1) [+ s·(t − τ)],   d = max(0, t − τ),   m ∈ {1, 1.5, 2, 2.5, 3}
///
/// for all five exponents at once (a pre-swing baseline, then a rise with its leading power and first correction).
/// Times are taken in units of 0.1 s relative to a reference time (the caller's walk-back point), so that the
/// regressors stay of order one whatever the recording clock reads.
///
/// How it is cheap (same least-squares problem as a direct 4×4 normal-equation solve per τ and exponent):
/// - The (1, t − τ) block of the normal equations covers every sample and does not depend on the split at τ: it
///   comes from sums over the samples formed once per swing (centred on their mean time, so the baseline slope's
///   pivot Σ(t − t̄)² and Σ(t − t̄)·p are τ-independent and exact).
/// - Samples at or before τ have d = 0 and add nothing to the columns d^m, d^(m+1); after τ, d = t − τ, so every
///   entry of those columns is a power sum Σd^q (q = 1, 1.5, …, 4.5 and 5, 6, 7, 8) or Σp·d^q (q = 1, …, 4):
///   one pass over the samples after τ, one square root per sample, serves all five exponents.
/// - The solve eliminates (1, t − τ) first (an LDLᵀ factorisation in the order 1, t − τ, d^m, d^(m+1)): per
///   exponent only a 2×2 Schur complement remains.
///
/// A fit is +∞ when the system is singular (an LDLᵀ pivot ≤ 1e-12, in the 0.1 s units) or when the fitted
/// leading coefficient a is not positive (the signal must rise after τ). The result is a pure function of the
/// samples, the reference time and τ.
///
/// The samples live in a scratch owned by the caller's stack frame (``withFit(count:referenceTime:includesBaselineSlope:sample:_:)``
/// uses `withUnsafeTemporaryAllocation`): nothing is allocated per swing or per τ.
struct HingeFit: ~Copyable {
    /// Number of hinge exponents fitted; lane `e` of ``errors(tau:)`` is m = 1 + e/2.
    static let exponentCount = 5
    /// Pivots at or below this (normal equations in 0.1 s units) make a fit singular (+∞).
    static let singularPivot = 1e-12

    /// Per sample: x = (t − referenceTime) in 0.1 s, y = fitted value p. Non-decreasing in x.
    let samples: UnsafeBufferPointer<SIMD2<Double>>
    /// s, recording clock.
    let referenceTime: Double
    /// Whether the baseline has a slope s·(t − τ) (4 parameters) or is constant (3 parameters).
    let includesBaselineSlope: Bool
    let inverseCount: Double
    /// Mean of the sample offsets, 0.1 s.
    let meanOffset: Double
    /// 1 / Σ(x − x̄)², 0 without a baseline slope.
    let inverseSlopePivot: Double
    /// Σp and Σ(x − x̄)·p.
    let valueSum: Double
    let centredOffsetValueSum: Double
    /// Σp² minus what the baseline alone explains.
    let baselineResidual: Double
    /// The baseline block itself is singular: every fit is +∞.
    let isSingular: Bool

    /// Builds the fit over `count` samples (≥ 1) given by `sample(j)` = (time in s on the recording clock,
    /// fitted value), times non-decreasing in j, and runs `body` with it. The fit is only valid inside `body`.
    static func withFit<Result>(
        count: Int, referenceTime: Double, includesBaselineSlope: Bool,
        sample: (Int) -> (time: Double, value: Double),
        _ body: (borrowing HingeFit) -> Result
    ) -> Result {
        precondition(count >= 1, "HingeFit needs at least one sample")
        return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: count) { scratch in
            for j in 0..<count {
                let (time, value) = sample(j)
                scratch.initializeElement(at: j, to: SIMD2((time - referenceTime) * 10, value))
            }
            let fit = HingeFit(
                samples: UnsafeBufferPointer(scratch), referenceTime: referenceTime,
                includesBaselineSlope: includesBaselineSlope)
            return body(fit)
        }
    }

    init(samples: UnsafeBufferPointer<SIMD2<Double>>, referenceTime: Double, includesBaselineSlope: Bool) {
        self.samples = samples
        self.referenceTime = referenceTime
        self.includesBaselineSlope = includesBaselineSlope
        let count = Double(samples.count)
        var offsetSum = 0.0, valueSum = 0.0, squaredValueSum = 0.0
        for s in samples {
            offsetSum += s.x
            valueSum += s.y
            squaredValueSum += s.y * s.y
        }
        let mean = offsetSum / count
        var slopePivot = 0.0, centredOffsetValueSum = 0.0
        for s in samples {
            let centred = s.x - mean
            slopePivot += centred * centred
            centredOffsetValueSum += centred * s.y
        }
        inverseCount = 1 / count
        meanOffset = mean
        self.valueSum = valueSum
        self.centredOffsetValueSum = centredOffsetValueSum
        if includesBaselineSlope {
            isSingular = slopePivot <= Self.singularPivot
            inverseSlopePivot = 1 / slopePivot
            baselineResidual =
                squaredValueSum - valueSum * valueSum / count
                - centredOffsetValueSum * centredOffsetValueSum / slopePivot
        } else {
            isSingular = false
            inverseSlopePivot = 0
            baselineResidual = squaredValueSum - valueSum * valueSum / count
        }
    }

    /// Residual sums of squares of the hinge fits at `tau` (s, recording clock): lane e (0…4) for m = 1 + e/2,
    /// lanes 5…7 unused (+∞). +∞ where singular or where a ≤ 0.
    func errors(tau: Double) -> SIMD8<Double> {
        guard !isSingular else { return SIMD8(repeating: .infinity) }
        let tauOffset = (tau - referenceTime) * 10
        // First sample after τ (d > 0): samples are sorted by offset.
        var low = 0
        var high = samples.count
        while low < high {
            let middle = (low + high) >> 1
            if samples[middle].x - tauOffset > 0 { high = middle } else { low = middle + 1 }
        }
        // Power sums over the samples after τ: Σd^k (k = 1…8), Σd^(k+½) (k = 1…4), Σp·d^k, Σp·d^(k+½).
        var integerPowers = SIMD8<Double>.zero
        var halfPowers = SIMD4<Double>.zero
        var valueIntegerPowers = SIMD4<Double>.zero
        var valueHalfPowers = SIMD4<Double>.zero
        for j in low..<samples.count {
            let s = samples[j]
            let d = s.x - tauOffset
            let d2 = d * d
            let lowPowers = SIMD4(d, d2, d2 * d, d2 * d2)
            let half = lowPowers * d.squareRoot()
            integerPowers += SIMD8(lowHalf: lowPowers, highHalf: lowPowers * lowPowers[3])
            halfPowers += half
            valueIntegerPowers += lowPowers * s.y
            valueHalfPowers += half * s.y
        }
        // Mean of (t − τ) over all samples, 0.1 s: the multiplier eliminating the intercept from the slope column.
        let meanTimeFromTau = meanOffset - tauOffset
        return Self.errors(
            integerPowers: integerPowers, halfPowers: halfPowers, valueIntegerPowers: valueIntegerPowers,
            valueHalfPowers: valueHalfPowers, meanTimeFromTau: meanTimeFromTau, inverseCount: inverseCount,
            inverseSlopePivot: inverseSlopePivot, valueSum: valueSum, centredOffsetValueSum: centredOffsetValueSum,
            baselineResidual: baselineResidual)
    }

    /// The five fits from the power sums after τ, one exponent per lane: with the columns h1 = d^m, h2 = d^(m+1),
    /// eliminate 1 and (t − τ) (LDLᵀ in the order 1, t − τ, h1, h2), then solve the remaining 2×2 Schur complement.
    /// Lanes 5…7 see zero sums and come out singular (+∞).
    @inline(__always)
    private static func errors(
        integerPowers i: SIMD8<Double>, halfPowers h: SIMD4<Double>, valueIntegerPowers vi: SIMD4<Double>,
        valueHalfPowers vh: SIMD4<Double>, meanTimeFromTau: Double, inverseCount: Double, inverseSlopePivot: Double,
        valueSum: Double, centredOffsetValueSum: Double, baselineResidual: Double
    ) -> SIMD8<Double> {
        // Lane e: m = 1 + e/2. Σh1, Σh2 (= Σh1·(t − τ)), Σh2·(t − τ); Σh1², Σh1·h2, Σh2²; Σh1·p, Σh2·p.
        let h1 = SIMD8(i[0], h[0], i[1], h[1], i[2], 0, 0, 0)
        let h2 = SIMD8(i[1], h[1], i[2], h[2], i[3], 0, 0, 0)
        let h2t = SIMD8(i[2], h[2], i[3], h[3], i[4], 0, 0, 0)
        let h11 = SIMD8(i[1], i[2], i[3], i[4], i[5], 0, 0, 0)
        let h12 = SIMD8(i[2], i[3], i[4], i[5], i[6], 0, 0, 0)
        let h22 = SIMD8(i[3], i[4], i[5], i[6], i[7], 0, 0, 0)
        let h1p = SIMD8(vi[0], vh[0], vi[1], vh[1], vi[2], 0, 0, 0)
        let h2p = SIMD8(vi[1], vh[1], vi[2], vh[2], vi[3], 0, 0, 0)
        // Eliminate 1, then (t − τ): z = Σh·(t − τ) − mean(t − τ)·Σh = Σh·(t − t̄).
        let z1 = h2 - meanTimeFromTau * h1
        let z2 = h2t - meanTimeFromTau * h2
        let s11 = h11 - (h1 * h1 * inverseCount + z1 * z1 * inverseSlopePivot)
        let s12 = h12 - (h1 * h2 * inverseCount + z1 * z2 * inverseSlopePivot)
        let s22 = h22 - (h2 * h2 * inverseCount + z2 * z2 * inverseSlopePivot)
        let valueMean = valueSum * inverseCount
        let valueSlope = centredOffsetValueSum * inverseSlopePivot
        let r1 = h1p - (h1 * valueMean + z1 * valueSlope)
        let r2 = h2p - (h2 * valueMean + z2 * valueSlope)
        // 2×2 LDLᵀ of [[s11, s12], [s12, s22]]; a = (r1 − s12·c) / s11 with c the h2 coefficient.
        let inverse11 = 1 / s11
        let l = s12 * inverse11
        let pivot2 = s22 - l * s12
        let y2 = r2 - l * r1
        let c = y2 / pivot2
        let aNumerator = r1 - s12 * c
        var result = baselineResidual - r1 * r1 * inverse11 - y2 * c
        let valid =
            (s11 .> Self.singularPivot) .& (pivot2 .> Self.singularPivot) .& (aNumerator .> 0)
        result.replace(with: .infinity, where: .!valid)
        return result
    }
}
