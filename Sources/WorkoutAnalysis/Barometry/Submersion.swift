/// One stretch of a recording under water, from pressure: the surface pressure it is measured from, the deepest
/// point and its depth zone. Times are on the recording's clock, whole seconds of the 1 Hz pressure grid.
public struct Submersion: Sendable, Equatable, Codable {
    /// First second under water, s.
    public var start: Double
    /// End (exclusive), s.
    public var end: Double
    /// The surface pressure the depth is measured from, kPa (the lowest pressure of the seconds before the dive).
    public var surfacePressure: Double
    /// The greatest depth, m.
    public var maxDepth: Double
    /// When the greatest depth was reached, s.
    public var maxDepthTime: Double
    /// The deepest zone reached.
    public var deepestZone: WaterDepthZone

    public init(
        start: Double, end: Double, surfacePressure: Double, maxDepth: Double, maxDepthTime: Double,
        deepestZone: WaterDepthZone
    ) {
        self.start = start
        self.end = end
        self.surfacePressure = surfacePressure
        self.maxDepth = maxDepth
        self.maxDepthTime = maxDepthTime
        self.deepestZone = deepestZone
    }

    /// `end − start`, s.
    public var duration: Double { end - start }
}
