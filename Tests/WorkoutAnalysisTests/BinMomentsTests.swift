import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("BinMoments")
struct BinMomentsTests {
    /// A bin with random accelerometer values (g), sample count and gap flag.
    static func randomBin(_ random: inout SplitMix64) -> MotionBin {
        var b = MotionBin()
        b.meanX = Float.random(in: -2...2, using: &random)
        b.meanY = Float.random(in: -2...2, using: &random)
        b.meanZ = Float.random(in: -2...2, using: &random)
        b.meanMagnitude = Float.random(in: 0...4, using: &random)
        b.peakMagnitude = b.meanMagnitude + Float.random(in: 0...20, using: &random)
        b.magnitudeVariance = Float.random(in: 0...0.5, using: &random)
        b.count = Int32.random(in: 0...40, using: &random)
        b.isGap = Bool.random(using: &random)
        return b
    }

    @Test("every bin of a sliding, growing or jumping window holds its bin's values, converted as the sums use them")
    func cachedValuesAreTheBins() {
        var random = SplitMix64(seed: 26)
        var bins = MotionBins(capacity: 500)
        var moments = BinMoments(windowBins: 200, binsPerSecond: 25)
        var written = 1000  // absolute bins written so far start at 1000
        // Growing from the first bin, sliding by 25 bins past many ring wraps, then a jump past a long silence.
        var windows: [Range<Int>] = (1...8).map { 1000..<(1000 + 25 * $0) }
        windows += (9...120).map { (1000 + 25 * ($0 - 8))..<(1000 + 25 * $0) }
        windows += (1...3).map { (5000 + 25 * $0)..<(5200 + 25 * $0) }
        for window in windows {
            while written < window.upperBound {
                bins[slot: bins.slot(written)] = Self.randomBin(&random)
                written += 1
            }
            moments.update(to: window, from: bins)
            moments.withSlots { cache, mask in
                for bin in window {
                    let b = bins[slot: bins.slot(bin)]
                    let a = SIMD4(Double(b.meanX), Double(b.meanY), Double(b.meanZ), 0)
                    let expected = BinMoments.Moments(
                        acceleration: a,
                        products: SIMD8(a.x * a.x, a.y * a.y, a.z * a.z, a.x * a.y, a.x * a.z, a.y * a.z, 0, 0),
                        magnitude: Double(b.meanMagnitude), magnitudeVariance: Double(b.magnitudeVariance),
                        peakMagnitude: b.peakMagnitude, count: b.count, isGap: b.isGap)
                    #expect(cache[bin & mask] == expected, "bin \(bin) of \(window)")
                }
            }
        }
    }

    @Test("a window's sums are its bins' sums, the same bit for bit from a warm cache as from a fresh one")
    func windowSumsAreTheBins() {
        var random = SplitMix64(seed: 27)
        var bins = MotionBins(capacity: 500)
        var moments = BinMoments(windowBins: 200, binsPerSecond: 25)
        var written = 1000
        var windows: [Range<Int>] = (1...8).map { 1007..<(1007 + 25 * $0) }
        windows += (9...40).map { (1000 + 25 * ($0 - 8))..<(1000 + 25 * $0) }
        windows += [1800..<1990, 5000..<5200]
        for window in windows {
            while written < window.upperBound {
                bins[slot: bins.slot(written)] = Self.randomBin(&random)
                written += 1
            }
            moments.update(to: window, from: bins)
            let sums = moments.sums(of: window)
            var fresh = BinMoments(windowBins: 200, binsPerSecond: 25)
            fresh.update(to: window, from: bins)
            let cold = fresh.sums(of: window)
            // Bin by bin in order: counts and the peak exactly, the Double sums to rounding.
            var plain = MomentSums()
            moments.withSlots { cache, mask in
                for bin in window { plain.add(cache[bin & mask]) }
            }
            #expect(sums.gaps == plain.gaps && sums.samples == plain.samples, "\(window)")
            #expect(sums.varianceBins == plain.varianceBins && sums.peak == plain.peak, "\(window)")
            for (a, b) in [
                (sums.magnitude, plain.magnitude), (sums.variance, plain.variance), (sums.spread, plain.spread),
                (sums.acceleration.x, plain.acceleration.x), (sums.products[5], plain.products[5]),
            ] {
                #expect(abs(a - b) <= 1e-12 * Swift.max(1, abs(b)), "\(window)")
            }
            #expect(sums.magnitude.bitPattern == cold.magnitude.bitPattern, "\(window)")
            #expect(sums.products == cold.products && sums.acceleration == cold.acceleration, "\(window)")
            #expect(sums.variance.bitPattern == cold.variance.bitPattern, "\(window)")
        }
    }
}
