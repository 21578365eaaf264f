/// Floors ascended and descended, fed the altitude increments (m) made while walking or running.
///
/// Floors are counted from the last turning point. While climbing, a floor up is counted each time the altitude
/// reaches one more ``floorHeight`` above the level of the last floor counted (at first, the start). A descent of a
/// whole floor height below the highest point turns the counter: the level becomes that highest point, and floors
/// down are counted each time the altitude reaches one more floor height below it (and symmetrically back up). The
/// hysteresis is one whole floor: noise at a landing, or half a flight up and back, counts nothing; a climb of 4
/// floors of 3.2 m and a descent of 2 count 4 and 2 (the descent measured from the top, not from the 12 m level).
struct FloorCounter: Sendable, Equatable {
    let floorHeight: Double
    private(set) var altitude = 0.0
    /// The level floors are counted from, m.
    private var level = 0.0
    /// The highest altitude while climbing, the lowest while descending, m.
    private var extreme = 0.0
    private var climbing = true

    init(floorHeight: Double) {
        precondition(floorHeight > 0, "FloorCounter: floor height must be positive")
        self.floorHeight = floorHeight
    }

    /// Moves the altitude by `delta` m; returns the floors this completes up and down.
    mutating func add(_ delta: Double) -> (up: Int, down: Int) {
        altitude += delta
        var up = 0, down = 0
        if climbing {
            extreme = Swift.max(extreme, altitude)
            if extreme - altitude >= floorHeight {
                (climbing, level, extreme) = (false, extreme, altitude)
            }
        } else {
            extreme = Swift.min(extreme, altitude)
            if altitude - extreme >= floorHeight {
                (climbing, level, extreme) = (true, extreme, altitude)
            }
        }
        if climbing {
            while altitude - level >= floorHeight {
                level += floorHeight
                up += 1
            }
        } else {
            while level - altitude >= floorHeight {
                level -= floorHeight
                down += 1
            }
        }
        return (up, down)
    }
}
