/// The pass band of a frequency-selective filter. Cut-offs are −3 dB frequencies in hertz and must satisfy
/// `0 < f < sampleRate / 2` for the sample rate the filter is designed for (see
/// ``SecondOrderSections/butterworth(order:band:sampleRate:)``); band edges must satisfy `low < high`.
///
/// The cases mirror `btype` of `scipy.signal.butter`: `"lowpass"`, `"highpass"`, `"bandpass"`, `"bandstop"`.
public enum FilterBand: Sendable, Hashable {
    /// Passes frequencies below `cutoff` (Hz, −3 dB).
    case lowPass(cutoff: Double)
    /// Passes frequencies above `cutoff` (Hz, −3 dB).
    case highPass(cutoff: Double)
    /// Passes frequencies between `low` and `high` (Hz, −3 dB each).
    case bandPass(low: Double, high: Double)
    /// Rejects frequencies between `low` and `high` (Hz, −3 dB each).
    case bandStop(low: Double, high: Double)

    /// The critical frequencies in hertz: one for low/high-pass, two (low, high) for band-pass/stop.
    public var criticalFrequencies: [Double] {
        switch self {
        case .lowPass(let cutoff), .highPass(let cutoff): [cutoff]
        case .bandPass(let low, let high), .bandStop(let low, let high): [low, high]
        }
    }
}
