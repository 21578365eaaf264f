/// Swings that start straight out of a load or backswing: the hands and bat (club, racket) counter-rotate, and the
/// forward swing begins where the rotation about the swing axis reverses, without a pause at the top. The onset
/// (truth `start`) is that reversal: the rate crosses zero there with the slope π·rate/duration of a half-sine
/// load (see `SwingProfile`). The other swings keep the preset's load, which ends in a pause: they start from rest.
///
/// Every range is sampled uniformly per swing, from a random sub-stream of the swing's own, so a configuration
/// without reversals draws exactly what it drew before reversals existed.
public struct LoadReversal: Sendable, Codable, Equatable {
    /// Probability that a swing starts straight out of its load, 0...1.
    public var share: Double
    /// Peak reverse rate about the swing axis (the load's depth), rad/s.
    public var loadRate: ClosedRange<Double>
    /// Duration of the counter-rotation, s.
    public var loadDuration: ClosedRange<Double>
    /// Share of the reversal's angular acceleration that carries on past the onset, 0...1 (1: the acceleration is
    /// continuous through the onset; 0: the rate has a corner there).
    public var carry: ClosedRange<Double>

    public init(
        share: Double, loadRate: ClosedRange<Double>, loadDuration: ClosedRange<Double>,
        carry: ClosedRange<Double> = 0...1
    ) {
        self.share = share
        self.loadRate = loadRate
        self.loadDuration = loadDuration
        self.carry = carry
    }
}

extension SimulationConfiguration {
    /// This configuration with a `share` (0...1) of its swings starting straight out of a load or backswing
    /// (``LoadReversal``), of depths and durations for the sport — baseball and softball loads of 0.5–3 rad/s over
    /// 150–350 ms, tennis take-backs of 1–4 rad/s over 200–500 ms, golf backswings of 1.5–4.5 rad/s over 0.4–1 s —
    /// and swing planes tilted up to 50° from horizontal (golf: 35–50°).
    public func withLoadReversals(share: Double) -> SimulationConfiguration {
        var c = self
        let degree = Double.pi / 180
        switch sport {
        case .baseball, .softball:
            c.kinematics.loadReversal = LoadReversal(share: share, loadRate: 0.5...3, loadDuration: 0.15...0.35)
            c.kinematics.planeTilt = 0.1...(50 * degree)
        case .tennis:
            c.kinematics.loadReversal = LoadReversal(share: share, loadRate: 1...4, loadDuration: 0.2...0.5)
            c.kinematics.planeTilt = 0.1...(50 * degree)
        case .golf:
            c.kinematics.loadReversal = LoadReversal(share: share, loadRate: 1.5...4.5, loadDuration: 0.4...1.0)
            c.kinematics.planeTilt = (35 * degree)...(50 * degree)
        }
        return c
    }
}
