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
        // The signal the onset is fitted on: rotation along gravity in the swing's direction, or (configurable) the
        // rotation about the swing's own principal axis over crossing…anchor, which starts at the same instant but
        // is not shrunk by the tilt of the swing plane.
        var axis = SIMD4<Float>.zero
        if configuration.onsetFitOnSwingAxis {
            var m0 = SIMD4<Double>.zero, m1 = SIMD4<Double>.zero, m2 = SIMD4<Double>.zero, sum = SIMD4<Double>.zero
            for j in crossing...anchorIndex {
                let w = SIMD4<Double>(ring[j].rotationRate)
                m0 += w * w.x
                m1 += w * w.y
                m2 += w * w.z
                sum += w
            }
            var v = sum
            if (v * v).sum() > 0 {
                for _ in 0..<32 {
                    let next = m0 * v.x + m1 * v.y + m2 * v.z
                    let norm = (next * next).sum().squareRoot()
                    guard norm > 0 else { break }
                    v = next / norm
                }
                if (v * sum).sum() < 0 { v = -v }
                axis = SIMD4<Float>(v)
            }
        }
        let useAxis = axis != .zero
        func value(_ j: Int) -> Float {
            useAxis ? (ring[j].rotationRate * axis).sum() : polarity * ring[j].alongGravity
        }
        // Peak in the swing direction from the crossing to the anchor.
        var peak: Float = 0
        for j in crossing...anchorIndex { peak = Swift.max(peak, value(j)) }
        let upperLevel = Float(configuration.onsetFitUpperFraction) * peak
        var upper = crossing
        while upper < anchorIndex, value(upper) < upperLevel { upper += 1 }
        upper = Swift.min(anchorIndex, Swift.max(upper, crossing + 2))
        let baselineStart = ring[crossing].time - configuration.onsetFitBaselineWindow
        var lower = crossing
        // The baseline stops at earlier motion against the swing direction (a load or backswing still turning).
        while lower - 1 >= ring.firstIndex, ring[lower - 1].time >= baselineStart,
            value(lower - 1) > -walkThreshold
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
                let error = hingeError(
                    ring: ring, lower: lower, upper: upper, polarity: polarity, axis: axis, tau: tau, exponent: e)
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
                    ring: ring, lower: lower, upper: upper, polarity: polarity, axis: axis, tau: candidate,
                    exponent: bestExponent)
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
    /// term of the rise and its first correction), for m = 1, 1.5, 2, 2.5, 3 (`exponent` 0…4), plus a baseline
    /// slope s·(t − τ) when ``SwingAnalyzerConfiguration/onsetFitBaselineSlope``; +∞ when a ≤ 0 or the system is
    /// singular.
    private func hingeError(
        ring: SampleRing<RotationSample>, lower: Int, upper: Int, polarity: Float, axis: SIMD4<Float>, tau: Double,
        exponent: Int
    ) -> Double {
        let parameters = configuration.onsetFitBaselineSlope ? 4 : 3
        // Normal equations A β = r for the regressors x = (1, h1, h2[, t − τ]), in units of 0.1 s.
        // Fixed-size SIMD storage: nothing is allocated per evaluation.
        var a = SIMD16<Double>()
        var r = SIMD4<Double>()
        var spp = 0.0
        var x = SIMD4<Double>()
        for j in lower...upper {
            let s = ring[j]
            let p = Double(axis != .zero ? (s.rotationRate * axis).sum() : polarity * s.alongGravity)
            let offset = (s.time - tau) * 10
            let d = Swift.max(0, offset)
            let h1: Double
            switch exponent {
            case 0: h1 = d
            case 1: h1 = d * d.squareRoot()
            case 2: h1 = d * d
            case 3: h1 = d * d * d.squareRoot()
            default: h1 = d * d * d
            }
            x[0] = 1
            x[1] = h1
            x[2] = h1 * d
            x[3] = offset
            for row in 0..<parameters {
                r[row] += x[row] * p
                for column in 0..<parameters { a[row * 4 + column] += x[row] * x[column] }
            }
            spp += p * p
        }
        // Gaussian elimination with partial pivoting.
        var solution = r
        for column in 0..<parameters {
            var pivot = column
            for row in (column + 1)..<parameters where Swift.abs(a[row * 4 + column]) > Swift.abs(a[pivot * 4 + column]) {
                pivot = row
            }
            guard Swift.abs(a[pivot * 4 + column]) > 1e-12 else { return .infinity }
            if pivot != column {
                for k in 0..<parameters {
                    let swap = a[column * 4 + k]
                    a[column * 4 + k] = a[pivot * 4 + k]
                    a[pivot * 4 + k] = swap
                }
                let swap = solution[column]
                solution[column] = solution[pivot]
                solution[pivot] = swap
            }
            for row in (column + 1)..<parameters {
                let factor = a[row * 4 + column] / a[column * 4 + column]
                for k in column..<parameters { a[row * 4 + k] -= factor * a[column * 4 + k] }
                solution[row] -= factor * solution[column]
            }
        }
        for row in stride(from: parameters - 1, through: 0, by: -1) {
            var value = solution[row]
            for k in (row + 1)..<parameters { value -= a[row * 4 + k] * solution[k] }
            solution[row] = value / a[row * 4 + row]
        }
        guard solution[1] > 0 else { return .infinity }
        var explained = 0.0
        for k in 0..<parameters { explained += solution[k] * r[k] }
        return spp - explained
    }
}
