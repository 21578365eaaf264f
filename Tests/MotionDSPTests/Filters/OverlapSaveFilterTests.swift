import MotionDSP
import Testing
import _TestSupport

@Suite struct OverlapSaveFilterTests {
    @Test func fullConvolutionMatchesDirectConvolution() throws {
        let fixture = try SpectralFixture.load("overlap_save.json")
        let x = fixture.floats("x")
        let cases = fixture.array("cases")
        try #require(cases.count == 4)
        for testCase in cases {
            let filter = OverlapSaveFilter(taps: testCase.floats("taps"))
            let expected = testCase.doubles("full")
            let full = filter.apply(x, range: .full)
            #expect(full.count == expected.count)
            let error = ApproximateComparison.maxRelativeError(full, expected)
            #expect(error < 1e-5, "\(testCase.string("name") ?? "?"): relative error \(error)")
            let causal = filter.apply(x, range: .causal)
            #expect(ApproximateComparison.maxRelativeError(causal, expected.prefix(x.count)) < 1e-5)
            let delay = (filter.taps.count - 1) / 2
            let same = filter.apply(x, range: .same)
            #expect(ApproximateComparison.maxRelativeError(same, expected[delay..<(delay + x.count)]) < 1e-5)
        }
    }

    @Test(arguments: [64, 128, 1024])
    func fftLengthDoesNotChangeTheResult(fftLength: Int) {
        var generator = SplitMix64(seed: 5)
        let x = (0..<700).map { _ in Float(generator.nextGaussian()) }
        let taps = (0..<33).map { _ in Float(generator.nextGaussian()) }
        let direct = (0..<(x.count + taps.count - 1)).map { k in
            (0..<taps.count).reduce(0.0) { sum, j in
                let i = k - j
                return i >= 0 && i < x.count ? sum + Double(taps[j]) * Double(x[i]) : sum
            }
        }
        let filter = OverlapSaveFilter(taps: taps, fftLength: fftLength)
        #expect(filter.blockLength == fftLength - 32)
        #expect(ApproximateComparison.maxRelativeError(filter.apply(x, range: .full), direct) < 1e-5)
    }

    @Test func emptyAndSingleSampleInputs() {
        let filter = OverlapSaveFilter(taps: [1, 2, 3])
        #expect(filter.apply([], range: .full).isEmpty)
        #expect(filter.apply([], range: .causal).isEmpty)
        // Through the FFT the results carry Float rounding (e.g. 3.9999998 for 4): compare at 1e-6 relative.
        #expect(ApproximateComparison.maxRelativeError(filter.apply([2], range: .full), [2, 4, 6] as [Float]) < 1e-6)
        #expect(ApproximateComparison.maxRelativeError(filter.apply([2], range: .causal), [2] as [Float]) < 1e-6)
        #expect(ApproximateComparison.maxRelativeError(filter.apply([2], range: .same), [4] as [Float]) < 1e-6)
    }

    @Test func nanSpreadsOnlyWithinItsBlocks() {
        let filter = OverlapSaveFilter(taps: [0.25, 0.5, 0.25], fftLength: 64)
        var x = [Float](repeating: 1, count: 300)
        x[250] = .nan
        let y = filter.apply(x)
        #expect(y[250].isNaN)
        // Blocks before the NaN's block are untouched (block length 62).
        #expect(y[2..<186].allSatisfy { abs($0 - 1) < 1e-5 })
    }
}
