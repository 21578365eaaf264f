/// A tiny, fast, seedable random number generator (SplitMix64) so that every randomised test and generated input
/// is reproducible from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A standard-normal variate (Box–Muller).
    public mutating func nextGaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }

    /// Random cut points splitting `count` items into ragged chunks of 1...`maxChunk` items; returns chunk sizes.
    public mutating func chunkSizes(total count: Int, maxChunk: Int) -> [Int] {
        var sizes: [Int] = []
        var remaining = count
        while remaining > 0 {
            let size = Swift.min(remaining, Int.random(in: 1...Swift.max(1, maxChunk), using: &self))
            sizes.append(size)
            remaining -= size
        }
        return sizes
    }
}

#if canImport(Glibc)
import Glibc
@inline(__always) private func _log(_ x: Double) -> Double { Glibc.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#elseif canImport(Darwin)
import Darwin
@inline(__always) private func _log(_ x: Double) -> Double { Darwin.log(x) }
@inline(__always) private func _cos(_ x: Double) -> Double { Darwin.cos(x) }
#endif
