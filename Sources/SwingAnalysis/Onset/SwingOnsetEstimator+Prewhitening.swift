import MotionRecording

/// Which rises the hinge fit prewhitens: fast ones, judged by the rise's time scale r/ṙ at the walk-back point.
///
/// The prewhitened fit (`HingeFit+Prewhitening.swift`: AR(1) noise model, exponent average with κ = 30) finds the
/// starts of bat and racquet swings far more accurately than the ordinary fit (κ = 240), on the simulator's device
/// motion and on device motion fused from a raw accelerometer and gyroscope alike. A bat or racquet swing reaches
/// 1 rad/s within 10–30 ms of its onset (r/ṙ of 5–15 ms there): its rise dominates the residual's high
/// frequencies, where the filter 1 − φ z⁻¹ puts its weight. A golf downswing from rest rises slowly (r/ṙ of
/// 30–70 ms; its rate stays inside the gyroscope's noise for 25–35 ms): there the whitened fit and its sharper
/// exponent average follow the gyroscope's white noise, and the same swing's start moves by up to 18 ms between
/// the true and the fused device motion (against at most 4 ms for the ordinary fit).
///
/// So the start is a blend of the two fits' starts, τ = w·τ_prewhitened + (1 − w)·τ_ordinary, with w = 1 for
/// r/ṙ ≤ ``prewhiteningFullTimeScale``, 0 for r/ṙ ≥ ``prewhiteningNoneTimeScale`` and linear in between: a
/// continuous function of the samples (r and ṙ are a least-squares line's), where a hard switch would let noise flip
/// a swing between two fits ms apart. The |ω| fallback (no gravity) and a rise whose line does not climb keep the
/// ordinary fit: |ω| does not rise from zero, so its r/ṙ is not the time since the onset.
extension SwingOnsetEstimator {
    /// r/ṙ at the walk-back point (s) up to which the fit is fully prewhitened: above every bat and racquet swing's
    /// 5–15 ms. A band reaching further into golf's slow rises whitens more of them, and their start then follows the
    /// gyroscope's noise again (the fused-against-true onset spread grows towards its 3 ms bound; docs/architecture.md
    /// §8 has the bands measured).
    static let prewhiteningFullTimeScale = 0.02
    /// r/ṙ at the walk-back point (s) from which the fit is ordinary least squares: below the slow golf downswings'
    /// 30–70 ms.
    static let prewhiteningNoneTimeScale = 0.03

    /// The weight w ∈ [0, 1] of the prewhitened fit's start for a rise of time scale `riseTimeScale` (r/ṙ, s; nil:
    /// none, weight 0).
    static func prewhiteningWeight(riseTimeScale: Double?) -> Double {
        guard let riseTimeScale else { return 0 }
        let band = prewhiteningNoneTimeScale - prewhiteningFullTimeScale
        guard band > 0 else { return riseTimeScale <= prewhiteningFullTimeScale ? 1 : 0 }
        return Swift.min(1, Swift.max(0, (prewhiteningNoneTimeScale - riseTimeScale) / band))
    }
}

extension HingeFit {
    /// The onset (s, recording clock) blended from the prewhitened and the ordinary fit with `weight` w ∈ [0, 1] on the
    /// prewhitened one: ``exponentAveragedHinge(tauLow:tauHigh:)`` alone at w = 0, ``prewhitenedHinge(tauLow:tauHigh:)``
    /// alone at w = 1 (each fit is run only when its weight is positive). In between, one ordinary search serves
    /// both: its exponent average and the hinge the prewhitened fit reads φ at. No allocation.
    func blendedHinge(tauLow: Double, tauHigh: Double, prewhiteningWeight weight: Double) -> Double {
        if weight <= 0 { return exponentAveragedHinge(tauLow: tauLow, tauHigh: tauHigh) }
        if weight >= 1 { return prewhitenedHinge(tauLow: tauLow, tauHigh: tauHigh) }
        precondition(tauLow.isFinite && tauHigh.isFinite, "blendedHinge needs finite τ bounds")
        guard tauLow <= tauHigh else { return tauHigh }
        let ordinarySearch = search(tauLow: tauLow, tauHigh: tauHigh, refiningEveryExponent: true)
        let ordinary = exponentAverage(of: ordinarySearch, tauLow: tauLow, tauHigh: tauHigh)
        let whitened = prewhitenedHinge(
            tauLow: tauLow, tauHigh: tauHigh, ordinarySearch: ordinarySearch, ordinaryAverage: { ordinary })
        return ordinary + weight * (whitened - ordinary)
    }
}
