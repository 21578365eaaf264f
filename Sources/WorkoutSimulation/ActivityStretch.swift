/// One stretch of simulated activity: what is done, for how long (s), and the variant. Parameters of the motion
/// itself (cadence, stroke rate, amplitudes, wrist orientation) are drawn from the simulator's seed over wide,
/// physically plausible ranges, so the analysis is tested on the physics rather than on one generator setting.
public struct ActivityStretch: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable, CaseIterable {
        /// Standing or sitting still (small physiological tremor).
        case resting
        /// Sitting, typing: small taps, no steps.
        case typing
        /// Standing, clapping in bursts: large periodic arm impacts, no steps.
        case clapping
        /// Walking, 1.5–2.1 steps/s, normal arm swing.
        case walking
        /// Walking with the hands on a trolley or in the pockets: no arm swing, weaker heel strikes.
        case walkingWithoutArmSwing
        /// Running, 2.5–3.2 steps/s, bent arm swinging.
        case running
        /// Cycling, hands on the bars: road vibration and bumps.
        case cycling
        /// Front crawl or backstroke: continuous arm rotation, 0.35–0.8 strokes/s, wall turns.
        case swimmingRotation
        /// Breaststroke: large horizontal sweeps, 0.4–0.8 strokes/s, wall turns.
        case swimmingBreaststroke
    }

    public var kind: Kind
    /// Length, s.
    public var duration: Double

    public init(_ kind: Kind, duration: Double) {
        self.kind = kind
        self.duration = duration
    }

    /// The activity the analysis should report for this stretch (as `Activity` raw value).
    public var expectedActivity: String {
        switch kind {
        case .resting, .typing, .clapping: "stationary"
        case .walking, .walkingWithoutArmSwing: "walking"
        case .running: "running"
        case .cycling: "cycling"
        case .swimmingRotation, .swimmingBreaststroke: "swimming"
        }
    }
}
