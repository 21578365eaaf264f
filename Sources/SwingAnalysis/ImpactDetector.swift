import Foundation
import MotionDSP

/// Streaming impact detector for the 800 Hz accelerometer: fed one sample at a time (so its output does not depend
/// on batching), it reports each contact transient once the configured look-ahead has passed.
///
/// Per sample: a Butterworth high-pass (designed for the rate measured over the first samples) of x, y, z, |a|
/// with carried `Double` state; the statistic is the high-passed vector magnitude. The threshold adapts to the
/// noise floor (median of the statistic over trailing blocks). After a crossing the detector waits for the
/// look-ahead, then walks back from the crossing to where the statistic left the noise and extrapolates the rise to
/// the pre-contact level (sub-sample), flags clipping, and takes the spectrum of the transient.
struct ImpactDetector: Sendable {
    struct Sample: Sendable {
        var time: Double
        var raw: SIMD4<Float>
        var highPassed: SIMD4<Float>
        var magnitude: Float
    }

    let configuration: SwingAnalyzerConfiguration
    /// Samples used to measure the rate before the filter is designed.
    static let rateMeasurementSamples = 32
    private var ring: SampleRing<Sample>
    private var filter: SOSFilter?
    /// Global index of the next sample to filter.
    private var filteredCount = 0

    // Noise floor.
    private var block: [Float]
    private var blockFill = 0
    private var blockMedians: [Float]
    private var blockMedianCount = 0
    private var noiseFloor: Double

    // Pending candidate.
    private var candidateIndex: Int?
    private var candidateTime = 0.0
    private var candidateThreshold = 0.0
    private var candidateNoise = 0.0
    private var refractoryUntil = -Double.infinity

    // Saturation awareness: per axis, whether the previous sample sat on a flat top, and until when the axis's
    // high-pass output is still ringing from entering or leaving one (excluded from the statistic until then).
    private var previousFlat = SIMD4<Float>.zero
    private var clipArtifactUntil = SIMD4<Double>(repeating: -.infinity)

    // Spectrum: FFT length (zero-padded), plan and scratch, made once.
    static let spectrumLength = 128
    private let fftPlan: RealFFTPlan
    private var fftInput: [Float]
    private var fftOutput: [ComplexFloat]
    private var power: [Double]

    init(configuration: SwingAnalyzerConfiguration) {
        self.configuration = configuration
        let span =
            configuration.impactOnsetSearchWindow + Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow)
            + 0.02
        ring = SampleRing(
            minimumCapacity: Swift.max(Self.rateMeasurementSamples * 2, Int((span * configuration.maximumAccelerometerRate).rounded(.up)) * 2),
            filler: Sample(time: 0, raw: .zero, highPassed: .zero, magnitude: 0))
        block = Array(repeating: 0, count: configuration.noiseFloorBlockSamples)
        blockMedians = Array(repeating: 0, count: configuration.noiseFloorBlockCount)
        noiseFloor = configuration.initialNoiseFloor
        fftPlan = RealFFTPlan.shared(count: Self.spectrumLength)
        fftInput = Array(repeating: 0, count: Self.spectrumLength)
        fftOutput = Array(repeating: .zero, count: Self.spectrumLength / 2 + 1)
        power = Array(repeating: 0, count: Self.spectrumLength / 2 + 1)
    }

    /// Time of the most recent sample, s, or −∞.
    var lastTime: Double { ring.count == 0 ? -.infinity : ring[ring.count - 1].time }

    /// Current detection threshold, g.
    var threshold: Double {
        Swift.max(configuration.impactMinimumThreshold, configuration.impactThresholdNoiseMultiple * noiseFloor)
    }

    /// Delay from an impact's onset until it is certainly decided, s.
    var decisionLatency: Double {
        configuration.impactOnsetSearchWindow + Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow)
    }

    /// Feeds one sample (time s, acceleration g); returns an impact when one is decided by this sample.
    mutating func process(time: Double, x: Float, y: Float, z: Float) -> DetectedImpact? {
        let magnitude = (x * x + y * y + z * z).squareRoot()
        ring.append(Sample(time: time, raw: SIMD4(x, y, z, magnitude), highPassed: .zero, magnitude: 0))
        if filter == nil {
            guard ring.count >= Self.rateMeasurementSamples else { return nil }
            let first = ring[0].time
            let last = ring[Self.rateMeasurementSamples - 1].time
            var rate = Double(Self.rateMeasurementSamples - 1) / (last - first)
            if !rate.isFinite || rate <= 2 * configuration.impactHighPassCutoff { rate = 800 }
            filter = Self.makeFilter(configuration, sampleRate: rate, firstSample: ring[0].raw)
        }
        var decided: DetectedImpact?
        while filteredCount < ring.count {
            if let impact = filterAndDetect(index: filteredCount) { decided = impact }
            filteredCount += 1
        }
        return decided
    }

    /// Decides a pending candidate with whatever look-ahead is available (end of data).
    mutating func flush() -> DetectedImpact? {
        if filter == nil, ring.count > 0 {
            // Too few samples to measure a rate: design at the nominal 800 Hz.
            filter = Self.makeFilter(configuration, sampleRate: 800, firstSample: ring[0].raw)
            var decided: DetectedImpact?
            while filteredCount < ring.count {
                if let impact = filterAndDetect(index: filteredCount) { decided = impact }
                filteredCount += 1
            }
            if decided != nil { return decided }
        }
        guard candidateIndex != nil else { return nil }
        return decide(currentIndex: ring.count - 1)
    }

    /// The Butterworth high-pass (MotionDSP design, scipy-equal) at its steady state for the first sample, so the
    /// 1 g of gravity does not ring at the start.
    static func makeFilter(
        _ configuration: SwingAnalyzerConfiguration, sampleRate: Double, firstSample: SIMD4<Float>
    ) -> SOSFilter {
        let cutoff = Swift.min(configuration.impactHighPassCutoff, 0.45 * sampleRate)
        let sections: SecondOrderSections
        do {
            sections = try SecondOrderSections.butterworth(
                order: configuration.impactHighPassOrder, band: .highPass(cutoff: cutoff), sampleRate: sampleRate)
        } catch {
            preconditionFailure("impact high-pass design failed: \(error)")
        }
        var filter = SOSFilter(sections)
        filter.setSteadyState(for: firstSample)
        return filter
    }

    private mutating func filterAndDetect(index: Int) -> DetectedImpact? {
        var sample = ring[index]
        sample.highPassed = filter!.process(sample.raw)
        let h = sample.highPassed
        // A clipped axis (flat top) and the high-pass ringing from the kinks where it enters or leaves the flat
        // top are not contact: leave that axis out of the statistic while it lasts.
        var mask = SIMD4<Float>(1, 1, 1, 0)
        if index > 0 {
            let previous = ring[index - 1].raw
            for axis in 0..<3 {
                let value = sample.raw[axis]
                let flat: Float =
                    Swift.abs(value) >= Float(configuration.saturationLevel) && value == previous[axis] ? 1 : 0
                if flat != previousFlat[axis] {
                    clipArtifactUntil[axis] = sample.time + configuration.saturationRecoveryTime
                }
                previousFlat[axis] = flat
                if flat == 1 || sample.time < clipArtifactUntil[axis] { mask[axis] = 0 }
            }
        }
        let hm = h * mask
        sample.magnitude = (hm * hm).sum().squareRoot()
        ring[index] = sample

        var decided: DetectedImpact?
        if let crossing = candidateIndex, sample.time >= ring[crossing].time + decisionWait {
            decided = decide(currentIndex: index)
        }
        let level = threshold
        if candidateIndex == nil, sample.time >= refractoryUntil, Double(sample.magnitude) >= level {
            candidateIndex = index
            candidateTime = sample.time
            candidateThreshold = level
            candidateNoise = noiseFloor
            refractoryUntil = sample.time + configuration.impactRefractoryPeriod
        }
        updateNoiseFloor(with: sample.magnitude)
        return decided
    }

    private var decisionWait: Double { Swift.max(configuration.impactLookahead, configuration.impactSpectrumWindow) }

    private mutating func updateNoiseFloor(with magnitude: Float) {
        block[blockFill] = magnitude
        blockFill += 1
        guard blockFill == block.count else { return }
        blockFill = 0
        let median = block.withUnsafeMutableBufferPointer { Self.select($0, $0.count / 2) }
        blockMedians[blockMedianCount % blockMedians.count] = median
        blockMedianCount += 1
        let available = Swift.min(blockMedianCount, blockMedians.count)
        // Median of the trailing block medians (small: insertion sort into the spare tail of the block buffer).
        for i in 0..<available { block[i] = blockMedians[i] }
        var i = 1
        while i < available {
            let value = block[i]
            var j = i - 1
            while j >= 0 && block[j] > value {
                block[j + 1] = block[j]
                j -= 1
            }
            block[j + 1] = value
            i += 1
        }
        noiseFloor = Double(available % 2 == 1 ? block[available / 2] : (block[available / 2 - 1] + block[available / 2]) / 2)
    }

    /// The k-th smallest element (quickselect, in place, no allocation).
    static func select(_ a: UnsafeMutableBufferPointer<Float>, _ k: Int) -> Float {
        var lo = 0
        var hi = a.count - 1
        while lo < hi {
            let pivot = a[(lo + hi) / 2]
            var i = lo
            var j = hi
            while i <= j {
                while a[i] < pivot { i += 1 }
                while a[j] > pivot { j -= 1 }
                if i <= j { a.swapAt(i, j); i += 1; j -= 1 }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return a[k] }
        }
        return a[k]
    }

    private mutating func decide(currentIndex: Int) -> DetectedImpact {
        let crossing = candidateIndex!
        candidateIndex = nil
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

    static func absolute(_ v: SIMD4<Float>) -> SIMD4<Float> { v.replacing(with: -v, where: v .< 0) }

    /// Sub-sample onset. The transient grows like a power of the time since contact, m ∝ (t − t₀)^p
    /// (``SwingAnalyzerConfiguration/impactOnsetExponent``), from the pre-contact level (the noise floor): the p-th
    /// roots of the first two loud samples' excess over that level lie on a line through t₀. At most
    /// ``SwingAnalyzerConfiguration/impactOnsetMaximumExtrapolation`` before the first loud sample.
    private func onsetTime(firstLoud k: Int, currentIndex: Int, noise: Double) -> Double {
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
    private mutating func spectrum(from k: Int, to end: Int, onset: Double) -> (Double, Double) {
        var n = 0
        let windowEnd = onset + configuration.impactSpectrumWindow
        while k + n <= end, ring[k + n].time <= windowEnd, n < Self.spectrumLength { n += 1 }
        guard n >= 8 else { return (0, 0) }
        let duration = ring[k + n - 1].time - ring[k].time
        guard duration > 0 else { return (0, 0) }
        let rate = Double(n - 1) / duration
        let length = Self.spectrumLength
        let bins = length / 2 + 1
        var windowPowerSum = 0.0
        for b in 0..<bins { power[b] = 0 }
        for i in 0..<n {
            let w = 0.5 - 0.5 * Foundation.cos(2 * Double.pi * Double(i) / Double(n - 1))
            windowPowerSum += w * w
        }
        for axis in 0..<3 {
            for i in 0..<length {
                if i < n {
                    let w = 0.5 - 0.5 * Foundation.cos(2 * Double.pi * Double(i) / Double(n - 1))
                    fftInput[i] = Float(w) * ring[k + i].highPassed[axis]
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
