/// One leg of a simulated vertical profile: the wearer stays level, takes stairs, walks a slope, or dives. Rates are
/// vertical speeds, m/s (stairs 0.1–0.5 m/s, a hill 0.02–0.2 m/s, a diver's descent 0.3–1 m/s and ascent
/// ≤ 0.3 m/s — the safe ascent rate of diving tables).
public struct VerticalLeg: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Equatable, Codable {
        case level, stairs, hill, dive
    }

    public var kind: Kind
    /// Length, s.
    public var duration: Double
    /// Altitude change over the leg, m (0 for level and dive legs).
    public var rise: Double
    /// Whole floors climbed (> 0) or descended (< 0) on stairs; 0 otherwise.
    public var floors: Int
    /// Greatest depth of a dive, m; 0 otherwise.
    public var depth: Double
    /// Time at the greatest depth, s (dives).
    public var bottomTime: Double
    /// Vertical speed of the descent and of the ascent under water, m/s (dives).
    public var descentRate: Double
    public var ascentRate: Double

    private init(
        kind: Kind, duration: Double, rise: Double = 0, floors: Int = 0, depth: Double = 0, bottomTime: Double = 0,
        descentRate: Double = 0, ascentRate: Double = 0
    ) {
        self.kind = kind
        self.duration = duration
        self.rise = rise
        self.floors = floors
        self.depth = depth
        self.bottomTime = bottomTime
        self.descentRate = descentRate
        self.ascentRate = ascentRate
    }

    /// `seconds` at the same altitude (in air).
    public static func level(_ seconds: Double) -> VerticalLeg { VerticalLeg(kind: .level, duration: seconds) }

    /// `floors` flights of `floorHeight` m each (negative: down), at `rate` m/s vertically.
    public static func stairs(_ floors: Int, floorHeight: Double = 3.2, rate: Double = 0.25) -> VerticalLeg {
        let rise = Double(floors) * floorHeight
        return VerticalLeg(kind: .stairs, duration: abs(rise) / rate, rise: rise, floors: floors)
    }

    /// A slope rising `rise` m (negative: falling) at `rate` m/s vertically.
    public static func hill(rise: Double, rate: Double) -> VerticalLeg {
        VerticalLeg(kind: .hill, duration: abs(rise) / rate, rise: rise)
    }

    /// A dive from the surface to `depth` m and back: down at `descentRate`, `bottomTime` s at the bottom, up at
    /// `ascentRate` m/s, then `surfaceTime` s at the surface (in air, as a watch is after surfacing).
    public static func dive(
        depth: Double, bottomTime: Double, descentRate: Double = 0.5, ascentRate: Double = 0.25
    ) -> VerticalLeg {
        VerticalLeg(
            kind: .dive, duration: depth / descentRate + bottomTime + depth / ascentRate, depth: depth,
            bottomTime: bottomTime, descentRate: descentRate, ascentRate: ascentRate)
    }

    /// Altitude change since the leg's start at local time `t` s, m.
    func altitude(at t: Double) -> Double {
        switch kind {
        case .level, .dive: 0
        case .stairs, .hill: rise * Swift.min(1, Swift.max(0, t / duration))
        }
    }

    /// Depth under water at local time `t` s, m (0 out of water).
    func depth(at t: Double) -> Double {
        guard kind == .dive, t > 0, t < duration else { return 0 }
        let down = depth / descentRate
        if t < down { return t * descentRate }
        if t < down + bottomTime { return depth }
        return Swift.max(0, depth - (t - down - bottomTime) * ascentRate)
    }
}
