/// Where a ``SwingAnalyzer`` appends what it decides. Reuse one value across calls (clear it with
/// ``removeAll()``, which keeps capacity) to stream without allocating.
public struct SwingAnalyzerOutput: Sendable, Equatable {
    /// Swings, in the order decided.
    public var swings: [Swing] = []
    /// Onsets of impacts that belonged to no swing (claps, taps), s.
    public var unmatchedImpacts: [Double] = []

    public init() {}

    /// Empties both lists, keeping their capacity.
    public mutating func removeAll() {
        swings.removeAll(keepingCapacity: true)
        unmatchedImpacts.removeAll(keepingCapacity: true)
    }
}
