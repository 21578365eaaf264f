import Testing
import _TestSupport

@testable import MotionRecording

@Suite struct StreamRepairerMedianSpacingTests {
    /// Every rank of seeded random, repeated and sorted inputs equals the sorted array's element.
    @Test(arguments: [1, 2, 3, 7, 64, 257, 1000])
    func selectMatchesSortAtEveryRank(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let random = (0..<count).map { _ in Double.random(in: 0.0001...0.01, using: &generator) }
        let repeated = (0..<count).map { Double($0 % 3 + 1) * 0.00125 }
        for values in [random, repeated, random.sorted(), random.sorted().reversed()] {
            let sorted = values.sorted()
            for rank in 0..<count {
                var scratch = values
                #expect(StreamRepairer.select(&scratch, rank: rank) == sorted[rank])
            }
        }
    }

    /// 1024 Hz timestamps (exact binary fractions) with one 62.5 ms gap and one repeated time: the median spacing is
    /// 1/1024 s exactly.
    @Test func medianSpacingIgnoresGapsAndRepeats() {
        var timestamps = (0..<801).map { Double($0) / 1024 }
        timestamps[400] = timestamps[399]
        for index in 600..<801 { timestamps[index] += 0.0625 }
        #expect(StreamRepairer.medianSpacing(timestamps) == 1.0 / 1024)
        #expect(StreamRepairer.medianSpacing([1]) == 0)
    }
}
