import Foundation
import MotionRecording

/// Hinge fits that model their residual as first-order autoregressive noise (prewhitened, feasible generalised
/// least squares in the Cochrane–Orcutt way).
///
/// Wrist tremor (narrowband, 5–13 Hz; physiological tremor 8–12 Hz) keeps the residual of a hinge fit correlated
/// over many 200 Hz samples, and ordinary least squares weighs every sample as independent evidence: a tremor
/// half-cycle next to the start pulls τ towards it. The fit window holds less than one tremor period before the
/// start (10–40 samples), too little to estimate a resonance, but enough for the lag-one correlation: φ of
/// e_j = φ·e_(j−1) + w_j by Yule–Walker (φ = Σ ê_j ê_(j+1) / Σ ê_j², ê the residual less its mean) from the ordinary
/// fit's residual before its hinge time (where the residual is noise rather than the rise's model error; with
/// fewer than ``noiseModelMinimumSamples`` samples there, the whole residual). Data and regressors are then filtered
/// with 1 − φ z⁻¹ (the first sample has no predecessor and is dropped) and every fit is redone on those rows; the
/// exponent average weighs with the whitened residual, whose variance estimate is far closer to honest, so its
/// inflation drops from 240 to ``prewhitenedExponentAverageInflation``.
///
/// The baseline's whitened columns (1 − φ and x_j − φ·x_(j−1) − τ·(1 − φ)) span the constants and the whitened
/// time whatever τ is, so the baseline block stays τ-independent (``HingeFit/init(samples:referenceTime:includesBaselineSlope:noiseCoefficient:)``
/// forms it over the whitened rows); the rise columns d^q − φ·d_prev^q are summed directly, O(n) per four τ.
extension HingeFit {
    /// κ of the exponent average for prewhitened fits: the whitened residual is close to independent, so its
    /// variance needs far less inflation than the ordinary fit's 240; much smaller κ lets noise decide between
    /// neighbouring powers again, much larger weighs poor fits like good ones (docs/architecture.md §8 has the
    /// values measured).
    static let prewhitenedExponentAverageInflation = 30.0
    /// Fewest residual samples at or before the ordinary fit's hinge time that the noise model is read from.
    static let noiseModelMinimumSamples = 6

    /// The onset (s, recording clock) of the prewhitened fit: the ordinary fit's best hinge over the lattice
    /// tauLow + n·0.01 ms in [tauLow, tauHigh], φ from its residual (see above), then
    /// ``exponentAveragedHinge(tauLow:tauHigh:)`` of the fit prewhitened with φ. The ordinary fit's best τ when no
    /// fit is finite; its exponent average when φ cannot be read (a residual without variance). A pure function of
    /// the samples, the reference time, tauLow and tauHigh; no allocation.
    func prewhitenedHinge(tauLow: Double, tauHigh: Double) -> Double {
        precondition(noiseCoefficient == nil, "prewhitenedHinge starts from an ordinary fit")
        precondition(tauLow.isFinite && tauHigh.isFinite, "prewhitenedHinge needs finite τ bounds")
        guard tauLow <= tauHigh else { return tauHigh }
        return prewhitenedHinge(
            tauLow: tauLow, tauHigh: tauHigh,
            ordinarySearch: search(tauLow: tauLow, tauHigh: tauHigh, refiningEveryExponent: false)
        ) { exponentAveragedHinge(tauLow: tauLow, tauHigh: tauHigh) }
    }

    /// ``prewhitenedHinge(tauLow:tauHigh:)`` from the ordinary fit's search over the same range (tauLow ≤ tauHigh;
    /// nil: no fit finite on the coarse grid), which gives the hinge φ is read at (its step-3 best,
    /// ``HingeSearchBest/singleFitIndex``, so a search that also refined every exponent serves as well);
    /// `ordinaryAverage` is the ordinary exponent average, called only when φ cannot be read.
    func prewhitenedHinge(
        tauLow: Double, tauHigh: Double, ordinarySearch: HingeSearchBest?, ordinaryAverage: () -> Double
    ) -> Double {
        precondition(noiseCoefficient == nil, "prewhitenedHinge starts from an ordinary fit")
        guard let best = ordinarySearch else { return fallback(tauLow: tauLow, tauHigh: tauHigh).tau }
        let tau = tauLow + Double(best.singleFitIndex) * Self.fineTauStep
        guard samples.count >= 2,
            let phi = residualNoiseCoefficient(tau: tau, exponent: 1 + Double(best.singleFitExponent) / 2)
        else { return ordinaryAverage() }
        let whitened = HingeFit(
            samples: samples, referenceTime: referenceTime, includesBaselineSlope: includesBaselineSlope,
            noiseCoefficient: phi)
        return whitened.exponentAveragedHinge(tauLow: tauLow, tauHigh: tauHigh)
    }

    /// φ of the AR(1) model of the ordinary fit's residual at hinge time `tau` (s, recording clock) and leading
    /// power `exponent` (Yule–Walker over the samples at or before τ, or all of them when fewer than
    /// ``noiseModelMinimumSamples`` are); nil when the fit is singular or the residual has no variance.
    func residualNoiseCoefficient(tau: Double, exponent m: Double) -> Double? {
        guard let coefficients = coefficients(tau: tau, exponent: m) else { return nil }
        let tauOffset = (tau - referenceTime) * 10
        func residual(_ j: Int) -> Double {
            (samples[j].y - (risePredictors(offset: samples[j].x, tauOffset: tauOffset, exponent: m) * coefficients).sum())
        }
        var count = 0
        while count < samples.count, samples[count].x <= tauOffset { count += 1 }
        if count < Self.noiseModelMinimumSamples { count = samples.count }
        var sum = 0.0
        for j in 0..<count { sum += residual(j) }
        let mean = sum / Double(count)
        var lag0 = 0.0, lag1 = 0.0
        var previous = residual(0) - mean
        lag0 += previous * previous
        for j in 1..<Swift.max(1, count) {
            let current = residual(j) - mean
            lag0 += current * current
            lag1 += previous * current
            previous = current
        }
        guard lag0 > 0 else { return nil }
        let phi = lag1 / lag0
        return phi.isFinite ? phi : nil
    }

    /// The regressors (1, x − τ, d^m, d^(m+1)) of one sample (offsets in 0.1 s), x − τ zero without a baseline slope.
    @inline(__always)
    private func risePredictors(offset x: Double, tauOffset: Double, exponent m: Double) -> SIMD4<Double> {
        let d = Swift.max(0, x - tauOffset)
        let power = d > 0 ? Foundation.pow(d, m) : 0
        return SIMD4(1, includesBaselineSlope ? x - tauOffset : 0, power, power * d)
    }

    /// Ordinary least-squares coefficients (b, s, a, c) of the hinge at `tau` with leading power `m` (normal
    /// equations, Gaussian elimination; s = 0 without a baseline slope); nil when a pivot is ≤ ``singularPivot``.
    func coefficients(tau: Double, exponent m: Double) -> SIMD4<Double>? {
        let tauOffset = (tau - referenceTime) * 10
        var rows = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
        var moments = SIMD4<Double>.zero
        for s in samples {
            let c = risePredictors(offset: s.x, tauOffset: tauOffset, exponent: m)
            rows.0 += c * c[0]
            rows.1 += c * c[1]
            rows.2 += c * c[2]
            rows.3 += c * c[3]
            moments += c * s.y
        }
        if !includesBaselineSlope { rows.1[1] = 1 }  // s ≡ 0
        // Gaussian elimination without pivoting (the normal matrix is symmetric positive definite).
        var matrix = NormalMatrix(rows: rows)
        for k in 0..<4 {
            let pivot = matrix[k][k]
            guard pivot > Self.singularPivot else { return nil }
            for i in (k + 1)..<4 {
                let factor = matrix[i][k] / pivot
                matrix[i] -= factor * matrix[k]
                moments[i] -= factor * moments[k]
            }
        }
        for k in stride(from: 3, through: 0, by: -1) {
            var value = moments[k]
            for j in (k + 1)..<4 { value -= matrix[k][j] * moments[j] }
            moments[k] = value / matrix[k][k]
        }
        return moments
    }

    /// ``errors(taus:)`` of a fit prewhitened with φ = `noiseCoefficient`: rows j = 1 ..< count, each rise column
    /// d_j^q − φ·d_(j−1)^q (q = 1, 1.5, …, 4), the value y_j − φ·y_(j−1) and the whitened time less its mean. Rows
    /// where d is zero at j and j − 1 in a lane add +0 there, so a τ gives the same bits alone or with any three
    /// others, as in the ordinary fit.
    func prewhitenedErrors(
        taus: SIMD4<Double>, noiseCoefficient phi: Double
    ) -> (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>, SIMD8<Double>) {
        let tauOffsets = (taus - referenceTime) * 10
        let earliest = Swift.min(Swift.min(tauOffsets[0], tauOffsets[1]), Swift.min(tauOffsets[2], tauOffsets[3]))
        let low = BinarySearch.firstIndex(in: 0..<samples.count) { samples[$0].x - earliest > 0 }
        let start = Swift.max(1, low)
        var sums = RisePowerSums()
        if start < samples.count {
            var previous = RisePowers(offset: samples[start - 1].x, tauOffsets: tauOffsets)
            for j in start..<samples.count {
                let current = RisePowers(offset: samples[j].x, tauOffsets: tauOffsets)
                let row = samples[j] - phi * samples[j - 1]
                sums.add(current.whitened(previous, phi), value: row.y, centredOffset: row.x - meanOffset)
                previous = current
            }
        }
        let s = sums
        // Exponent m = 1 + e/2 uses the rise columns q = m (power index e) and q = m + 1 (index e + 2).
        let m1 = residuals(
            h1: s.sum.q10, h2: s.sum.q20, z1: s.time.q10, z2: s.time.q20, h11: s.square.q10, h12: s.cross.q10,
            h22: s.square.q20, h1p: s.value.q10, h2p: s.value.q20)
        let m15 = residuals(
            h1: s.sum.q15, h2: s.sum.q25, z1: s.time.q15, z2: s.time.q25, h11: s.square.q15, h12: s.cross.q15,
            h22: s.square.q25, h1p: s.value.q15, h2p: s.value.q25)
        let m2 = residuals(
            h1: s.sum.q20, h2: s.sum.q30, z1: s.time.q20, z2: s.time.q30, h11: s.square.q20, h12: s.cross.q20,
            h22: s.square.q30, h1p: s.value.q20, h2p: s.value.q30)
        let m25 = residuals(
            h1: s.sum.q25, h2: s.sum.q35, z1: s.time.q25, z2: s.time.q35, h11: s.square.q25, h12: s.cross.q25,
            h22: s.square.q35, h1p: s.value.q25, h2p: s.value.q35)
        let m3 = residuals(
            h1: s.sum.q30, h2: s.sum.q40, z1: s.time.q30, z2: s.time.q40, h11: s.square.q30, h12: s.cross.q30,
            h22: s.square.q40, h1p: s.value.q30, h2p: s.value.q40)
        func lane(_ k: Int) -> SIMD8<Double> {
            SIMD8(m1[k], m15[k], m2[k], m25[k], m3[k], .infinity, .infinity, .infinity)
        }
        return (lane(0), lane(1), lane(2), lane(3))
    }
}

/// A 4×4 matrix as four rows, indexable (for ``HingeFit/coefficients(tau:exponent:)``).
private struct NormalMatrix {
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    subscript(i: Int) -> SIMD4<Double> {
        get {
            switch i {
            case 0: rows.0
            case 1: rows.1
            case 2: rows.2
            default: rows.3
            }
        }
        set {
            switch i {
            case 0: rows.0 = newValue
            case 1: rows.1 = newValue
            case 2: rows.2 = newValue
            default: rows.3 = newValue
            }
        }
    }
}

/// d^q for q = 1, 1.5, …, 4 at four hinge times (lanes), d = max(0, x − τ) in 0.1 s; or sums of such columns.
struct RisePowers {
    var q10 = SIMD4<Double>.zero, q15 = SIMD4<Double>.zero, q20 = SIMD4<Double>.zero, q25 = SIMD4<Double>.zero
    var q30 = SIMD4<Double>.zero, q35 = SIMD4<Double>.zero, q40 = SIMD4<Double>.zero

    init() {}

    /// The powers of one sample at offset `x` (0.1 s) for the hinge offsets `tauOffsets` (0.1 s); zero in the
    /// lanes whose τ is at or after the sample.
    @inline(__always)
    init(offset x: Double, tauOffsets: SIMD4<Double>) {
        let difference = x - tauOffsets
        let d = SIMD4<Double>.zero.replacing(with: difference, where: difference .> 0)
        let root = d.vectorSquareRoot()
        q10 = d
        q20 = d * d
        q30 = q20 * d
        q40 = q20 * q20
        q15 = d * root
        q25 = q20 * root
        q35 = q30 * root
    }

    /// Every column minus φ times `previous`'s.
    @inline(__always)
    func whitened(_ previous: RisePowers, _ phi: Double) -> RisePowers {
        var w = RisePowers()
        w.q10 = q10 - phi * previous.q10
        w.q15 = q15 - phi * previous.q15
        w.q20 = q20 - phi * previous.q20
        w.q25 = q25 - phi * previous.q25
        w.q30 = q30 - phi * previous.q30
        w.q35 = q35 - phi * previous.q35
        w.q40 = q40 - phi * previous.q40
        return w
    }

    @inline(__always)
    mutating func add(_ w: RisePowers, times factor: SIMD4<Double>) {
        q10 += w.q10 * factor
        q15 += w.q15 * factor
        q20 += w.q20 * factor
        q25 += w.q25 * factor
        q30 += w.q30 * factor
        q35 += w.q35 * factor
        q40 += w.q40 * factor
    }
}

/// The sums a prewhitened fit needs over its rows, per rise column w_q: Σw, Σw·(x − x̄), Σw·y, Σw², and
/// Σw_q·w_(q+1) (in the field of q; q35 and q40 unused).
struct RisePowerSums {
    var sum = RisePowers(), time = RisePowers(), value = RisePowers(), square = RisePowers(), cross = RisePowers()

    @inline(__always)
    mutating func add(_ w: RisePowers, value y: Double, centredOffset x: Double) {
        sum.add(w, times: SIMD4(repeating: 1))
        time.add(w, times: SIMD4(repeating: x))
        value.add(w, times: SIMD4(repeating: y))
        square.q10 += w.q10 * w.q10
        square.q15 += w.q15 * w.q15
        square.q20 += w.q20 * w.q20
        square.q25 += w.q25 * w.q25
        square.q30 += w.q30 * w.q30
        square.q35 += w.q35 * w.q35
        square.q40 += w.q40 * w.q40
        cross.q10 += w.q10 * w.q20
        cross.q15 += w.q15 * w.q25
        cross.q20 += w.q20 * w.q30
        cross.q25 += w.q25 * w.q35
        cross.q30 += w.q30 * w.q40
    }
}
