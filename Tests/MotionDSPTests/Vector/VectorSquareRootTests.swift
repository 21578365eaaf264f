import Testing
import _TestSupport

import MotionDSP

@Suite struct VectorSquareRootTests {
    /// Every lane the same bits as the standard library's square root of that lane: special values (±0, subnormals,
    /// ±∞, NaN, negatives) and 100,000 random bit patterns of every exponent.
    @Test func lanesAreTheScalarSquareRootsBitForBit() {
        let special: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, 4, .ulpOfOne, 1e308, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -1, -.leastNonzeroMagnitude,
        ]
        var generator = SplitMix64(seed: 7)
        var values = special
        for _ in 0..<100_000 { values.append(Double(bitPattern: generator.next())) }
        var compared = 0
        var start = 0
        while start + 4 <= values.count {
            let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
            let roots = lanes.vectorSquareRoot()
            for lane in 0..<4 {
                let expected = lanes[lane].squareRoot()
                // NaN: any NaN (the payload of the NaN a negative input gives is the hardware's either way).
                if expected.isNaN {
                    #expect(roots[lane].isNaN, "√\(lanes[lane])")
                } else {
                    #expect(roots[lane].bitPattern == expected.bitPattern, "√\(lanes[lane]): \(roots[lane]) vs \(expected)")
                }
                compared += 1
            }
            start += 4
        }
        #expect(compared >= 100_000)
    }

    /// The same for four `Float` lanes: special values and 100,000 random bit patterns.
    @Test func floatLanesAreTheScalarSquareRootsBitForBit() {
        let special: [Float] = [
            0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, 4, .ulpOfOne, 1e38, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -1, -.leastNonzeroMagnitude, 0.5,
        ]
        var generator = SplitMix64(seed: 8)
        var values = special
        for _ in 0..<100_000 { values.append(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))) }
        var compared = 0
        var start = 0
        while start + 4 <= values.count {
            let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
            let roots = lanes.vectorSquareRoot()
            for lane in 0..<4 {
                let expected = lanes[lane].squareRoot()
                if expected.isNaN {
                    #expect(roots[lane].isNaN, "√\(lanes[lane])")
                } else {
                    #expect(roots[lane].bitPattern == expected.bitPattern, "√\(lanes[lane]): \(roots[lane]) vs \(expected)")
                }
                compared += 1
            }
            start += 4
        }
        #expect(compared >= 100_000)
    }
}
