/// Everything an analysis of one recording produced.
public struct SwingAnalysisResult: Sendable, Equatable {
    /// Swings in the order they were decided (by time).
    public var swings: [Swing]
    /// Which data the analysis had (what the swings can say).
    public var dataCase: SwingDataCase
    /// Impacts that belonged to no swing (claps, taps, drops), s; empty in ``SwingDataCase/accelerometerOnly``
    /// where every impact is reported as a swing.
    public var unmatchedImpacts: [Double]

    public init(swings: [Swing], dataCase: SwingDataCase, unmatchedImpacts: [Double] = []) {
        self.swings = swings
        self.dataCase = dataCase
        self.unmatchedImpacts = unmatchedImpacts
    }
}
