import Foundation

/// The simulator's own seeded random number generator (SplitMix64), so a configuration's `seed` reproduces a
/// recording bit for bit on every platform. Independent sub-streams come from ``derived(_:)``.
public struct SimulationRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator for sub-stream `stream` (e.g. one per event), not advancing `self`.
    public func derived(_ stream: UInt64) -> SimulationRandom {
        var mixer = SimulationRandom(seed: state ^ (stream &* 0xD1B5_4A32_D192_ED03))
        return SimulationRandom(seed: mixer.next())
    }

    /// Uniform in `range` (inclusive bounds; a degenerate range returns its bound).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// Uniform in [0, 1): the top 53 bits of the next value (fixed formula, so streams never change).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// `true` with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// ±1 with equal probability.
    public mutating func sign() -> Double { chance(0.5) ? 1 : -1 }

    /// A standard-normal variate (Box–Muller).
    public mutating func gaussian() -> Double {
        let u1 = 1 - unit()  // (0, 1]
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// A standard-normal variate clamped to ±`limit` standard deviations.
    public mutating func clampedGaussian(limit: Double = 3) -> Double { max(-limit, min(limit, gaussian())) }

    /// A uniformly random unit vector.
    package mutating func unitVector() -> Vector3 {
        let z = uniform(-1...1)
        let phi = uniform(0...(2 * Double.pi))
        let r = (1 - z * z).squareRoot()
        return Vector3(r * cos(phi), r * sin(phi), z)
    }
}
