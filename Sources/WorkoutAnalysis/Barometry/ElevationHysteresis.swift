/// Elevation gain and loss with a dead band, fed altitude increments (m) in time order.
///
/// The counter keeps a direction and the turning point (the highest altitude while climbing, the lowest while
/// descending). While climbing, every new high adds its rise to the gain; a fall of ``deadBand`` or more below the
/// high turns it to descending and adds that whole fall to the loss (and symmetrically). Before the first turn, a
/// move of ``deadBand`` from the start decides the direction and counts in full. So a climb counts completely, and
/// undulations (or residual noise) smaller than the dead band after a turning point count nothing.
struct ElevationHysteresis: Sendable, Equatable {
    enum Direction: Sendable, Equatable { case undecided, climbing, descending }

    let deadBand: Double
    private(set) var altitude = 0.0
    private(set) var direction = Direction.undecided
    private var turningPoint = 0.0

    init(deadBand: Double) {
        precondition(deadBand >= 0, "ElevationHysteresis: negative dead band")
        self.deadBand = deadBand
    }

    /// Moves the altitude by `delta` m; returns the gain and loss this adds, m (both ≥ 0).
    mutating func add(_ delta: Double) -> (gain: Double, loss: Double) {
        altitude += delta
        switch direction {
        case .undecided:
            if altitude - turningPoint >= deadBand {
                defer { (direction, turningPoint) = (.climbing, altitude) }
                return (altitude - turningPoint, 0)
            }
            if turningPoint - altitude >= deadBand {
                defer { (direction, turningPoint) = (.descending, altitude) }
                return (0, turningPoint - altitude)
            }
        case .climbing:
            if altitude > turningPoint {
                defer { turningPoint = altitude }
                return (altitude - turningPoint, 0)
            }
            if turningPoint - altitude >= deadBand {
                defer { (direction, turningPoint) = (.descending, altitude) }
                return (0, turningPoint - altitude)
            }
        case .descending:
            if altitude < turningPoint {
                defer { turningPoint = altitude }
                return (0, turningPoint - altitude)
            }
            if altitude - turningPoint >= deadBand {
                defer { (direction, turningPoint) = (.climbing, altitude) }
                return (altitude - turningPoint, 0)
            }
        }
        return (0, 0)
    }
}
