import Testing
import _TestSupport
import MotionDSP

@Suite struct OrderStatisticTests {
    @Test(arguments: [1, 2, 3, 10, 101, 4096])
    func selectAgreesWithSortAtEveryRank(_ count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        // Few distinct values (many ties) and many distinct values.
        for distinct in [3, 1_000_000] {
            let values = (0..<count).map { _ in Double(Int.random(in: 0..<distinct, using: &rng)) * 0.00125 }
            let sorted = values.sorted()
            for rank in Set([0, count / 2, count - 1, Int.random(in: 0..<count, using: &rng)]) {
                var scratch = values
                #expect(OrderStatistic.select(&scratch, rank: rank) == sorted[rank], "count \(count) rank \(rank)")
            }
        }
    }

    @Test func sortedAndReversedInputs() {
        let ascending = (0..<1001).map(Double.init)
        var copy = ascending
        #expect(OrderStatistic.select(&copy, rank: 500) == 500)
        copy = ascending.reversed()
        #expect(OrderStatistic.select(&copy, rank: 17) == 17)
        copy = [.infinity, 1, 2]
        #expect(OrderStatistic.select(&copy, rank: 2) == .infinity)
    }

    /// Float, as the impact detector's noise floor uses it: random blocks of 256, all equal, and a block whose
    /// pivot candidates are all the largest value.
    @Test func floatBlocksAgreeWithSort() {
        var rng = SplitMix64(seed: 256)
        var blocks: [[Float]] = (0..<200).map { _ in (0..<256).map { _ in Float.random(in: 0..<1, using: &rng) } }
        blocks.append(Array(repeating: 0, count: 256))
        let largestAtPivotCandidates: [Float] = (0..<256).map { (i: Int) -> Float in
            [0, 127, 255].contains(i) ? 9 : Float(i % 5)
        }
        blocks.append(largestAtPivotCandidates)
        for block in blocks {
            let sorted = block.sorted()
            for rank in [0, 128, 255] {
                var scratch = block
                #expect(OrderStatistic.select(&scratch, rank: rank) == sorted[rank])
                #expect(scratch.sorted() == sorted, "select only reorders")
            }
        }
    }

    /// With NaN the answer is not an order statistic, but it is one of the values and nothing is lost.
    @Test func nanKeepsTheValues() {
        let values: [Float] = [3, .nan, 1, .nan, 2, 5, 4]
        for rank in values.indices {
            var scratch = values
            let selected = OrderStatistic.select(&scratch, rank: rank)
            #expect(selected.isNaN || values.contains(selected))
            #expect(scratch.filter(\.isNaN).count == 2)
            #expect(scratch.filter { !$0.isNaN }.sorted() == [1, 2, 3, 4, 5])
        }
    }
}

/// `radixSelect` against `sorted()` (total order for ±0 and NaN) on the block shapes the noise floor and corrupt
/// data can produce.
@Suite struct OrderStatisticRadixSelectTests {
    /// Blocks of one shape and size, from a seeded generator.
    static func block(shape: Int, count: Int, using rng: inout SplitMix64) -> [Float] {
        switch shape {
        case 0: return (0..<count).map { _ in Float.random(in: 0..<1, using: &rng) }
        case 1:  // heavy-tailed noise with transients
            return (0..<count).map { _ in
                let u = Float.random(in: 0.001..<1, using: &rng)
                return 1e-3 / (u * u) * Float.random(in: 0..<1, using: &rng)
            }
        case 2: return (0..<count).map { _ in Float(Int.random(in: 0..<4, using: &rng)) * 0.25 }
        case 3: return Array(repeating: 0.0031, count: count)
        case 4: return (0..<count).map { _ in Bool.random(using: &rng) ? 0 : Float.random(in: 0..<1e-3, using: &rng) }
        case 5: return (0..<count).map { Float($0) * 1e-3 }
        case 6: return (0..<count).map { Float(count - $0) * 1e-3 }
        case 7:  // signed, with both zeros
            return (0..<count).map { _ in
                [Float(0), -0.0, 1, -1, .infinity, -.infinity, Float.random(in: -5..<5, using: &rng)][
                    Int.random(in: 0..<7, using: &rng)]
            }
        case 8:  // subnormals and the largest finite values
            return (0..<count).map { _ in
                Bool.random(using: &rng)
                    ? Float.leastNonzeroMagnitude * Float(Int.random(in: 0..<50, using: &rng))
                    : Float.greatestFiniteMagnitude.nextDown * Float.random(in: 0.999..<1, using: &rng)
            }
        default: return (0..<count).map { _ in Float(Int.random(in: -3..<3, using: &rng)) }
        }
    }

    /// What `radixSelect` must return: the rank in IEEE total order (−0 before +0).
    static func expected(_ values: [Float], rank: Int) -> Float {
        values.sorted { $0.isTotallyOrdered(belowOrEqualTo: $1) && !$1.isTotallyOrdered(belowOrEqualTo: $0) }[rank]
    }

    @Test(arguments: 0..<10)
    func agreesWithSortAtEveryRankOnSmallBlocks(_ shape: Int) {
        var rng = SplitMix64(seed: UInt64(100 + shape))
        for count in [1, 2, 3, 5, 8, 17, 64] {
            let values = Self.block(shape: shape, count: count, using: &rng)
            for rank in 0..<count {
                let selected = OrderStatistic.radixSelect(values, rank: rank)
                #expect(selected.bitPattern == Self.expected(values, rank: rank).bitPattern,
                        "shape \(shape) count \(count) rank \(rank)")
            }
        }
    }

    @Test(arguments: 0..<10)
    func agreesWithSortAndQuickselectUpTo600(_ shape: Int) {
        var rng = SplitMix64(seed: UInt64(200 + shape))
        for count in [100, 255, 256, 257, 600] {
            let values = Self.block(shape: shape, count: count, using: &rng)
            for rank in Set([0, 1, count / 2, count - 2, count - 1, Int.random(in: 0..<count, using: &rng)]) {
                let selected = OrderStatistic.radixSelect(values, rank: rank)
                #expect(selected.bitPattern == Self.expected(values, rank: rank).bitPattern,
                        "shape \(shape) count \(count) rank \(rank)")
                var scratch = values
                #expect(selected == OrderStatistic.select(&scratch, rank: rank), "same value as quickselect")
            }
        }
    }

    /// NaNs take their total-order places: positive NaNs above +∞, negative NaNs below −∞.
    @Test func nanTakesItsTotalOrderPlace() {
        let negativeNaN = -Float.nan
        let values: [Float] = [3, .nan, 1, negativeNaN, 2, .infinity, 4]
        #expect(OrderStatistic.radixSelect(values, rank: 0).bitPattern == negativeNaN.bitPattern)
        #expect(OrderStatistic.radixSelect(values, rank: 1) == 1)
        #expect(OrderStatistic.radixSelect(values, rank: 3) == 3)
        #expect(OrderStatistic.radixSelect(values, rank: 5) == .infinity)
        #expect(OrderStatistic.radixSelect(values, rank: 6).isNaN)
        let allNaN = [Float](repeating: .nan, count: 256)
        #expect(OrderStatistic.radixSelect(allNaN, rank: 128).isNaN)
    }

    @Test func zerosOrderNegativeFirst() {
        let values: [Float] = [0, -0.0, 0, -0.0, 1]
        #expect(OrderStatistic.radixSelect(values, rank: 1).sign == .minus)
        #expect(OrderStatistic.radixSelect(values, rank: 2).sign == .plus)
        #expect(OrderStatistic.radixSelect(values, rank: 2) == 0)
    }
}
