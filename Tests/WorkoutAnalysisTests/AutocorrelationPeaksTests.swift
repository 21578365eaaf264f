import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("AutocorrelationPeaks")
struct AutocorrelationPeaksTests {
    /// Values from a small set (so plateaus and equal peaks are common), a NaN now and then when asked.
    static func values(_ count: Int, seed: UInt64, levels: Int, withNaN: Bool) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            if withNaN && Int.random(in: 0..<40, using: &random) == 0 { return .nan }
            return Double(Int.random(in: 0..<levels, using: &random)) / Double(levels) - 0.3
        }
    }

    /// The scan in lag order: a peak replaces the best only when strictly higher.
    static func scannedHighest(_ r: [Double], _ lags: ClosedRange<Int>) -> Int {
        var (best, highest) = (-1, -Double.infinity)
        for lag in lags where r[lag] >= r[lag - 1] && r[lag] > r[lag + 1] && r[lag] > highest {
            (best, highest) = (lag, r[lag])
        }
        return best
    }

    @Test(
        "the highest peak and the peaks above a floor are those of a scan in lag order, plateaus, ties and NaN included",
        arguments: [(3, false), (7, false), (1000, false), (5, true)])
    func equalScan(levels: Int, withNaN: Bool) {
        var cases = 0
        for seed in 0..<300 {
            let r = Self.values(100, seed: UInt64(seed * 10 + levels), levels: levels, withNaN: withNaN)
            // Ranges of every length mod 4 and across the 64-lag words.
            let first = 1 + seed % 7
            let last = Swift.min(98, first + seed % 97)
            let lags = first...last
            let found = r.withUnsafeBufferPointer { AutocorrelationPeaks.highest($0.baseAddress!, in: lags) }
            #expect(found == Self.scannedHighest(r, lags), "seed \(seed), lags \(lags)")
            let floor = seed % 3 == 0 ? -1.0 : 0.1
            var visited: [Int] = []
            let stopAfter = seed % 5 == 0 ? 2 : Int.max
            r.withUnsafeBufferPointer { r in
                AutocorrelationPeaks.forEachPeak(r.baseAddress!, in: lags, minimum: floor) { lag in
                    visited.append(lag)
                    return visited.count < stopAfter
                }
            }
            let expected = lags.filter { r[$0] >= r[$0 - 1] && r[$0] > r[$0 + 1] && r[$0] >= floor }
            #expect(visited == Array(expected.prefix(stopAfter)), "seed \(seed), lags \(lags)")
            if found > 0 && expected.count > 1 { cases += 1 }
        }
        #expect(cases > 100)  // most draws hold several peaks
    }

    @Test("a monotonic series has no peak, and the highest of equal peaks is the first")
    func edges() {
        let rising = (0..<40).map(Double.init)
        #expect(rising.withUnsafeBufferPointer { AutocorrelationPeaks.highest($0.baseAddress!, in: 1...38) } == -1)
        var r = Array(repeating: 0.0, count: 40)
        for lag in [5, 17, 30] { r[lag] = 0.5 }
        #expect(r.withUnsafeBufferPointer { AutocorrelationPeaks.highest($0.baseAddress!, in: 1...38) } == 5)
        #expect(r.withUnsafeBufferPointer { AutocorrelationPeaks.highest($0.baseAddress!, in: 6...38) } == 17)
    }
}
