#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `count` samples of 3-axis accelerometer-like data in g at `sampleRate` Hz (lanes x, y, z; lane w = 0): gravity
/// −1 g on z, a 1.5 Hz swing of 0.3 g (0.18 g on y, −0.12 g on z), and uniform noise in ±0.025 g on each axis from a
/// xorshift generator started at `seed` (non-zero), so every run filters the same data.
public func threeAxisSignal(count: Int, sampleRate: Double, seed: UInt64) -> [SIMD4<Float>] {
    precondition(seed != 0, "xorshift needs a non-zero seed")
    var state = seed
    func noise() -> Float {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Float(Double(state >> 11) / Double(1 << 53) - 0.5) * 0.05
    }
    return (0..<count).map { n in
        let swing = Float(0.3 * sin(2 * Double.pi * 1.5 * Double(n) / sampleRate))
        return SIMD4<Float>(swing + noise(), 0.6 * swing + noise(), -1 - 0.4 * swing + noise(), 0)
    }
}
