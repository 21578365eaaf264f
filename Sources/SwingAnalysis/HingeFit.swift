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
        var result = SIMD8<Double>(repeating: .infinity)
        guard !isSingular else { return result }
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
        let sums = PowerSums(
            integer: integerPowers, half: halfPowers, valueInteger: valueIntegerPowers, valueHalf: valueHalfPowers)
        // Mean of (t − τ) over all samples, 0.1 s: the multiplier eliminating the intercept from the slope column.
        let meanTimeFromTau = meanOffset - tauOffset
        for e in 0..<Self.exponentCount {
            result[e] = error(sums: sums, twiceExponent: e + 2, meanTimeFromTau: meanTimeFromTau)
        }
        return result
    }

    /// Coarse grid of ``bestHinge(tauLow:tauHigh:)``, s.
    static let coarseTauStep = 0.00025
    /// Fine grid of ``bestHinge(tauLow:tauHigh:)``, s.
    static let fineTauStep = 0.00001

    /// The hinge time with the smallest residual over [tauLow, tauHigh] (s, recording clock): every exponent on a
    /// grid tauLow + k·0.25 ms, then the winning exponent on a grid of ±0.25 ms in 0.01 ms steps around the winning
    /// τ (only points inside the range). Ties keep the earlier τ and the smaller exponent. When no fit is finite on
    /// the coarse grid the search starts from `tauHigh` with m = 1.
    /// - Returns: τ in s and the exponent index e (m = 1 + e/2).
    func bestHinge(tauLow: Double, tauHigh: Double) -> (tau: Double, exponent: Int) {
        var bestTau = tauHigh
        var bestError = Double.infinity
        var bestExponent = 0
        var tau = tauLow
        while tau <= tauHigh {
            let errors = errors(tau: tau)
            for e in 0..<Self.exponentCount where errors[e] < bestError {
                bestError = errors[e]
                bestTau = tau
                bestExponent = e
            }
            tau += Self.coarseTauStep
        }
        let center = bestTau
        var offset = -Self.coarseTauStep
        while offset <= Self.coarseTauStep {
            let candidate = center + offset
            if candidate >= tauLow, candidate <= tauHigh {
                let error = errors(tau: candidate)[bestExponent]
                if error < bestError {
                    bestError = error
                    bestTau = candidate
                }
            }
            offset += Self.fineTauStep
        }
        return (bestTau, bestExponent)
    }

    /// Power sums over the samples after τ, indexed by twice the power.
    struct PowerSums {
        var integer: SIMD8<Double>
        var half: SIMD4<Double>
        var valueInteger: SIMD4<Double>
        var valueHalf: SIMD4<Double>

        /// Σd^(q/2), q = 2…16 (odd q ≤ 9).
        @inline(__always) func power(_ q: Int) -> Double {
            q & 1 == 0 ? integer[q / 2 - 1] : half[(q - 3) / 2]
        }
        /// Σp·d^(q/2), q = 2…8 (odd q ≤ 9).
        @inline(__always) func valuePower(_ q: Int) -> Double {
            q & 1 == 0 ? valueInteger[q / 2 - 1] : valueHalf[(q - 3) / 2]
        }
    }

    /// Residual sum of squares for m = twiceExponent / 2, from the power sums after τ.
    @inline(__always)
    private func error(sums: PowerSums, twiceExponent m2: Int, meanTimeFromTau: Double) -> Double {
        // Columns h1 = d^m, h2 = d^(m+1): their sums with 1 and with (t − τ) (= d after τ, h = 0 before).
        let h1 = sums.power(m2)
        let h1t = sums.power(m2 + 2)
        let h2 = h1t
        let h2t = sums.power(m2 + 4)
        // Eliminate 1, then (t − τ): z = Σh·(t − τ) − mean(t − τ)·Σh = Σh·(t − t̄).
        let z1 = h1t - meanTimeFromTau * h1
        let z2 = h2t - meanTimeFromTau * h2
        let s11 = sums.power(2 * m2) - (h1 * h1 * inverseCount + z1 * z1 * inverseSlopePivot)
        let s12 = sums.power(2 * m2 + 2) - (h1 * h2 * inverseCount + z1 * z2 * inverseSlopePivot)
        let s22 = sums.power(2 * m2 + 4) - (h2 * h2 * inverseCount + z2 * z2 * inverseSlopePivot)
        let r1 = sums.valuePower(m2) - (h1 * valueSum * inverseCount + z1 * centredOffsetValueSum * inverseSlopePivot)
        let r2 = sums.valuePower(m2 + 2) - (h2 * valueSum * inverseCount + z2 * centredOffsetValueSum * inverseSlopePivot)
        // 2×2 LDLᵀ of the Schur complement [[s11, s12], [s12, s22]].
        guard s11 > Self.singularPivot else { return .infinity }
        let l = s12 / s11
        let pivot2 = s22 - l * s12
        guard pivot2 > Self.singularPivot else { return .infinity }
        let y2 = r2 - l * r1
        let c = y2 / pivot2
        let a = (r1 - s12 * c) / s11
        guard a > 0 else { return .infinity }
        return baselineResidual - r1 * r1 / s11 - y2 * y2 / pivot2
    }
}
