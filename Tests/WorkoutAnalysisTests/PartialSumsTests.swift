import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("PartialSums")
struct PartialSumsTests {
    static func values(_ count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in 1 + Double.random(in: -0.3...0.3, using: &random) }
    }

    @Test("centring, end sums and lagged products equal plain running sums to rounding", arguments: [200, 137, 3])
    func equalPlainSums(count: Int) {
        let values = Self.values(count, seed: UInt64(count))
        let mean = values.reduce(0, +) / Double(count)
        var centred = values + [7, 7]  // spare values past `count` stay as they are
        let squares = PartialSums.centre(&centred, count: count, mean: mean)
        #expect(centred[count...] == [7, 7])
        var plain = 0.0
        for i in 0..<count {
            #expect(centred[i] == values[i] - mean)
            plain += (values[i] - mean) * (values[i] - mean)
        }
        #expect(abs(squares - plain) <= 1e-13 * plain)
        // Lane k of the four partial sums takes the values at k mod 4: the grouping written out.
        var lanes = [0.0, 0.0, 0.0, 0.0]
        for i in 0..<count { lanes[i % 4] += centred[i] * centred[i] }
        #expect(squares == (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]))

        // Sums of the first L and the last L values, and the total.
        let through = Swift.min(count, 90)
        var ends = Array(repeating: -1.0, count: count + 2)
        let total = values.withUnsafeBufferPointer { v in
            ends.withUnsafeMutableBufferPointer {
                PartialSums.endSums(of: v.baseAddress!, count: count, through: through, into: $0.baseAddress!)
            }
        }
        let plainTotal = values.reduce(0, +)
        #expect(abs(total - plainTotal) <= 1e-13 * plainTotal)
        #expect(ends[0] == 0)
        for l in 0...Swift.max(through, count / 2) {
            var direct = 0.0
            for i in 0..<l { direct += values[i] + values[count - 1 - i] }
            #expect(abs(ends[l] - direct) <= 1e-13 * Swift.max(1, direct), "ends \(l)")
        }
        #expect(ends[Swift.max(through, count / 2) + 1] == -1)  // nothing written past `through`

        for lag in [0, 1, 2, count / 2, count - 1] where lag < count {
            let products = centred.withUnsafeBufferPointer { PartialSums.laggedProducts($0, count: count, lag: lag) }
            var direct = 0.0
            for i in 0..<(count - lag) { direct += centred[i] * centred[i + lag] }
            #expect(abs(products - direct) <= 1e-13 * Swift.max(1, plain), "lag \(lag)")
        }
    }
}
