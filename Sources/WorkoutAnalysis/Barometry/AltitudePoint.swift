/// One second of the wearer's altitude (``BarometrySummary/wearerAltitude``).
public struct AltitudePoint: Sendable, Equatable {
    /// s on the recording's clock: the middle of the second.
    public var time: Double
    /// m above the first second out of water, weather drift taken out.
    public var meters: Double

    public init(time: Double, meters: Double) {
        self.time = time
        self.meters = meters
    }
}
