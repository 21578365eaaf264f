/// One contact transient found in the 800 Hz accelerometer stream.
public struct DetectedImpact: Sendable, Equatable {
    /// Moment of contact: onset of the transient, s (sub-sample).
    public var time: Double
    /// Peak high-passed |a| within the look-ahead, g.
    public var peak: Double
    /// Whether an axis clipped during the transient.
    public var saturated: Bool
    /// Dominant frequency of the transient, Hz.
    public var dominantFrequency: Double
    /// Band energy of the transient, g² (see ``Swing/impactBandEnergy``).
    public var bandEnergy: Double

    public init(time: Double, peak: Double, saturated: Bool, dominantFrequency: Double, bandEnergy: Double) {
        self.time = time
        self.peak = peak
        self.saturated = saturated
        self.dominantFrequency = dominantFrequency
        self.bandEnergy = bandEnergy
    }
}
