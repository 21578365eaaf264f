import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("BinDirections")
struct BinDirectionsTests {
    /// Circular variance of the unit vectors of the `width`-bin running mean of a, at the even bins whose means lie
    /// inside `range`, straight from the bins in `Double`.
    static func direct(_ range: Range<Int>, width: Int, in bins: MotionBins) -> Double {
        var (sum, count) = (SIMD3<Double>.zero, 0.0)
        for bin in (range.lowerBound + width - 1)..<range.upperBound where bin & 1 == 0 {
            var mean = SIMD3<Double>.zero
            for b in (bin - width + 1)...bin {
                let m = bins[slot: bins.slot(b)]
                mean += SIMD3(Double(m.meanX), Double(m.meanY), Double(m.meanZ))
            }
            let norm = (mean * mean).sum().squareRoot()
            guard norm > 0 else { continue }
            sum += mean / norm
            count += 1
        }
        return count > 0 ? 1 - (sum * sum).sum().squareRoot() / count : 0
    }

    @Test("sliding windows equal a fresh computation bit for bit and the direct variances to rounding")
    func slidingEqualsFreshAndDirect() {
        // 25 Hz bins, 8 s windows (200 bins), widths 6 and 13 bins (0.24 s, 0.5 s), as the analyzer uses them. The
        // bins are filled only up to each window's end, as the binner closes them; the wrist turns by up to ±1 g
        // around gravity, so the variances are far from 0 and 1.
        let widths = (fast: 6, slow: 13)
        var bins = MotionBins(capacity: 512)
        var random = SplitMix64(seed: 23)
        var sliding = BinDirections(widths: widths, windowBins: 200, binsPerSecond: 25)
        var filled = 1000
        func fill(to end: Int) {
            while filled < end {
                bins[slot: bins.slot(filled)].meanX = Float.random(in: -1...1, using: &random)
                bins[slot: bins.slot(filled)].meanY = Float.random(in: -1...1, using: &random)
                bins[slot: bins.slot(filled)].meanZ = -1 + Float.random(in: -0.5...0.5, using: &random)
                filled += 1
            }
        }
        // Growing from the first bin, sliding by 1 s past several ring wraps, then shrinking at the end; one
        // window starts at an odd bin.
        var windows: [Range<Int>] = (1...8).map { 1000..<(1000 + 25 * $0) }
        windows += (9...60).map { (1000 + 25 * ($0 - 8))..<(1000 + 25 * $0) }
        windows += [2301..<2500]
        windows += (1...4).map { (2300 + 25 * $0)..<2500 }
        for window in windows {
            fill(to: window.upperBound)
            let variances = sliding.variances(of: window, in: bins)
            var fresh = BinDirections(widths: widths, windowBins: 200, binsPerSecond: 25)
            let expected = fresh.variances(of: window, in: bins)
            #expect(variances == expected, "\(window)")
            let direct = (Self.direct(window, width: 6, in: bins), Self.direct(window, width: 13, in: bins))
            #expect(abs(variances.fast - direct.0) <= 1e-12 && abs(variances.slow - direct.1) <= 1e-12, "\(window)")
            #expect(direct.0 > 0.01 && direct.1 > 0.01)
        }
    }
}
