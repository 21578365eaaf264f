/// Why a filter could not be designed. Each case prints one line naming the offending value.
public enum FilterDesignError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The order is outside `1...12` (`SecondOrderSections.supportedButterworthOrders`).
    case orderOutOfRange(order: Int)
    /// The sample rate is not finite and positive (Hz).
    case invalidSampleRate(sampleRate: Double)
    /// A cut-off is NaN, infinite, `≤ 0` or `≥ sampleRate / 2` (Hz).
    case cutoffOutOfRange(cutoff: Double, nyquist: Double)
    /// Band edges are not strictly increasing (`low < high`), in Hz.
    case bandEdgesReversed(low: Double, high: Double)

    public var description: String {
        switch self {
        case .orderOutOfRange(let order):
            "filter order \(order) is outside 1...12"
        case .invalidSampleRate(let sampleRate):
            "sample rate \(sampleRate) Hz must be finite and greater than 0"
        case .cutoffOutOfRange(let cutoff, let nyquist):
            "cut-off \(cutoff) Hz must satisfy 0 < cut-off < Nyquist (\(nyquist) Hz)"
        case .bandEdgesReversed(let low, let high):
            "band edges must satisfy low < high, got low \(low) Hz, high \(high) Hz"
        }
    }
}
