/// Which data an analysis had, and therefore what its swings can say.
public enum SwingDataCase: String, Sendable, Codable, CaseIterable {
    /// Accelerometer and device motion with gravity (or attitude, from which gravity is derived): everything.
    case full
    /// Accelerometer only: impacts only. Each impact is reported as a ``Swing`` with `contact = true`,
    /// `start = impact`, `timeToContact = nil`, `peakRotationRate = 0`: an impact cannot be told from a clap here.
    case accelerometerOnly
    /// Device motion only: swings without impact timing (`impact = nil`, `contact = false` — unknown).
    case deviceMotionOnly
    /// Accelerometer and rotation rate without gravity or attitude. Fallback: |rotation rate| (all axes) stands in
    /// for |rotation along gravity|, so onsets and peaks refer to the total rotation of the wrist. |ω| has no sign,
    /// so the onset walk back cannot stop at the backswing's reversal; it stops where |ω| falls below
    /// ``SwingAnalyzerConfiguration/fallbackOnsetWalkThreshold`` instead (the preparation between swings keeps |ω|
    /// at 1–2.5 rad/s).
    case rotationWithoutGravity
    /// Rotation rate only (no gravity, no accelerometer): the |rotation rate| fallback, without impact timing.
    case rotationOnly
    /// No usable samples.
    case noData
}
