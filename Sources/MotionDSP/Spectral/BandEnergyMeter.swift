/// Allocation-free ``BandEnergy`` of fixed-length segments — for the streaming analyzer, which measures the band
/// energy and dominant ringing frequency of every impact window without touching the heap.
///
/// Gives the same numbers as ``BandEnergy/init(segment:sampleRate:lower:upper:window:detrend:fftLength:)`` (one
/// windowed, detrended periodogram over the whole segment, density scaling, one-sided). Owns FFTW-aligned
/// workspace: one meter per task (the FFT plan underneath is shared and thread-safe).
public final class BandEnergyMeter {
    /// Samples per measured segment, ≥ 1.
    public let segmentLength: Int
    /// FFT length (≥ segmentLength; longer zero-pads for finer frequency bins).
    public let fftLength: Int
    /// Per-segment detrending (default: remove the mean, i.e. the gravity offset).
    public let detrend: WelchOptions.Detrend
    @usableFromInline let window: [Double]
    @usableFromInline let windowPowerSum: Double
    @usableFromInline let plan: RealFFTPlan
    @usableFromInline let buffer: RealFFTBuffer

    /// - Parameters:
    ///   - segmentLength: samples per segment (e.g. 48 = 60 ms at 800 Hz).
    ///   - fftLength: FFT length ≥ segmentLength (default segmentLength).
    ///   - window: taper (default Hann, periodic as scipy).
    ///   - detrend: `.constant` (default), `.linear` or `.none`.
    public init(
        segmentLength: Int, fftLength: Int? = nil, window: SpectralWindow = .hann,
        detrend: WelchOptions.Detrend = .constant
    ) {
        precondition(segmentLength >= 1, "segmentLength must be ≥ 1")
        let length = fftLength ?? segmentLength
        precondition(length >= segmentLength, "fftLength \(length) must be ≥ segmentLength \(segmentLength)")
        self.segmentLength = segmentLength
        self.fftLength = length
        self.detrend = detrend
        self.window = window.values(count: segmentLength)
        windowPowerSum = self.window.reduce(0) { $0 + $1 * $1 }
        plan = RealFFTPlan.shared(count: length)
        buffer = RealFFTBuffer(count: length)
        buffer.samples.update(repeating: 0)
    }

    /// Band energy between `lower` and `upper` Hz of `segment` (exactly ``segmentLength`` samples at `sampleRate`
    /// Hz). No allocation.
    public func measure(
        _ segment: UnsafeBufferPointer<Float>, sampleRate: Double, lower: Double, upper: Double
    ) -> BandEnergy {
        precondition(segment.count == segmentLength, "segment has \(segment.count) samples, meter expects \(segmentLength)")
        precondition(sampleRate > 0, "sampleRate must be > 0 Hz")
        precondition(lower <= upper, "band lower edge \(lower) Hz above upper edge \(upper) Hz")
        let n = segmentLength
        // Trend a + b·(i − c) (Welch.detrend's formulas, without a scratch copy).
        var a = 0.0
        var b = 0.0
        let c = Double(n - 1) / 2
        if detrend != .none {
            var sumY = 0.0
            var sumTY = 0.0
            var sumTT = 0.0
            for i in 0..<n {
                let t = Double(i) - c
                sumY += Double(segment[i])
                sumTY += t * Double(segment[i])
                sumTT += t * t
            }
            a = sumY / Double(n)
            if detrend == .linear { b = n < 2 ? 0 : sumTY / sumTT }
        }
        let samples = buffer.samples
        for i in 0..<n {
            var value = Double(segment[i])
            if detrend == .constant { value -= a }
            if detrend == .linear { value = n < 2 ? 0 : value - (a + b * (Double(i) - c)) }
            samples[i] = Float(value * window[i])
        }
        plan.forward(buffer)
        let spectrum = buffer.spectrum
        let scale = 1 / (sampleRate * windowPowerSum)
        let resolution = sampleRate / Double(fftLength)
        let doubledEnd = fftLength % 2 == 0 ? spectrum.count - 1 : spectrum.count
        var inBand = 0.0
        var total = 0.0
        var bestFrequency: Double?
        var bestValue = -Double.infinity
        for k in 0..<spectrum.count {
            var power = spectrum[k].squaredMagnitude * scale
            if k >= 1 && k < doubledEnd { power *= 2 }
            total += power
            let frequency = Double(k) * resolution
            guard frequency >= lower && frequency <= upper else { continue }
            inBand += power
            if bestFrequency == nil || power > bestValue {
                bestFrequency = frequency
                bestValue = power
            }
        }
        return BandEnergy(power: inBand * resolution, totalPower: total * resolution, dominantFrequency: bestFrequency)
    }
}
