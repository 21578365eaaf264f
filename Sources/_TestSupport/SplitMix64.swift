import SwingSimulation

/// The seeded generator of every randomised test and generated input: the simulator's SplitMix64
/// (``SwingSimulation/SimulationRandom``), so a test reproduces from its seed and the algorithm is written once.
public typealias SplitMix64 = SimulationRandom

extension SimulationRandom {
    /// A standard-normal variate (Box–Muller over `Double.random(in:using:)`; the tests' original formula, kept so
    /// that seeded test inputs stay the same).
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
