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
