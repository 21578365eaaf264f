/// Welch's averaged-periodogram power spectral density, equal to `scipy.signal.welch` (same segments, windows,
/// detrending, one-sided doubling, density/spectrum scaling and mean/median averaging, including scipy's median
/// bias correction).
///
/// Segments are detrended and windowed in `Double`, transformed by a shared single-precision ``RealFFTPlan`` and
/// accumulated in `Double`: results agree with scipy to about 1e-6 of the spectrum's peak.
public enum Welch {
    /// The PSD of `samples` taken at `sampleRate` Hz (a uniform rate; resample jittery streams first with
    /// ``LinearResampler``).
    ///
    /// - Parameters:
    ///   - samples: the signal, any units (g for acceleration); may be empty (empty result).
    ///   - sampleRate: samples per second, Hz, > 0 (scipy `fs`; frequencies come out in Hz).
    ///   - options: segment length, overlap, window, detrend, scaling and averaging (scipy's defaults).
    /// - Returns: one-sided spectrum with `fftLength / 2 + 1` bins. NaN in a segment makes that segment's bins NaN
    ///   (and, with `.mean`, the result's); `.median` ignores nothing either (NaN sorts unpredictably) — clean first.
    public static func powerSpectralDensity(
        of samples: [Float], sampleRate: Double, options: WelchOptions = WelchOptions()
    ) -> PowerSpectralDensity {
        precondition(sampleRate > 0, "sampleRate must be > 0 Hz, got \(sampleRate)")
        precondition(options.segmentLength >= 1, "segmentLength must be ≥ 1")
        let n = samples.count
        if n == 0 {
            return PowerSpectralDensity(frequencies: [], values: [], scaling: options.scaling,
                                        frequencyResolution: 0, segmentCount: 0)
        }
        let segmentLength = Swift.min(options.segmentLength, n)
        let overlap = options.overlap ?? segmentLength / 2
        let fftLength = options.fftLength ?? segmentLength
        precondition(overlap >= 0 && overlap < segmentLength, "overlap \(overlap) must be in 0..<\(segmentLength)")
        precondition(fftLength >= segmentLength, "fftLength \(fftLength) must be ≥ segmentLength \(segmentLength)")
        let hop = segmentLength - overlap
        let segmentCount = (n - overlap) / hop
        let window = options.window.values(count: segmentLength)
        let scale: Double
        switch options.scaling {
        case .density: scale = 1 / (sampleRate * window.reduce(0) { $0 + $1 * $1 })
        case .spectrum:
            let sum = window.reduce(0, +)
            scale = 1 / (sum * sum)
        }
        let binCount = fftLength / 2 + 1
        let plan = RealFFTPlan.shared(count: fftLength)
        let buffer = RealFFTBuffer(count: fftLength)
        buffer.samples.update(repeating: 0)
        var segment = [Double](repeating: 0, count: segmentLength)
        var periodograms = [Double](repeating: 0, count: options.average == .median ? segmentCount * binCount : binCount)
        // One-sided doubling: every bin but DC and (for even FFT lengths) Nyquist.
        let doubledEnd = fftLength % 2 == 0 ? binCount - 1 : binCount

        samples.withUnsafeBufferPointer { x in
            for s in 0..<segmentCount {
                let start = s * hop
                for i in 0..<segmentLength { segment[i] = Double(x[start + i]) }
                Self.detrend(&segment, options.detrend)
                let fftInput = buffer.samples
                for i in 0..<segmentLength { fftInput[i] = Float(segment[i] * window[i]) }
                plan.forward(buffer)
                let spectrum = buffer.spectrum
                let row = options.average == .median ? s * binCount : 0
                for k in 0..<binCount {
                    var power = spectrum[k].squaredMagnitude * scale
                    if k >= 1 && k < doubledEnd { power *= 2 }
                    periodograms[row + k] += power
                }
            }
        }

        var values = [Double](repeating: 0, count: binCount)
        switch options.average {
        case .mean:
            for k in 0..<binCount { values[k] = periodograms[k] / Double(segmentCount) }
        case .median:
            let bias = segmentCount > 1 ? medianBias(segmentCount: segmentCount) : 1
            var column = [Double](repeating: 0, count: segmentCount)
            for k in 0..<binCount {
                for s in 0..<segmentCount { column[s] = periodograms[s * binCount + k] }
                values[k] = median(&column) / bias
            }
        }
        let resolution = sampleRate / Double(fftLength)
        return PowerSpectralDensity(
            frequencies: (0..<binCount).map { Double($0) * resolution }, values: values, scaling: options.scaling,
            frequencyResolution: resolution, segmentCount: segmentCount)
    }

    /// scipy's `_median_bias(m)`: the ratio of the median to the mean of m χ²₂ periodogram values,
    /// `1 + Σ_{k=1}^{(m−1)/2} (1/(2k+1) − 1/(2k))`.
    public static func medianBias(segmentCount m: Int) -> Double {
        var bias = 1.0
        if m >= 3 {
            for k in 1...((m - 1) / 2) {
                let twoK = 2 * Double(k)
                bias += 1 / (twoK + 1) - 1 / twoK
            }
        }
        return bias
    }

    /// numpy's median: the middle value, or the mean of the two middle values for an even count. Reorders `values`.
    static func median(_ values: inout [Double]) -> Double {
        values.sort()
        let m = values.count
        return m % 2 == 1 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2
    }

    /// Removes the mean or the least-squares line from `segment` (scipy.signal.detrend), in place.
    static func detrend(_ segment: inout [Double], _ kind: WelchOptions.Detrend) {
        let n = segment.count
        switch kind {
        case .none: return
        case .constant:
            let mean = segment.reduce(0, +) / Double(n)
            for i in 0..<n { segment[i] -= mean }
        case .linear:
            if n < 2 {
                for i in 0..<n { segment[i] = 0 }
                return
            }
            // Fit y = a + b·(i − c) with c the mean index: centred abscissae make the normal equations diagonal.
            let c = Double(n - 1) / 2
            var sumY = 0.0
            var sumTY = 0.0
            var sumTT = 0.0
            for i in 0..<n {
                let t = Double(i) - c
                sumY += segment[i]
                sumTY += t * segment[i]
                sumTT += t * t
            }
            let a = sumY / Double(n)
            let b = sumTY / sumTT
            for i in 0..<n { segment[i] -= a + b * (Double(i) - c) }
        }
    }
}
