import MotionDSP
import Testing
import _TestSupport

@Suite struct SavitzkyGolayFilterTests {
    @Test func coefficientsAndFilteringMatchScipy() throws {
        let fixture = try SpectralFixture.load("savgol.json")
        let x = fixture.floats("x")
        let cases = fixture.array("cases")
        try #require(cases.count == 8)
        for testCase in cases {
            let window = testCase.int("window_length")!
            let order = testCase.int("polyorder")!
            let derivative = testCase.int("deriv")!
            let delta = testCase.double("delta")!
            let label = "window \(window) order \(order) deriv \(derivative) delta \(delta)"
            let filter = try SavitzkyGolayFilter(
                windowLength: window, polynomialOrder: order, derivative: derivative, sampleSpacing: delta)
            let expectedCoefficients = testCase.doubles("coefficients")
            let scale = Swift.max(1e-300, expectedCoefficients.map(abs).max() ?? 0)
            let coefficientError = zip(filter.coefficients, expectedCoefficients).map { abs($0 - $1) }.max() ?? 0
            #expect(coefficientError / scale < 1e-12 || scale == 1e-300, "\(label): coefficients \(coefficientError)")
            for (mode, key) in [(SavitzkyGolayFilter.EdgeMode.interpolate, "interp"), (.nearest, "nearest")] {
                let expected = testCase.doubles(key)
                let y = filter.apply(x, mode: mode)
                let error = ApproximateComparison.maxRelativeError(y, expected)
                // Float output of Double arithmetic; all-zero references (deriv > order) compare exactly.
                #expect(error < 2e-6 || (expected.allSatisfy { $0 == 0 } && y.allSatisfy { $0 == 0 }),
                        "\(label) \(key): relative error \(error)")
            }
        }
    }

    @Test func evenWindowCoefficientsMatchScipy() throws {
        // scipy.signal.savgol_coeffs(6, 2) and savgol_coeffs(4, 2, deriv=1)
        let c6 = try SavitzkyGolayFilter.coefficients(windowLength: 6, polynomialOrder: 2)
        let expected6 = [-0.09374999999999994, 0.2187499999999999, 0.37499999999999967, 0.37499999999999967,
                         0.2187499999999997, -0.09374999999999993]
        #expect(zip(c6, expected6).allSatisfy { abs($0 - $1) < 1e-14 })
        let c4 = try SavitzkyGolayFilter.coefficients(windowLength: 4, polynomialOrder: 2, derivative: 1)
        let expected4 = [0.3, 0.1, -0.1, -0.3]
        #expect(zip(c4, expected4).allSatisfy { abs($0 - $1) < 1e-14 })
    }

    @Test func derivativeOfARampIsItsSlopePerSecond() throws {
        // 2 g/s ramp at 800 Hz; the first derivative with delta = 1/800 s is 2 everywhere, edges included.
        let x = (0..<100).map { Float(0.5 + 2 * Double($0) / 800) }
        let filter = try SavitzkyGolayFilter(windowLength: 9, polynomialOrder: 2, derivative: 1, sampleSpacing: 1.0 / 800)
        for mode in [SavitzkyGolayFilter.EdgeMode.interpolate, .nearest] {
            let y = filter.apply(x, mode: mode)
            let interior = y[4..<96]
            #expect(interior.allSatisfy { abs($0 - 2) < 1e-3 })
            if mode == .interpolate { #expect(y.allSatisfy { abs($0 - 2) < 1e-3 }) }
        }
    }

    @Test func emptyShortAndNaNInputs() throws {
        let filter = try SavitzkyGolayFilter(windowLength: 5, polynomialOrder: 2)
        #expect(filter.apply([], mode: .interpolate).isEmpty)
        #expect(filter.apply([3], mode: .nearest) == [3])
        var x = [Float](repeating: 1, count: 20)
        x[10] = .nan
        let y = filter.apply(x)
        #expect(y[8...12].allSatisfy { $0.isNaN })
        #expect(y[0...7].allSatisfy { abs($0 - 1) < 1e-6 } && y[13...].allSatisfy { abs($0 - 1) < 1e-6 })
    }
}
