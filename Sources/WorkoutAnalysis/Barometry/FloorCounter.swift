/// Floors ascended and descended, fed the altitude increments (m) made while walking or running.
///
/// The counter keeps the level of the last floor counted. Each time the altitude reaches one more ``floorHeight``
/// above it, one floor up is counted and the level moves up by a floor height (and symmetrically down). The
/// hysteresis is one whole floor: after a floor up, only a descent of a full floor height below that level counts a
/// floor down, so noise or a half flight up and back counts nothing.
struct FloorCounter: Sendable, Equatable {
    let floorHeight: Double
    private(set) var altitude = 0.0
    private var level = 0.0

    init(floorHeight: Double) {
        precondition(floorHeight > 0, "FloorCounter: floor height must be positive")
        self.floorHeight = floorHeight
    }

    /// Moves the altitude by `delta` m; returns the floors this completes up and down.
    mutating func add(_ delta: Double) -> (up: Int, down: Int) {
        altitude += delta
        var up = 0, down = 0
        while altitude - level >= floorHeight {
            level += floorHeight
            up += 1
        }
        while level - altitude >= floorHeight {
            level -= floorHeight
            down += 1
        }
        return (up, down)
    }
}
