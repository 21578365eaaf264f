import Foundation
import MotionDSP
import MotionRecording

/// Deciding a candidate once its look-ahead has passed: the onset walked back and extrapolated from the crossing,
/// the clipping flag, and the transient's spectrum.
extension ImpactDetector {
    mutating func decide(currentIndex: Int) -> DetectedImpact {
        let crossing = candidateIndex!
        candidateIndex = nil
        candidateDecisionTime = .infinity
        var lookaheadPeak: Float = 0
        for i in crossing...currentIndex { lookaheadPeak = Swift.max(lookaheadPeak, ring[i].magnitude) }
        let onsetLevel = Swift.max(
            configuration.impactOnsetNoiseMultiple * candidateNoise,
            configuration.impactOnsetThresholdFraction * candidateThreshold,
            configuration.impactOnsetPeakFraction * Double(lookaheadPeak))
        // Walk back from the crossing while the previous sample is still above the onset level.
        let earliest = candidateTime - configuration.impactOnsetSearchWindow
        var k = crossing
        while k - 1 >= ring.firstIndex, ring[k - 1].time >= earliest, Double(ring[k - 1].magnitude) > onsetLevel {
            k -= 1
        }
        let onset = onsetTime(firstLoud: k, currentIndex: currentIndex, noise: candidateNoise)

        // Peak and saturation over the transient: an axis is clipped when its largest |value| reaches the
        // saturation level and repeats on consecutive samples (a flat top).
        var peak: Float = 0
        var axisMaximum = SIMD4<Float>.zero
        let end = currentIndex
        for i in k...end {
            peak = Swift.max(peak, ring[i].magnitude)
            axisMaximum = pointwiseMax(axisMaximum, Self.absolute(ring[i].raw))
        }
        var saturated = false
        let saturation = Float(configuration.saturationLevel)
        for i in Swift.max(k, ring.firstIndex + 1)...end {
            let (r, previous) = (Self.absolute(ring[i].raw), Self.absolute(ring[i - 1].raw))
            for axis in 0..<3 where axisMaximum[axis] >= saturation {
                if r[axis] == axisMaximum[axis] && previous[axis] == axisMaximum[axis] { saturated = true }
            }
        }
        let (frequency, energy) = spectrum(from: k, to: end, onset: onset)
        return DetectedImpact(
            time: onset, peak: Double(peak), saturated: saturated, dominantFrequency: frequency, bandEnergy: energy)
    }

    @inline(__always)
    static func absolute(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }

    /// Sub-sample onset. The transient grows like a power of the time since contact, m ∝ (t − t₀)^p
    /// (``SwingAnalyzerConfiguration/impactOnsetExponent``), from the pre-contact level (the noise floor): the p-th
    /// roots of the first two loud samples' excess over that level lie on a line through t₀. At most
    /// ``SwingAnalyzerConfiguration/impactOnsetMaximumExtrapolation`` before the first loud sample.
    func onsetTime(firstLoud k: Int, currentIndex: Int, noise: Double) -> Double {
        let loud = ring[k]
        guard k + 1 <= currentIndex else { return loud.time }
        let next = ring[k + 1]
        let exponent = configuration.impactOnsetExponent
        let q0 = Foundation.pow(Swift.max(0, Double(loud.magnitude) - noise), 1 / exponent)
        let q1 = Foundation.pow(Swift.max(0, Double(next.magnitude) - noise), 1 / exponent)
        let dt = next.time - loud.time
        guard dt > 0, q1 > q0 else {
            let previous = k - 1 >= ring.firstIndex ? ring[k - 1].time : loud.time
            return loud.time - 0.5 * (loud.time - previous)
        }
        let back = q0 * dt / (q1 - q0)
        return loud.time - Swift.min(back, configuration.impactOnsetMaximumExtrapolation)
    }

    /// Dominant frequency (Hz, parabolic peak interpolation) and band energy (g²) of the high-passed x, y, z over
    /// the spectrum window from the first loud sample: Hann-windowed, zero-padded to ``spectrumLength``, FFTW real
    /// FFT (MotionDSP's plan, made once), power summed over the three axes.
    mutating func spectrum(from k: Int, to end: Int, onset: Double) -> (Double, Double) {
        var n = 0
        let windowEnd = onset + configuration.impactSpectrumWindow
        while k + n <= end, ring[k + n].time <= windowEnd, n < Self.spectrumLength { n += 1 }
        guard n >= 8 else { return (0, 0) }
        let duration = ring[k + n - 1].time - ring[k].time
        guard duration > 0 else { return (0, 0) }
        let rate = Double(n - 1) / duration
        let length = Self.spectrumLength
        let bins = length / 2 + 1
        if hannLength != n {
            for i in 0..<n { hannWeights[i] = 0.5 - 0.5 * Foundation.cos(2 * Double.pi * Double(i) / Double(n - 1)) }
            hannLength = n
        }
        var windowPowerSum = 0.0
        for b in 0..<bins { power[b] = 0 }
        for i in 0..<n { windowPowerSum += hannWeights[i] * hannWeights[i] }
        for axis in 0..<3 {
            for i in 0..<length {
                if i < n {
                    fftInput[i] = Float(hannWeights[i]) * ring[k + i].highPassed[axis]
                } else {
                    fftInput[i] = 0
                }
            }
            fftInput.withUnsafeBufferPointer { input in
                fftOutput.withUnsafeMutableBufferPointer { output in
                    fftPlan.forward(input, into: output)
                }
            }
            for b in 0..<bins {
                let c = fftOutput[b]
                power[b] += Double(c.real) * Double(c.real) + Double(c.imaginary) * Double(c.imaginary)
            }
        }
        var best = 1
        for b in 1..<bins where power[b] > power[best] { best = b }
        var offset = 0.0
        if best < bins - 1 {
            let (l, c, r) = (power[best - 1], power[best], power[best + 1])
            let denominator = l - 2 * c + r
            if denominator < 0 { offset = Swift.max(-0.5, Swift.min(0.5, 0.5 * (l - r) / denominator)) }
        }
        let binWidth = rate / Double(length)
        let frequency = (Double(best) + offset) * binWidth
        // One-sided PSD (g²/Hz) = 2|X|² / (fs Σw²); energy = Σ PSD · Δf over the band.
        var energy = 0.0
        for b in 0..<bins {
            let f = Double(b) * binWidth
            guard f >= configuration.impactBandLower, f <= configuration.impactBandUpper else { continue }
            let scale = (b == 0 || b == bins - 1) ? 1.0 : 2.0
            energy += scale * power[b] / (rate * windowPowerSum) * binWidth
        }
        return (frequency, energy)
    }
}
