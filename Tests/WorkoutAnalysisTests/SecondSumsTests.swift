import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("SecondSums")
struct SecondSumsTests {
    /// Sums of `values[bin]` over a range through `sums` (each run added bin by bin, runs merged in order).
    static func sum(_ sums: inout SecondSums<Double>, _ range: Range<Int>, _ values: (Int) -> Double) -> Double {
        sums.sum(
            of: range, zero: 0,
            add: { s, bins in
                for bin in bins { s += values(bin) }
            }, merge: { $0 += $1 })
    }

    @Test("a range's sum adds its whole seconds and partial ends in order; a cached second gives its first sum")
    func rangesMatchTheirRuns() {
        var random = SplitMix64(seed: 3)
        let values = (0..<3000).map { _ in Double.random(in: -1...1, using: &random) }
        let value: (Int) -> Double = { values[$0 + 1500] }  // bins −1500 ..< 1500
        var warm = SecondSums(secondsHeld: 8, binsPerSecond: 25, zero: 0.0)
        // Sliding 8 s windows across bin 0 (negative seconds round down), growing and shrinking ends.
        var windows: [Range<Int>] = (1...8).map { -1000..<(-1000 + 25 * $0) }
        windows += (9...80).map { (-1000 + 25 * ($0 - 8))..<(-1000 + 25 * $0) }
        windows += [-13..<187, 7..<30, 30..<31, 100..<100]
        for window in windows {
            // The expected grouping, written out: runs split at multiples of 25 (floor), each summed in order.
            var expected = 0.0
            var bin = window.lowerBound
            while bin < window.upperBound {
                let second = Int((Double(bin) / 25).rounded(.down))
                let end = Swift.min(window.upperBound, (second + 1) * 25)
                var run = 0.0
                for b in bin..<end { run += value(b) }
                expected += run
                bin = end
            }
            var cold = SecondSums(secondsHeld: 8, binsPerSecond: 25, zero: 0.0)
            let fromScratch = Self.sum(&cold, window, value)
            let cached = Self.sum(&warm, window, value)
            #expect(fromScratch.bitPattern == expected.bitPattern, "\(window)")
            #expect(cached.bitPattern == expected.bitPattern, "\(window)")
            let plain = window.reduce(0.0) { $0 + value($1) }
            #expect(abs(cached - plain) <= 1e-12, "\(window)")
        }
    }
}
