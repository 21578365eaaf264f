import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("SlidingAutocorrelation")
struct SlidingAutocorrelationTests {
    /// Σ y_i·y_{i+L} over the pairs inside `window`, from scratch.
    static func direct(_ y: (Int) -> Double, _ window: Range<Int>, lag: Int) -> Double {
        var sum = 0.0
        var i = window.lowerBound
        while i + lag < window.upperBound {
            sum += y(i) * y(i + lag)
            i += 1
        }
        return sum
    }

    @Test("sliding by a second, growing at the start and shrinking at the end gives the sums from scratch")
    func slidingEqualsDirect() {
        var random = SplitMix64(seed: 5)
        let values = (0..<2000).map { _ in Double.random(in: -0.5...0.5, using: &random) }
        let y: (Int) -> Double = { values[$0 - 1000] }  // absolute bins 1000…2999
        var sliding = SlidingAutocorrelation(maximumLag: 86, windowBins: 200)
        // The analyzer's sequence: windows growing from the first bin, then sliding by 25 bins, then the end.
        var windows: [Range<Int>] = (1...8).map { 1000..<(1000 + 25 * $0) }
        windows += (9...60).map { (1000 + 25 * ($0 - 8))..<(1000 + 25 * $0) }
        windows += (1...4).map { (2300 + 25 * $0)..<2500 }
        for window in windows {
            sliding.update(to: window, y: y)
            for lag in [0, 1, 12, 25, 50, 86] {
                let expected = Self.direct(y, window, lag: lag)
                #expect(abs(sliding.products[lag] - expected) <= 1e-12 * Swift.max(1, abs(expected)), "\(window) lag \(lag)")
            }
        }
    }
}
