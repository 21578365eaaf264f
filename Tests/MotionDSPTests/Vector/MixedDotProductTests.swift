import Testing
import _TestSupport

@testable import MotionDSP

@Suite struct MixedDotProductTests {
    /// Every length from 0 to 13 (each remainder after the groups of four, and fewer terms than one group): exactly the
    /// documented order of additions (four partial sums by index mod 4, then the rest in order), bit for bit.
    @Test func sumsInTheDocumentedOrder() {
        var rng = SplitMix64(seed: 11)
        for count in 0...13 {
            let coefficients = (0..<count).map { _ in rng.nextGaussian() / 3 }
            let samples = (0..<count).map { _ in Float(rng.nextGaussian() * 1000) }
            var partial = [0.0, 0.0, 0.0, 0.0]
            let grouped = count / 4 * 4
            for i in 0..<grouped { partial[i % 4] += coefficients[i] * Double(samples[i]) }
            var expected = (partial[0] + partial[1]) + (partial[2] + partial[3])
            for i in grouped..<count { expected += coefficients[i] * Double(samples[i]) }
            let sum = mixedDotProduct(coefficients, samples, count: count)
            #expect(sum == expected, "\(count) terms")
        }
        #expect(mixedDotProduct([1], [2], count: -1) == 0, "no terms")
    }
}
