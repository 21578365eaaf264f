/// Contact transients as seen by the wrist accelerometer: a half-sine contact force of `contactDuration` drives
/// two damped vibration modes of the bat/club/racket handle; each mode has its own direction in the device frame
/// (z dominant, x and y up to `offAxisFraction` of z). The transient begins exactly at the impact time.
public struct ImpactModel: Sendable, Codable, Equatable {
    /// Peak |acceleration| of a solid hit's transient, g.
    public var hitPeak: ClosedRange<Double>
    /// Peak |acceleration| of a foul tip's transient, g.
    public var foulTipPeak: ClosedRange<Double>
    /// Duration of the contact force, s (baseball ~0.7 ms, tennis ~4–5 ms, golf ~0.45 ms).
    public var contactDuration: ClosedRange<Double>
    /// Frequency of the dominant handle mode, Hz.
    public var primaryFrequency: ClosedRange<Double>
    /// Decay time constant of the dominant mode, s.
    public var primaryDecay: ClosedRange<Double>
    /// Frequency of the second mode, Hz (kept below the 400 Hz Nyquist limit of the 800 Hz stream).
    public var secondaryFrequency: ClosedRange<Double>
    /// Decay time constant of the second mode, s.
    public var secondaryDecay: ClosedRange<Double>
    /// Weight of the second mode relative to the first.
    public var secondaryWeight: ClosedRange<Double>
    /// Decay time constant of both modes for a foul tip, s (short contact, fast decay).
    public var foulTipDecay: ClosedRange<Double>
    /// Off-axis (x, y) amplitude relative to z.
    public var offAxisFraction: ClosedRange<Double>

    public init(
        hitPeak: ClosedRange<Double>, foulTipPeak: ClosedRange<Double>, contactDuration: ClosedRange<Double>,
        primaryFrequency: ClosedRange<Double>, primaryDecay: ClosedRange<Double>,
        secondaryFrequency: ClosedRange<Double>, secondaryDecay: ClosedRange<Double>,
        secondaryWeight: ClosedRange<Double>, foulTipDecay: ClosedRange<Double>,
        offAxisFraction: ClosedRange<Double> = 0.1...0.9
    ) {
        self.hitPeak = hitPeak
        self.foulTipPeak = foulTipPeak
        self.contactDuration = contactDuration
        self.primaryFrequency = primaryFrequency
        self.primaryDecay = primaryDecay
        self.secondaryFrequency = secondaryFrequency
        self.secondaryDecay = secondaryDecay
        self.secondaryWeight = secondaryWeight
        self.foulTipDecay = foulTipDecay
        self.offAxisFraction = offAxisFraction
    }
}
