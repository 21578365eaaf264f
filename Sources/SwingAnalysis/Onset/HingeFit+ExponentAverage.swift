import Foundation

/// The onset averaged over the rise's leading power.
///
/// Muscle torque builds up over tens of milliseconds from rest, so a swing's rate leaves zero like d^m with m
/// between 1 (torque at once) and 3 (torque ramping up smoothly), and the samples rarely pin m down: under tremor
/// and sensor noise the fits of neighbouring exponents come within a few per cent of each other at hinge times 5–8 ms
/// apart (a larger m starts earlier). Taking the single best fit then lets 0.005 rad/s of white noise move the
/// onset by that much. Instead every exponent m within ±1 of the best one contributes its own best hinge time τ_m,
/// weighted like a posterior over the exponents,
///
///     w_m = exp(−(S_m − S_min) / (2 κ σ²)),   σ² = S_min / (n − k),
///
/// with S_m the residual sum of squares of exponent m at τ_m, n samples, k fitted parameters (baseline, slope,
/// a, c and τ) and κ = ``exponentAverageInflation``: the white-noise likelihood assumes n independent residuals,
/// but wrist tremor (5–13 Hz) keeps residuals correlated over several 200 Hz samples and the rise's shape differs
/// from a two-term power series, so the plain likelihood is far too sharp. The estimate is Σ w_m τ_m / Σ w_m: a
/// continuous function of the samples where the best single fit jumps between exponents.
extension HingeFit {
    /// κ: how much the residual variance is inflated in the exponent weights. Measured on the simulated sessions
    /// of the accuracy tests and the raw-IMU match (`swift run -c release onset-evaluation`): κ = 24–40 still lets
    /// exponent switches through (raw-IMU onset differences up to 2.8–5.1 ms); κ = 100–160 left golf's raw-IMU
    /// median at 1.0–1.3 ms; 240 gives 0.86 ms with swing-start medians from rest within 0.3 ms of the single best
    /// fit's; larger κ weighs poor fits almost like good ones and those medians grow.
    static let exponentAverageInflation = 240.0
    /// Only exponents within this many lanes of the best one (m within ±1 of the best leading power) are averaged:
    /// the best τ of a power far from the rise's own is biased (an m = 1 fit to a d³ rise lands late), and with all
    /// five exponents the swing starts of steep golf rises came 10–15 ms late.
    static let exponentAverageReach = 2

    /// The hinge time averaged over the exponents (s, recording clock; see above), searched over the lattice
    /// tauLow + n·0.01 ms in [tauLow, tauHigh] as ``bestHinge(tauLow:tauHigh:)`` does, each exponent refined to its
    /// own minimum. The best single hinge time when the best fit is exact (σ = 0) or no fit is finite. A pure
    /// function of the samples, the reference time, tauLow and tauHigh; no allocation.
    func exponentAveragedHinge(tauLow: Double, tauHigh: Double) -> Double {
        precondition(tauLow.isFinite && tauHigh.isFinite, "exponentAveragedHinge needs finite τ bounds")
        guard tauLow <= tauHigh else { return tauHigh }
        return exponentAverage(
            of: search(tauLow: tauLow, tauHigh: tauHigh, refiningEveryExponent: true), tauLow: tauLow, tauHigh: tauHigh)
    }

    /// ``exponentAveragedHinge(tauLow:tauHigh:)`` from the result of `search(tauLow:tauHigh:refiningEveryExponent: true)`
    /// over the same range (tauLow ≤ tauHigh; nil: no fit finite on the coarse grid, the fallback's τ).
    func exponentAverage(of search: HingeSearchBest?, tauLow: Double, tauHigh: Double) -> Double {
        guard let best = search else { return fallback(tauLow: tauLow, tauHigh: tauHigh).tau }
        let bestTau = tauLow + Double(best.index) * Self.fineTauStep
        let freedom = rowCount - (includesBaselineSlope ? 5 : 4)
        guard freedom > 0, best.error > 0 else { return bestTau }
        let inflation =
            noiseCoefficient == nil ? Self.exponentAverageInflation : Self.prewhitenedExponentAverageInflation
        let scale = Double(freedom) / (2 * inflation * best.error)
        var weightSum = 0.0
        var weightedOffset = 0.0  // Σ w_m (τ_m − τ_best), s
        for e in 0..<Self.exponentCount
        where best.exponentErrors[e].isFinite && Swift.abs(e - best.exponent) <= Self.exponentAverageReach {
            let weight = Foundation.exp(-(best.exponentErrors[e] - best.error) * scale)
            weightSum += weight
            weightedOffset += weight * Double(best.exponentIndices[e] - best.index) * Self.fineTauStep
        }
        return bestTau + weightedOffset / weightSum
    }
}
