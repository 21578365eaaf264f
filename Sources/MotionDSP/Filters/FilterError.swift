/// Why a signal could not be filtered. Prints one line naming the offending sizes.
public enum FilterError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Zero-phase filtering pads each end with `paddingLength` samples reflected about the end sample, so it
    /// needs more than `paddingLength` samples (scipy: "The length of the input vector x must be greater than
    /// padlen").
    case inputTooShort(count: Int, paddingLength: Int)

    public var description: String {
        switch self {
        case .inputTooShort(let count, let paddingLength):
            "zero-phase filtering needs more than \(paddingLength) samples (the edge padding), got \(count)"
        }
    }
}
