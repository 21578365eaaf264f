/// Everything an analysis produced: what ``SwingAnalyzer/analyze(_:configuration:)`` returns for a whole
/// recording, and where a streaming ``SwingAnalyzer`` appends what it decides. To stream without allocating, reuse
/// one value across calls and clear it with ``removeAll()``, which keeps capacity.
public struct SwingAnalysisResult: Sendable, Equatable {
    /// Swings in the order they were decided (by time).
    public var swings: [Swing]
    /// Which data the analysis had (what the swings can say); set by ``SwingAnalyzer/finish(into:)``.
    public var dataCase: SwingDataCase
    /// Impacts that belonged to no swing (claps, taps, drops), s; empty in ``SwingDataCase/accelerometerOnly``
    /// where every impact is reported as a swing.
    public var unmatchedImpacts: [Double]

    public init(swings: [Swing] = [], dataCase: SwingDataCase = .noData, unmatchedImpacts: [Double] = []) {
        self.swings = swings
        self.dataCase = dataCase
        self.unmatchedImpacts = unmatchedImpacts
    }

    /// Empties both lists, keeping their capacity.
    public mutating func removeAll() {
        swings.removeAll(keepingCapacity: true)
        unmatchedImpacts.removeAll(keepingCapacity: true)
    }
}
