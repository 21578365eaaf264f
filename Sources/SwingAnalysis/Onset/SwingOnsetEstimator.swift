/// Finds where a swing's rotation began, from the device-motion ring.
///
/// 1. Walk back from the anchor (the last sample before the impact, or the rotation peak for a miss) while the
///    rotation along gravity, in the swing's direction, stays above ``SwingAnalyzerConfiguration/onsetWalkThreshold``
///    (``SwingAnalyzerConfiguration/fallbackOnsetWalkThreshold`` when the anchor sample is the |ω| fallback);
///    the walk ends after a consistent failure (below for
///    ``SwingAnalyzerConfiguration/onsetConsistentFailureDuration``) and fails beyond the maximum swing duration.
/// 2. When the rise comes straight out of a counter-rotation (a load, backswing or take-back turning into the swing
///    without a pause; see `SwingOnsetEstimator+Reversal.swift`), the onset is where the rate crosses zero into the
///    swing direction (sub-sample), read from samples up to the anchor only. Not in the |ω| fallback.
/// 3. Otherwise fit a hinge model p(t) = b + a·d^m + c·d^(m+1), d = max(0, t − τ), m ∈ {1, 1.5, 2, 2.5, 3} — a pre-swing
///    baseline, then a rise with its leading power and first correction — by least squares to the samples from the
///    fit window before the walk-back point (scaled by the rise's own time scale r/ṙ there, at least
///    ``SwingAnalyzerConfiguration/onsetFitBaselineWindow``, which the |ω| fallback keeps;
///    `SwingOnsetEstimator+RiseWindow.swift`) up to where the
///    rate reaches ``SwingAnalyzerConfiguration/onsetFitUpperFraction`` of the swing's peak. Each exponent's best τ on the
///    0.01 ms lattice over actual timestamps (a 1 ms grid, then that exponent's minimum on 0.1 ms and 0.01 ms), and
///    the onset (sub-sample) is their average weighted by how well each exponent fits
///    (``HingeFit/exponentAveragedHinge(tauLow:tauHigh:)``: the samples rarely decide between neighbouring leading
///    powers, whose best τ lie 5–8 ms apart). ``HingeFit`` evaluates the five exponents of four τ together, from one
///    pass over the samples after the earliest (about 120–250 τ per swing). Fast rises (r/ṙ ≤ 20 ms at the walk-back
///    point, bat and racquet swings) are fitted prewhitened against the tremor's lag-one correlation, slow ones
///    (≥ 30 ms, golf downswings) by ordinary least squares, blended in between
///    (`SwingOnsetEstimator+Prewhitening.swift`).
struct SwingOnsetEstimator: Sendable {
    let configuration: SwingAnalyzerConfiguration
    /// How many samples before the walk-back point the search for a counter-rotation's zero crossing may look.
    static let reversalSearchSamples = 64

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
        // Walk back (to a higher level in the |ω| fallback, whose lack of sign hides the backswing's reversal).
        let walkThreshold = Float(
            ring[anchorIndex].isMagnitudeFallback
                ? configuration.fallbackOnsetWalkThreshold : configuration.onsetWalkThreshold)
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
        // Constants from here on: a captured `var` would be boxed on the heap once per swing.
        let fitAxis = axis
        let useAxis = fitAxis != .zero
        let sign = polarity
        func value(_ j: Int) -> Float {
            useAxis ? (ring[j].rotationRate * fitAxis).sum() : sign * ring[j].alongGravity
        }
        // Peak in the swing direction from the crossing to the anchor.
        var peak: Float = 0
        for j in crossing...anchorIndex { peak = Swift.max(peak, value(j)) }
        let upperLevel = Float(configuration.onsetFitUpperFraction) * peak
        var upper = crossing
        while upper < anchorIndex, value(upper) < upperLevel { upper += 1 }
        upper = Swift.min(anchorIndex, Swift.max(upper, crossing + 2))
        // The window scales with the rise only on the signed rate: |ω| in the fallback does not rise from zero (the
        // preparation keeps it at 1–2.5 rad/s), so its r/ṙ is not the time since the onset.
        let riseTimeScale =
            ring[anchorIndex].isMagnitudeFallback
            ? nil : Self.riseTimeScale(ring: ring, crossing: crossing, latest: anchorIndex, value: value)
        let fitWindow = Self.fitWindow(
            riseTimeScale: riseTimeScale, fixedWindow: configuration.onsetFitBaselineWindow)
        let baselineStart = ring[crossing].time - fitWindow
        var lower = crossing
        // The baseline stops at earlier motion against the swing direction (a load or backswing still turning).
        while lower - 1 >= ring.firstIndex, ring[lower - 1].time >= baselineStart,
            value(lower - 1) > -walkThreshold
        {
            lower -= 1
        }
        let crossingTime = ring[crossing].time
        // Out of a counter-rotation the swing starts where the rate crosses zero into the swing direction. Not in
        // the |ω| fallback: without gravity the swing's direction about the vertical is unknown, and a zero of the
        // rate about the forward swing's principal axis can be the forearm's roll changing the axis.
        let reversalEarliest = Swift.max(ring.firstIndex, crossing - Self.reversalSearchSamples)
        if !ring[anchorIndex].isMagnitudeFallback, let reversal = Self.reversalOnset(
            ring: ring, crossing: crossing, earliest: reversalEarliest, latest: anchorIndex, value: value)
        {
            return Onset(time: reversal, crossingIndex: crossing, polarity: polarity)
        }
        guard upper - lower + 1 >= 5 else {
            return Onset(time: crossingTime, crossingIndex: crossing, polarity: polarity)
        }
        // Hinge fit over τ in [t_lower, t_crossing] (HingeFit.exponentAveragedHinge: all five exponents on a 1 ms
        // grid, then each exponent's minimum on 0.1 ms and 0.01 ms; the minima averaged with weights from their
        // residuals), prewhitened by the weight the rise's time scale gives. The samples are copied once into a
        // stack scratch.
        let tauLow = ring[lower].time
        let tauHigh = crossingTime
        let weight = Self.prewhiteningWeight(riseTimeScale: riseTimeScale)
        let bestTau = HingeFit.withFit(
            count: upper - lower + 1, referenceTime: crossingTime,
            includesBaselineSlope: configuration.onsetFitBaselineSlope,
            sample: { j in (ring[lower + j].time, Double(value(lower + j))) }
        ) { fit in fit.blendedHinge(tauLow: tauLow, tauHigh: tauHigh, prewhiteningWeight: weight) }
        return Onset(time: bestTau, crossingIndex: crossing, polarity: polarity)
    }
}
