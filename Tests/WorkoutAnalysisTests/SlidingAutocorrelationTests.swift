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
        var sliding = SlidingAutocorrelation(lags: 5...86, windowBins: 200)
        // The analyzer's sequence: windows growing from the first bin, then sliding by 25 bins, then the end.
        var windows: [Range<Int>] = (1...8).map { 1000..<(1000 + 25 * $0) }
        windows += (9...60).map { (1000 + 25 * ($0 - 8))..<(1000 + 25 * $0) }
        windows += (1...4).map { (2300 + 25 * $0)..<2500 }
        for window in windows {
            sliding.update(to: window, y: y)
            #expect(sliding.products.count == 82)
            for lag in [5, 6, 12, 25, 50, 85, 86] {
                let expected = Self.direct(y, window, lag: lag)
                let product = sliding.products[lag - 5]
                #expect(abs(product - expected) <= 1e-12 * Swift.max(1, abs(expected)), "\(window) lag \(lag)")
            }
        }
    }

    /// The sums as the per-lag scalar recurrence defines them: a recomputation adds a lag's pairs in bin order
    /// from 0; a slide starts a lag's change at 0, subtracts the pairs of the bins that left (in bin order), adds
    /// the pairs that end in the new bins (in bin order) and adds that change to the lag's sum; the first window,
    /// every ``SlidingAutocorrelation/refreshInterval``-th slide after a recomputation and any window that is not
    /// a forward slide are recomputed.
    struct ScalarReference {
        let lags: ClosedRange<Int>
        /// products[L − lags.lowerBound] for L in lags.
        var products: [Double]
        var window: Range<Int>?
        var updates = 0

        init(lags: ClosedRange<Int>) {
            self.lags = lags
            products = Array(repeating: 0, count: lags.count)
        }

        mutating func update(to range: Range<Int>, y: (Int) -> Double) {
            if let old = window, updates < SlidingAutocorrelation.refreshInterval, range.lowerBound >= old.lowerBound,
                range.upperBound >= old.upperBound, range.lowerBound <= old.upperBound
            {
                for lag in lags {
                    var change = 0.0
                    // Pairs (i, i + lag) that left: i in old.lower ..< min(new.lower, old.upper − lag).
                    var i = old.lowerBound
                    while i < Swift.min(range.lowerBound, old.upperBound - lag) {
                        change -= y(i) * y(i + lag)
                        i += 1
                    }
                    // Pairs (j − lag, j) that came: j in max(old.upper, new.lower + lag) ..< new.upper.
                    var j = Swift.max(old.upperBound, range.lowerBound + lag)
                    while j < range.upperBound {
                        change += y(j) * y(j - lag)
                        j += 1
                    }
                    products[lag - lags.lowerBound] += change
                }
                updates += 1
            } else {
                for lag in lags {
                    var sum = 0.0
                    var i = range.lowerBound
                    while i + lag < range.upperBound {
                        sum += y(i) * y(i + lag)
                        i += 1
                    }
                    products[lag - lags.lowerBound] = sum
                }
                updates = 0
            }
            window = range
        }
    }

    @Test(
        "the SIMD blocks of lags give bit for bit the scalar per-lag sums",
        // Chunks of 3, 2 and 1 blocks of eight lags, from lag 0 and from later lags.
        arguments: [(5...86, 200), (0...86, 200), (0...13, 60), (1...5, 40), (3...8, 50), (0...87, 200), (5...92, 200)])
    func blocksEqualScalarSums(lags: ClosedRange<Int>, windowBins: Int) {
        var random = SplitMix64(seed: UInt64(lags.upperBound * 1000 + lags.lowerBound * 100 + windowBins))
        // Values over six orders of magnitude, so a changed order of additions would round differently.
        let values = (0..<3000).map { _ in
            Double.random(in: -0.5...0.5, using: &random) * Double.random(in: 0.001...1000, using: &random)
        }
        let y: (Int) -> Double = { values[$0 - 1000] }  // absolute bins 1000…3999
        var sliding = SlidingAutocorrelation(lags: lags, windowBins: windowBins)
        var reference = ScalarReference(lags: lags)
        let step = Swift.max(1, windowBins / 8)
        // Growing from the first bin, sliding (past several refreshes and ring wraps), a jump, then the end.
        var windows: [Range<Int>] = (1...8).map { 1000..<(1000 + step * $0) }
        windows += (9...80).map { (1000 + step * ($0 - 8))..<(1000 + step * $0) }
        windows += [2600..<(2600 + windowBins)]
        windows += (1...4).map { (2600 + step * $0)..<(2600 + windowBins) }
        for window in windows {
            sliding.update(to: window, y: y)
            reference.update(to: window, y: y)
            #expect(sliding.products == reference.products, "\(window)")
        }
    }
}
