import Testing
import _TestSupport
@testable import MotionRecording

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
}
