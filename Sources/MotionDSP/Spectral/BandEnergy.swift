/// Power in a frequency band, from a ``PowerSpectralDensity`` or directly from a short segment (e.g. the ~40 ms
/// around an impact, to get its band energy and dominant ringing frequency).
///
/// Band membership is by bin centre frequency, closed at both ends: bins with `lower ≤ f ≤ upper` Hz.
public struct BandEnergy: Sendable, Hashable {
    /// Power in the band: Σ P·Δf for a density (units², e.g. g²), Σ P for a spectrum (units²).
    public var power: Double
    /// Power over all bins, same units (the segment's mean power after detrending, by Parseval, for densities).
    public var totalPower: Double
    /// Centre frequency of the strongest bin in the band, Hz; `nil` if no bin falls in the band.
    public var dominantFrequency: Double?

    public init(power: Double, totalPower: Double, dominantFrequency: Double?) {
        self.power = power
        self.totalPower = totalPower
        self.dominantFrequency = dominantFrequency
    }

    /// `power / totalPower`, in 0…1 (0 when the total is 0).
    public var fraction: Double { totalPower > 0 ? power / totalPower : 0 }

    /// The band energy of a spectrum between `lower` and `upper` Hz (0 ≤ lower ≤ upper).
    public init(spectrum: PowerSpectralDensity, lower: Double, upper: Double) {
        precondition(lower <= upper, "band lower edge \(lower) Hz above upper edge \(upper) Hz")
        let width = spectrum.scaling == .density ? spectrum.frequencyResolution : 1
        var inBand = 0.0
        var total = 0.0
        var best: (frequency: Double, value: Double)?
        for (frequency, value) in zip(spectrum.frequencies, spectrum.values) {
            total += value
            guard frequency >= lower && frequency <= upper else { continue }
            inBand += value
            if best == nil || value > best!.value { best = (frequency, value) }
        }
        self.init(power: inBand * width, totalPower: total * width, dominantFrequency: best?.frequency)
    }

    /// The band energy of one short segment: a single windowed periodogram over the whole segment (Welch with one
    /// segment of `segment.count` samples, density scaling), zero-padded to `fftLength` if given for finer bins.
    ///
    /// - Parameters:
    ///   - segment: samples at a uniform `sampleRate` (≥ 1 sample).
    ///   - sampleRate: Hz, > 0.
    ///   - lower, upper: band edges, Hz.
    ///   - window: taper (default Hann), `detrend`: default removes the mean (gravity offset).
    public init(
        segment: [Float], sampleRate: Double, lower: Double, upper: Double, window: SpectralWindow = .hann,
        detrend: WelchOptions.Detrend = .constant, fftLength: Int? = nil
    ) {
        precondition(!segment.isEmpty, "band energy of an empty segment")
        let options = WelchOptions(
            segmentLength: segment.count, overlap: 0, fftLength: fftLength, window: window, detrend: detrend,
            scaling: .density, average: .mean)
        let psd = Welch.powerSpectralDensity(of: segment, sampleRate: sampleRate, options: options)
        self.init(spectrum: psd, lower: lower, upper: upper)
    }
}
