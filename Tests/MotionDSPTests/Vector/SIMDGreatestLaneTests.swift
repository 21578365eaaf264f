import Testing
import _TestSupport

import MotionDSP

@Suite struct SIMDGreatestLaneTests {
    /// NaN-free lanes drawn from a small pool with ties, infinities, zeros and subnormals, and from random bit
    /// patterns: the same value as the standard library's `max()` (so the same bits, unless the greatest is a zero).
    @Test func greatestLaneIsMaxForEveryNaNFreeVector() {
        let pool: [Float] = [
            -.infinity, .infinity, 0, -0.0, 1, -1, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0.5, 3,
        ]
        var generator = SplitMix64(seed: 11)
        func lane() -> Float {
            if generator.next() % 2 == 0 { return pool[Int(generator.next() % UInt64(pool.count))] }
            while true {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
                if !value.isNaN { return value }
            }
        }
        for _ in 0..<50_000 {
            let floats = SIMD8<Float>((0..<8).map { _ in lane() })
            #expect(floats.greatestLane() == floats.max(), "\(floats)")
            let doubles = SIMD4<Double>((0..<4).map { _ in Double(lane()) })
            #expect(doubles.greatestLane() == doubles.max(), "\(doubles)")
        }
        // The greatest lane in each position in turn.
        for position in 0..<8 {
            var floats = SIMD8<Float>(repeating: -2)
            floats[position] = 7
            #expect(floats.greatestLane() == 7)
        }
        for position in 0..<4 {
            var doubles = SIMD4<Double>(repeating: -.infinity)
            doubles[position] = -1
            #expect(doubles.greatestLane() == -1)
        }
    }
}
