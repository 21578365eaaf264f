import Testing
import _TestSupport

import MotionDSP

@Suite struct VectorSquareRootTests {
    /// Every lane of `root` (four at a time over `values`) has the same bits as the standard library's square root
    /// of that lane (equal with the same sign tells ±0 apart); for a NaN, any NaN (the payload of the NaN a negative
    /// input gives is the hardware's either way). Returns the lanes compared.
    func expectScalarRoots<Scalar: BinaryFloatingPoint & SIMDScalar>(
        _ values: [Scalar], _ root: (SIMD4<Scalar>) -> SIMD4<Scalar>
    ) -> Int {
        var compared = 0
        for start in stride(from: 0, to: values.count - 3, by: 4) {
            let lanes = SIMD4(values[start], values[start + 1], values[start + 2], values[start + 3])
            let roots = root(lanes)
            for lane in 0..<4 {
                let expected = lanes[lane].squareRoot()
                if expected.isNaN {
                    #expect(roots[lane].isNaN, "√\(lanes[lane])")
                } else {
                    #expect(roots[lane] == expected && roots[lane].sign == expected.sign, "√\(lanes[lane]): \(roots[lane]) vs \(expected)")
                }
                compared += 1
            }
        }
        return compared
    }

    /// Special values (±0, subnormals, ±∞, NaN, negatives) and 100,000 random bit patterns of every exponent.
    @Test func lanesAreTheScalarSquareRootsBitForBit() {
        let special: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, 4, .ulpOfOne, 1e308, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -1, -.leastNonzeroMagnitude,
        ]
        var generator = SplitMix64(seed: 7)
        let values = special + (0..<100_000).map { _ in Double(bitPattern: generator.next()) }
        #expect(expectScalarRoots(values) { $0.vectorSquareRoot() } >= 100_000)
    }

    /// The same for four `Float` lanes: special values and 100,000 random bit patterns.
    @Test func floatLanesAreTheScalarSquareRootsBitForBit() {
        let special: [Float] = [
            0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, 4, .ulpOfOne, 1e38, .greatestFiniteMagnitude,
            .infinity, -.infinity, .nan, -1, -.leastNonzeroMagnitude, 0.5,
        ]
        var generator = SplitMix64(seed: 8)
        let values = special + (0..<100_000).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())) }
        #expect(expectScalarRoots(values) { $0.vectorSquareRoot() } >= 100_000)
    }
}
