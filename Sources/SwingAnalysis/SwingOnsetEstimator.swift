/// Finds where a swing's rotation began, from the device-motion ring.
///
/// 1. Walk back from the anchor (the last sample before the impact, or the rotation peak for a miss) while the
///    rotation along gravity, in the swing's direction, stays above ``SwingAnalyzerConfiguration/onsetWalkThreshold``;
///    the walk ends after a consistent failure (below for
///    ``SwingAnalyzerConfiguration/onsetConsistentFailureDuration``) and fails beyond the maximum swing duration.
/// 2. Fit a hinge model p(t) = b + a·d^m + c·d^(m+1), d = max(0, t − τ), m ∈ {1, 1.5, 2, 2.5, 3} — a pre-swing
///    baseline, then a rise with its leading power and first correction — by least squares to the samples from the
///    baseline window before the walk-back point up to where the rate reaches
///    ``SwingAnalyzerConfiguration/onsetFitUpperFraction`` of the swing's peak: τ, searched on a 0.25 ms grid
///    refined to 0.01 ms over actual timestamps, is the onset (sub-sample).
struct SwingOnsetEstimator: Sendable {
    let configuration: SwingAnalyzerConfiguration

    struct Onset {
        /// Estimated onset, s.
        var time: Double
        /// Global index of the walk-back point (first sample of the final above-threshold run).
        var crossingIndex: Int
        /// +1 or −1: the sign of rotation along gravity during the swing.
        var polarity: Float
    }

    /// - Parameters:
    ///   - anchorIndex: last sample that belongs to the swing (before the impact, or the rotation peak).
    func estimate(ring: SampleRing<RotationSample>, anchorIndex: Int) -> Onset? {
        guard ring.holds(anchorIndex) else { return nil }
        let anchorTime = ring[anchorIndex].time
        // Polarity: the sign at the largest |rate| within 50 ms before the anchor.
        var polarity: Float = 1
        var largest: Float = -1
        var i = anchorIndex
        while i >= ring.firstIndex, anchorTime - ring[i].time <= 0.05 {
            let v = ring[i].alongGravity
            if Swift.abs(v) > largest {
                largest = Swift.abs(v)
                polarity = v >= 0 ? 1 : -1
            }
            i -= 1
        }
        // Walk back.
        let walkThreshold = Float(configuration.onsetWalkThreshold)
        let earliest = anchorTime - configuration.maximumSwingDuration
        var lastAbove = anchorIndex
        var k = anchorIndex
        while true {
            if k < ring.firstIndex { return nil }
            let sample = ring[k]
            if sample.time < earliest { return nil }
            if polarity * sample.alongGravity >= walkThreshold {
                lastAbove = k
            } else if ring[lastAbove].time - sample.time >= configuration.onsetConsistentFailureDuration {
                break
            }
            k -= 1
        }
        let crossing = lastAbove
        // Peak in the swing direction from the crossing to the anchor.
        var peak: Float = 0
        for j in crossing...anchorIndex { peak = Swift.max(peak, polarity * ring[j].alongGravity) }
        let upperLevel = Float(configuration.onsetFitUpperFraction) * peak
        var upper = crossing
        while upper < anchorIndex, polarity * ring[upper].alongGravity < upperLevel { upper += 1 }
        upper = Swift.min(anchorIndex, Swift.max(upper, crossing + 2))
        let baselineStart = ring[crossing].time - configuration.onsetFitBaselineWindow
        var lower = crossing
        // The baseline stops at earlier motion against the swing direction (a load or backswing still turning).
        while lower - 1 >= ring.firstIndex, ring[lower - 1].time >= baselineStart,
            polarity * ring[lower - 1].alongGravity > -walkThreshold
        {
            lower -= 1
        }
        let crossingTime = ring[crossing].time
        guard upper - lower + 1 >= 5 else {
            return Onset(time: crossingTime, crossingIndex: crossing, polarity: polarity)
        }
        // Hinge fit over τ in [t_lower, t_crossing].
        let tauLow = ring[lower].time
        let tauHigh = crossingTime
        var bestTau = crossingTime
        var bestError = Double.infinity
        var bestExponent = 0
        let exponents = 5
        let coarseStep = 0.00025
        var tau = tauLow
        while tau <= tauHigh {
            for e in 0..<exponents {
                let error = hingeError(ring: ring, lower: lower, upper: upper, polarity: polarity, tau: tau, exponent: e)
                if error < bestError {
                    bestError = error
                    bestTau = tau
                    bestExponent = e
                }
            }
            tau += coarseStep
        }
        let fineStep = 0.00001
        let center = bestTau
        var offset = -coarseStep
        while offset <= coarseStep {
            let candidate = center + offset
            if candidate >= tauLow, candidate <= tauHigh {
                let error = hingeError(
                    ring: ring, lower: lower, upper: upper, polarity: polarity, tau: candidate, exponent: bestExponent)
                if error < bestError {
                    bestError = error
                    bestTau = candidate
                }
            }
            offset += fineStep
        }
        return Onset(time: bestTau, crossingIndex: crossing, polarity: polarity)
    }

    /// Sum of squared residuals of the least-squares fit p ≈ b + a·d^m + c·d^(m+1), d = max(0, t − τ) (the leading
    /// term of the rise and its first correction), for m = 1, 1.5, 2, 2.5, 3 (`exponent` 0…4); +∞ when a ≤ 0 or
    /// the system is singular.
    private func hingeError(
        ring: SampleRing<RotationSample>, lower: Int, upper: Int, polarity: Float, tau: Double, exponent: Int
    ) -> Double {
        // Normal equations of the regressors (1, h1, h2).
        var n = 0.0, s1 = 0.0, s2 = 0.0, s11 = 0.0, s12 = 0.0, s22 = 0.0
        var sp = 0.0, s1p = 0.0, s2p = 0.0, spp = 0.0
        for j in lower...upper {
            let s = ring[j]
            let p = Double(polarity * s.alongGravity)
            let d = Swift.max(0, s.time - tau) * 10  // in units of 0.1 s for conditioning
            let h1: Double
            switch exponent {
            case 0: h1 = d
            case 1: h1 = d * d.squareRoot()
            case 2: h1 = d * d
            case 3: h1 = d * d * d.squareRoot()
            default: h1 = d * d * d
            }
            let h2 = h1 * d
            n += 1
            s1 += h1
            s2 += h2
            s11 += h1 * h1
            s12 += h1 * h2
            s22 += h2 * h2
            sp += p
            s1p += h1 * p
            s2p += h2 * p
            spp += p * p
        }
        // Solve [[n, s1, s2], [s1, s11, s12], [s2, s12, s22]] β = [sp, s1p, s2p] by Cramer's rule.
        let det =
            n * (s11 * s22 - s12 * s12) - s1 * (s1 * s22 - s12 * s2) + s2 * (s1 * s12 - s11 * s2)
        guard Swift.abs(det) > 1e-12 else { return .infinity }
        let b = (sp * (s11 * s22 - s12 * s12) - s1 * (s1p * s22 - s12 * s2p) + s2 * (s1p * s12 - s11 * s2p)) / det
        let a = (n * (s1p * s22 - s2p * s12) - sp * (s1 * s22 - s12 * s2) + s2 * (s1 * s2p - s1p * s2)) / det
        let c = (n * (s11 * s2p - s12 * s1p) - s1 * (s1 * s2p - s1p * s2) + sp * (s1 * s12 - s11 * s2)) / det
        guard a > 0 else { return .infinity }
        return spp - b * sp - a * s1p - c * s2p
    }
}
