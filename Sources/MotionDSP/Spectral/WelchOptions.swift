/// Options of ``Welch/powerSpectralDensity(of:sampleRate:options:)``, mirroring `scipy.signal.welch`'s arguments
/// and defaults.
public struct WelchOptions: Sendable, Hashable {
    /// What is removed from each segment before windowing (scipy `detrend`).
    public enum Detrend: Sendable, Hashable {
        /// Nothing (scipy `detrend=False`).
        case none
        /// The segment mean (scipy `'constant'`, the default).
        case constant
        /// The least-squares straight line (scipy `'linear'`).
        case linear
    }

    /// How the spectrum is scaled (scipy `scaling`).
    public enum Scaling: Sendable, Hashable {
        /// Power spectral density, units²/Hz (scipy `'density'`, the default). Integrates (Σ P·Δf) to the mean power.
        case density
        /// Power spectrum, units² per bin (scipy `'spectrum'`): a sinusoid of amplitude A shows a peak of A²/2.
        case spectrum
    }

    /// How the segments' periodograms are combined (scipy `average`).
    public enum Average: Sendable, Hashable {
        /// Arithmetic mean (the default).
        case mean
        /// Median, divided by scipy's bias `1 + Σ_{k=1}^{(m−1)/2} (1/(2k+1) − 1/(2k))` for m segments (robust to
        /// bursts such as impacts).
        case median
    }

    /// Samples per segment (scipy `nperseg`, default 256), ≥ 1. Longer than the signal → the signal's length.
    public var segmentLength: Int
    /// Samples shared by consecutive segments (scipy `noverlap`), `0 ..< segmentLength`; `nil` → `segmentLength / 2`.
    public var overlap: Int?
    /// FFT length (scipy `nfft`) ≥ segmentLength, zero-padding each segment; `nil` → `segmentLength`.
    public var fftLength: Int?
    /// Window applied after detrending (scipy `window`, default Hann).
    public var window: SpectralWindow
    /// Per-segment detrending (default `.constant`).
    public var detrend: Detrend
    /// Density or spectrum scaling (default `.density`).
    public var scaling: Scaling
    /// Mean or median over segments (default `.mean`).
    public var average: Average

    /// scipy's defaults unless given: 256-sample Hann segments with 50 % overlap, constant detrend, density, mean.
    public init(
        segmentLength: Int = 256, overlap: Int? = nil, fftLength: Int? = nil, window: SpectralWindow = .hann,
        detrend: Detrend = .constant, scaling: Scaling = .density, average: Average = .mean
    ) {
        self.segmentLength = segmentLength
        self.overlap = overlap
        self.fftLength = fftLength
        self.window = window
        self.detrend = detrend
        self.scaling = scaling
        self.average = average
    }
}
