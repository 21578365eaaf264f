/// Settings of the per-swing head measures (``HeadMotionMeter``).
///
/// The stillness limit: coaching asks golfers to keep the head still and tennis players to keep it steady, pointed
/// at the contact zone, through contact (Lafont 2007, "Towards a new hitting model in tennis", Int. J. Perf.
/// Analysis in Sport 7(3):106–116, from high-speed video of elite players); none of these sources gives a number.
/// The 5° used here is a physiological choice, not a measured norm: it is about the radius of the parafovea, the
/// region of sharp vision around the fovea's central 2°. A head that turns less than that between swing start and
/// impact keeps the ball or contact zone in sharp vision even without a compensating eye movement. The verdict is
/// a convenience: ``Swing/headRotation`` carries the value itself.
public struct HeadMotionConfiguration: Sendable, Equatable {
    /// Largest head rotation from swing start to impact that still counts as a still head, deg.
    public var stillRotationLimit: Double
    /// Length of the window before impact for ``Swing/headRotationBeforeImpact``, s.
    public var beforeImpactWindow: Double
    /// Largest spacing between consecutive headphone samples bridged by interpolation, in median spacings of the
    /// stream: 2.5 bridges one dropped sample (2 spacings, 80 ms at AirPods' 25 Hz) and not two (120 ms). A
    /// larger spacing inside a swing's window leaves its head measures `nil` and is reported.
    public var maximumSpacing: Double

    public init(stillRotationLimit: Double = 5, beforeImpactWindow: Double = 0.1, maximumSpacing: Double = 2.5) {
        precondition(stillRotationLimit >= 0 && beforeImpactWindow > 0 && maximumSpacing >= 1)
        self.stillRotationLimit = stillRotationLimit
        self.beforeImpactWindow = beforeImpactWindow
        self.maximumSpacing = maximumSpacing
    }
}
