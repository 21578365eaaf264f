import MotionDSP
import Testing
import _TestSupport

@Suite struct ResamplingTests {
    @Test func linearResamplingOfJitteryStreamMatchesNumpyInterp() throws {
        let fixture = try SpectralFixture.load("resample.json")["interp"]
        let timestamps = fixture.doubles("timestamps")
        let values = fixture.floats("values")
        let rate = try #require(fixture.double("rate"))
        let grid = LinearResampler.uniformGrid(from: timestamps[0], through: timestamps.last!, sampleRate: rate)
        // Same expression as numpy's t0 + arange(n) / fs; compared to 1 ns because the JSON reader may round the
        // last digit differently.
        let expectedGrid = fixture.doubles("grid")
        #expect(grid.count == expectedGrid.count)
        #expect(zip(grid, expectedGrid).allSatisfy { abs($0 - $1) < 1e-9 })
        let expected = fixture.doubles("expected")
        let resampled = LinearResampler.resampleUniformly(timestamps: timestamps, values: values, sampleRate: rate)
        #expect(resampled.start == timestamps[0])
        #expect(resampled.values.count == expected.count)
        #expect(ApproximateComparison.maxRelativeError(resampled.values, expected) < 1e-6)
        // A grid reaching past both ends: numpy clamps to the end values.
        let wide = LinearResampler.uniformGrid(
            start: try #require(fixture.double("wide_start")), count: try #require(fixture.int("wide_count")),
            sampleRate: rate)
        let wideExpected = fixture.doubles("wide_expected")
        let wideValues = LinearResampler.interpolate(timestamps: timestamps, values: values, at: wide)
        #expect(ApproximateComparison.maxRelativeError(wideValues, wideExpected) < 1e-6)
        #expect(wideValues.first == values.first && wideValues.last == values.last)
    }

    @Test func interpolationEdgeCases() {
        let t: [Double] = [0, 1, 1, 2]
        let v: [Float] = [0, 10, 20, 40]
        // Repeated timestamp: at t = 1 the later sample; between 1 and 2 from the later sample.
        #expect(LinearResampler.interpolate(timestamps: t, values: v, at: [-1, 0.5, 1, 1.5, 2, 3]) == [0, 5, 20, 30, 40, 40])
        #expect(LinearResampler.interpolate(timestamps: [5], values: [7], at: [4, 5, 6]) == [7, 7, 7])
        #expect(LinearResampler.interpolate(timestamps: t, values: v, at: []).isEmpty)
        #expect(LinearResampler.resampleUniformly(timestamps: [], values: [], sampleRate: 800).values.isEmpty)
        let withNaN = LinearResampler.interpolate(timestamps: [0, 1, 2], values: [0, .nan, 2], at: [0, 0.5, 1.5, 2])
        #expect(withNaN[0] == 0 && withNaN[1].isNaN && withNaN[2].isNaN && withNaN[3] == 2)
    }

    @Test func kaiserFirwinMatchesScipy() throws {
        let fixture = try SpectralFixture.load("resample.json")["firwin"]
        let taps = KaiserLowpassDesign.taps(
            count: try #require(fixture.int("numtaps")), cutoff: try #require(fixture.double("cutoff")), beta: 5)
        let expected = fixture.doubles("taps")
        #expect(zip(taps, expected).map { abs($0 - $1) }.max()! < 1e-15)
        #expect(abs(KaiserLowpassDesign.besselI0(5) - 27.239871823604442) < 1e-12)
    }

    @Test func polyphaseMatchesScipyResamplePoly() throws {
        let fixture = try SpectralFixture.load("resample.json")
        for group in ["poly", "poly_short"] {
            let x = fixture[group].floats("x")
            for testCase in fixture[group].array("cases") {
                let up = try #require(testCase.int("up"))
                let down = try #require(testCase.int("down"))
                let expected = testCase.doubles("y")
                let resampler = PolyphaseResampler(up: up, down: down)
                let y = resampler.apply(x)
                #expect(y.count == expected.count, "\(group) \(up)/\(down)")
                let error = ApproximateComparison.maxRelativeError(y, expected)
                #expect(error < 1e-6, "\(group) \(up)/\(down): relative error \(error)")
            }
        }
    }

    @Test func polyphaseEmptyAndReduction() {
        let resampler = PolyphaseResampler(up: 4, down: 2)
        #expect(resampler.up == 2 && resampler.down == 1 && resampler.halfLength == 20)
        #expect(resampler.apply([]).isEmpty)
        #expect(PolyphaseResampler(up: 1, down: 4).outputCount(inputCount: 801) == 201)
        #expect(PolyphaseResampler(up: 3, down: 3).apply([1, 2, 3]) == [1, 2, 3])
    }

    @Test func polyphaseNaNStaysWithinTheFilterSpan() {
        var x = [Float](repeating: 1, count: 400)
        x[200] = .nan
        let resampler = PolyphaseResampler(up: 1, down: 4)  // 81 taps at 800 Hz: ±40 input samples
        let y = resampler.apply(x)
        #expect(y.count == 100)
        #expect(y[50].isNaN)
        #expect(y[0..<39].allSatisfy { !$0.isNaN } && y[61...].allSatisfy { !$0.isNaN })
    }
}
