/// A one-sided power spectrum estimate: `values[k]` at `frequencies[k] = k · frequencyResolution` Hz, from DC to
/// the Nyquist frequency (or just below it for odd FFT lengths).
public struct PowerSpectralDensity: Sendable, Hashable {
    /// Bin centre frequencies, Hz, ascending from 0.
    public var frequencies: [Double]
    /// Power per bin: units²/Hz for `.density` scaling, units² for `.spectrum` (units = the input's, e.g. g).
    public var values: [Double]
    /// The scaling the values carry.
    public var scaling: WelchOptions.Scaling
    /// Bin spacing Δf = sampleRate / fftLength, Hz.
    public var frequencyResolution: Double
    /// How many segments were combined.
    public var segmentCount: Int

    public init(
        frequencies: [Double], values: [Double], scaling: WelchOptions.Scaling, frequencyResolution: Double,
        segmentCount: Int
    ) {
        precondition(frequencies.count == values.count, "frequencies and values differ in count")
        self.frequencies = frequencies
        self.values = values
        self.scaling = scaling
        self.frequencyResolution = frequencyResolution
        self.segmentCount = segmentCount
    }
}
