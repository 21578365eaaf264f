import MotionDSP
import MotionRecording

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
///   one pass over the samples after τ, one square root per sample, serves all five exponents — and, with the sums
///   of four τ side by side in vector lanes (``errors(taus:)``), four τ at once.
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
    /// φ of the AR(1) noise model the fit is prewhitened with (`HingeFit+Prewhitening.swift`): the rows are then
    /// j = 1 ..< count, each sample minus φ times the one before (data and regressors alike), and the baseline sums
    /// above are over those rows. nil: ordinary least squares over the samples as they are.
    let noiseCoefficient: Double?
    /// Number of least-squares rows: the sample count, one less when prewhitened.
    var rowCount: Int { noiseCoefficient == nil ? samples.count : samples.count - 1 }

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

    /// - Parameter noiseCoefficient: φ to prewhiten with (needs at least two samples), or nil.
    init(
        samples: UnsafeBufferPointer<SIMD2<Double>>, referenceTime: Double, includesBaselineSlope: Bool,
        noiseCoefficient: Double? = nil
    ) {
        precondition(noiseCoefficient == nil || samples.count >= 2, "a prewhitened HingeFit needs two samples")
        self.samples = samples
        self.referenceTime = referenceTime
        self.includesBaselineSlope = includesBaselineSlope
        self.noiseCoefficient = noiseCoefficient
        // Row j: the sample, or (prewhitened) the sample minus φ times the one before; rows first ..< samples.count.
        let first = noiseCoefficient == nil ? 0 : 1
        let phi = noiseCoefficient ?? 0
        func row(_ j: Int) -> SIMD2<Double> { first == 0 ? samples[j] : samples[j] - phi * samples[j - 1] }
        let count = Double(samples.count - first)
        var offsetSum = 0.0, valueSum = 0.0, squaredValueSum = 0.0
        for j in first..<samples.count {
            let s = row(j)
            offsetSum += s.x
            valueSum += s.y
            squaredValueSum += s.y * s.y
        }
        let mean = offsetSum / count
        var slopePivot = 0.0, centredOffsetValueSum = 0.0
        for j in first..<samples.count {
            let s = row(j)
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
    func errors(tau: Double) -> SIMD8<Double> { errors(taus: SIMD4(repeating: tau)).0 }

    /// ``errors(tau:)`` at four hinge times (s, recording clock) from one pass over the samples: element k of the
    /// result for lane k of `taus`.
    ///
    /// The power sums of the four τ sit side by side in the lanes of one `SIMD4` per power, and the 2×2 solves run
    /// one exponent at a time across the four τ: each τ's value goes through the same operations in the same order
    /// whatever the other lanes hold, so a τ gives the same bits alone or with any three others. A sample at or
    /// before a lane's τ adds +0 to that lane (its d and p are zeroed there), which leaves every sum as it was.
    func errors(taus: SIMD4<Double>) -> (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) {
        guard !isSingular else {
            let infinite = SIMD8<Double>(repeating: .infinity)
            return (infinite, infinite, infinite, infinite)
        }
        if let phi = noiseCoefficient { return prewhitenedErrors(taus: taus, noiseCoefficient: phi) }
        let tauOffsets = (taus - referenceTime) * 10
        // First sample after the earliest τ (samples are sorted by offset): earlier ones are after none of the four.
        let earliest = Swift.min(Swift.min(tauOffsets[0], tauOffsets[1]), Swift.min(tauOffsets[2], tauOffsets[3]))
        let low = BinarySearch.firstIndex(in: 0..<samples.count) { samples[$0].x - earliest > 0 }
        // Lane = τ. Σd^k (k = 1…8), Σd^(k+½) (k = 1…4), Σp·d^k and Σp·d^(k+½) (k = 1…4).
        var d1 = SIMD4<Double>.zero, d2 = SIMD4<Double>.zero, d3 = SIMD4<Double>.zero, d4 = SIMD4<Double>.zero
        var d5 = SIMD4<Double>.zero, d6 = SIMD4<Double>.zero, d7 = SIMD4<Double>.zero, d8 = SIMD4<Double>.zero
        var r1 = SIMD4<Double>.zero, r2 = SIMD4<Double>.zero, r3 = SIMD4<Double>.zero, r4 = SIMD4<Double>.zero
        var pd1 = SIMD4<Double>.zero, pd2 = SIMD4<Double>.zero, pd3 = SIMD4<Double>.zero, pd4 = SIMD4<Double>.zero
        var pr1 = SIMD4<Double>.zero, pr2 = SIMD4<Double>.zero, pr3 = SIMD4<Double>.zero, pr4 = SIMD4<Double>.zero
        for j in low..<samples.count {
            let s = samples[j]
            let difference = s.x - tauOffsets
            let after = difference .> 0
            let d = SIMD4<Double>.zero.replacing(with: difference, where: after)
            let p = SIMD4<Double>.zero.replacing(with: s.y, where: after)
            let squared = d * d
            let cubed = squared * d
            let fourth = squared * squared
            d1 += d
            d2 += squared
            d3 += cubed
            d4 += fourth
            d5 += d * fourth
            d6 += squared * fourth
            d7 += cubed * fourth
            d8 += fourth * fourth
            let root = d.vectorSquareRoot()
            let (half1, half2, half3, half4) = (d * root, squared * root, cubed * root, fourth * root)
            r1 += half1
            r2 += half2
            r3 += half3
            r4 += half4
            pd1 += d * p
            pd2 += squared * p
            pd3 += cubed * p
            pd4 += fourth * p
            pr1 += half1 * p
            pr2 += half2 * p
            pr3 += half3 * p
            pr4 += half4 * p
        }
        // Mean of (t − τ) over all samples, 0.1 s: the multiplier eliminating the intercept from the slope column.
        let meanTimeFromTau = meanOffset - tauOffsets
        // Exponent m = 1 + e/2, with h1 = d^m, h2 = d^(m+1): Σh1, Σh2 (= Σh1·(t − τ)), Σh2·(t − τ); Σh1², Σh1·h2,
        // Σh2²; Σh1·p, Σh2·p.
        func fit(
            _ h1: SIMD4<Double>, _ h2: SIMD4<Double>, _ h2t: SIMD4<Double>, _ h11: SIMD4<Double>,
            _ h12: SIMD4<Double>, _ h22: SIMD4<Double>, _ h1p: SIMD4<Double>, _ h2p: SIMD4<Double>
        ) -> SIMD4<Double> {
            // Eliminate 1, then (t − τ): z = Σh·(t − τ) − mean(t − τ)·Σh = Σh·(t − t̄).
            residuals(
                h1: h1, h2: h2, z1: h2 - meanTimeFromTau * h1, z2: h2t - meanTimeFromTau * h2, h11: h11, h12: h12,
                h22: h22, h1p: h1p, h2p: h2p)
        }
        let m1 = fit(d1, d2, d3, d2, d3, d4, pd1, pd2)
        let m15 = fit(r1, r2, r3, d3, d4, d5, pr1, pr2)
        let m2 = fit(d2, d3, d4, d4, d5, d6, pd2, pd3)
        let m25 = fit(r2, r3, r4, d5, d6, d7, pr2, pr3)
        let m3 = fit(d3, d4, d5, d6, d7, d8, pd3, pd4)
        func lane(_ k: Int) -> SIMD8<Double> {
            SIMD8(m1[k], m15[k], m2[k], m25[k], m3[k], .infinity, .infinity, .infinity)
        }
        return (lane(0), lane(1), lane(2), lane(3))
    }

    /// The fits of one exponent at four τ from the sums of its two rise columns h1, h2 (one τ per lane; see
    /// ``errors(taus:)``): Σh, Σh·(x − x̄) (z), Σh1², Σh1·h2, Σh2², Σh·p. Eliminates the baseline (LDLᵀ in the order
    /// 1, x − x̄, h1, h2), then solves the remaining 2×2 Schur complement. +∞ where a pivot is ≤ ``singularPivot`` or
    /// the leading coefficient a is not positive.
    @inline(__always)
    func residuals(
        h1: SIMD4<Double>, h2: SIMD4<Double>, z1: SIMD4<Double>, z2: SIMD4<Double>, h11: SIMD4<Double>,
        h12: SIMD4<Double>, h22: SIMD4<Double>, h1p: SIMD4<Double>, h2p: SIMD4<Double>
    ) -> SIMD4<Double> {
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
