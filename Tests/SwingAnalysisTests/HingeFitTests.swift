import Foundation
import Testing
import _TestSupport

@testable import SwingAnalysis

@Suite struct HingeFitTests {
    /// One swing's fit window: jittered ~200 Hz timestamps on a large recording clock, a baseline (constant plus
    /// slope plus noise) and from `tau` on a rise a·d^m + c·d^(m+1) (d in 0.1 s units).
    struct Window {
        var times: [Double]
        var values: [Double]
        /// Index of the walk-back point (the reference time and the upper end of the τ search).
        var crossing: Int
    }

    static func window(
        tau: Double, exponent: Int, noise: Double, slope: Double, generator: inout SplitMix64
    ) -> Window {
        let m = 1 + Double(exponent) / 2
        var times: [Double] = []
        var t = 35_000.0
        while t < 35_000.26 {
            times.append(t)
            t += 0.005 + 0.0002 * (Double(generator.next() % 1000) / 1000 - 0.5)
        }
        let values = times.map { time -> Double in
            let u = (time - tau) * 10
            let d = max(0, u)
            return 0.3 + slope * u + 4 * pow(d, m) + 1.5 * pow(d, m + 1) + noise * generator.nextGaussian()
        }
        let crossing = times.firstIndex { $0 > tau + 0.03 }!
        return Window(times: times, values: values, crossing: crossing)
    }

    /// The direct evaluation the fit replaces: one pass over all samples per τ and exponent forming the normal
    /// equations in the order (1, d^m, d^(m+1)[, t − τ]), then Gaussian elimination with partial pivoting.
    static func directError(times: [Double], values: [Double], tau: Double, exponent: Int, slope: Bool) -> Double {
        let parameters = slope ? 4 : 3
        var a = [Double](repeating: 0, count: 16)
        var r = [Double](repeating: 0, count: 4)
        var spp = 0.0
        for (time, p) in zip(times, values) {
            let offset = (time - tau) * 10
            let d = max(0, offset)
            let h1 = pow(d, 1 + Double(exponent) / 2)
            let x = [1, h1, h1 * d, offset]
            for row in 0..<parameters {
                r[row] += x[row] * p
                for column in 0..<parameters { a[row * 4 + column] += x[row] * x[column] }
            }
            spp += p * p
        }
        var solution = r
        for column in 0..<parameters {
            var pivot = column
            for row in (column + 1)..<parameters where abs(a[row * 4 + column]) > abs(a[pivot * 4 + column]) {
                pivot = row
            }
            guard abs(a[pivot * 4 + column]) > 1e-12 else { return .infinity }
            if pivot != column {
                for k in 0..<parameters { a.swapAt(column * 4 + k, pivot * 4 + k) }
                solution.swapAt(column, pivot)
            }
            for row in (column + 1)..<parameters {
                let factor = a[row * 4 + column] / a[column * 4 + column]
                for k in column..<parameters { a[row * 4 + k] -= factor * a[column * 4 + k] }
                solution[row] -= factor * solution[column]
            }
        }
        for row in stride(from: parameters - 1, through: 0, by: -1) {
            var value = solution[row]
            for k in (row + 1)..<parameters { value -= a[row * 4 + k] * solution[k] }
            solution[row] = value / a[row * 4 + row]
        }
        guard solution[1] > 0 else { return .infinity }
        return spp - zip(solution, r).prefix(parameters).reduce(0) { $0 + $1.0 * $1.1 }
    }

    static func withFit<R>(_ window: Window, slope: Bool, _ body: (borrowing HingeFit) -> R) -> R {
        HingeFit.withFit(
            count: window.times.count, referenceTime: window.times[window.crossing], includesBaselineSlope: slope,
            sample: { (window.times[$0], window.values[$0]) }, body)
    }

    @Test(arguments: [true, false])
    func powerSumsAgreeWithDirectNormalEquations(slope: Bool) {
        var generator = SplitMix64(seed: slope ? 11 : 12)
        var finite = 0
        var largestRelativeDifference = 0.0
        for trial in 0..<40 {
            let tau = 35_000.08 + 0.04 * Double(generator.next() % 1000) / 1000
            let window = Self.window(
                tau: tau, exponent: trial % 5, noise: 0.05, slope: 0.2, generator: &generator)
            // Differences relative to Σp² (measured: ≤ 6e-15).
            let scale = window.values.reduce(0) { $0 + $1 * $1 }
            Self.withFit(window, slope: slope) { fit in
                for _ in 0..<10 {
                    // Random τ over the window, including before the first sample and after the crossing.
                    let candidate = window.times[0] - 0.01 + 0.2 * Double(generator.next() % 100_000) / 100_000
                    let fast = fit.errors(tau: candidate)
                    for e in 0..<HingeFit.exponentCount {
                        let direct = Self.directError(
                            times: window.times, values: window.values, tau: candidate, exponent: e, slope: slope)
                        #expect(fast[e].isFinite == direct.isFinite, "τ \(candidate) m index \(e): \(fast[e]) vs \(direct)")
                        if fast[e].isFinite, direct.isFinite {
                            finite += 1
                            let difference = abs(fast[e] - direct) / scale
                            largestRelativeDifference = max(largestRelativeDifference, difference)
                            #expect(difference < 1e-12, "τ \(candidate) m index \(e): \(fast[e]) vs \(direct)")
                        }
                    }
                    #expect(fast[5] == .infinity && fast[6] == .infinity && fast[7] == .infinity)
                }
            }
        }
        // Most fits are finite: the comparison is not vacuous.
        #expect(finite > 1000, "finite fits \(finite), largest relative difference \(largestRelativeDifference)")
    }

    @Test(arguments: 0..<5)
    func recoversNoiselessHingeTimeAndExponent(exponent: Int) {
        var generator = SplitMix64(seed: 100 + UInt64(exponent))
        for _ in 0..<4 {
            let tau = 35_000.08 + 0.04 * Double(generator.next() % 1000) / 1000
            let window = Self.window(tau: tau, exponent: exponent, noise: 0, slope: 0.2, generator: &generator)
            let best = Self.withFit(window, slope: true) { fit in
                fit.bestHinge(tauLow: window.times[0], tauHigh: window.times[window.crossing])
            }
            #expect(best.exponent == exponent)
            #expect(abs(best.tau - tau) <= HingeFit.fineTauStep, "τ \(best.tau) vs \(tau)")
        }
    }

    /// The grid search over the fast fit picks the same τ and exponent as the same search over direct fits.
    @Test func searchMatchesDirectSearch() {
        var generator = SplitMix64(seed: 21)
        for trial in 0..<3 {
            let tau = 35_000.08 + 0.04 * Double(generator.next() % 1000) / 1000
            let window = Self.window(tau: tau, exponent: (2 * trial) % 5, noise: 0.1, slope: 0.3, generator: &generator)
            let tauLow = window.times[0]
            let tauHigh = window.times[window.crossing]
            let fast = Self.withFit(window, slope: true) { $0.bestHinge(tauLow: tauLow, tauHigh: tauHigh) }
            var bestTau = tauHigh
            var bestError = Double.infinity
            var bestExponent = 0
            var candidate = tauLow
            while candidate <= tauHigh {
                for e in 0..<HingeFit.exponentCount {
                    let error = Self.directError(
                        times: window.times, values: window.values, tau: candidate, exponent: e, slope: true)
                    if error < bestError { (bestError, bestTau, bestExponent) = (error, candidate, e) }
                }
                candidate += HingeFit.coarseTauStep
            }
            let center = bestTau
            var offset = -HingeFit.coarseTauStep
            while offset <= HingeFit.coarseTauStep {
                let fine = center + offset
                if fine >= tauLow, fine <= tauHigh {
                    let error = Self.directError(
                        times: window.times, values: window.values, tau: fine, exponent: bestExponent, slope: true)
                    if error < bestError { (bestError, bestTau) = (error, fine) }
                }
                offset += HingeFit.fineTauStep
            }
            #expect(fast.exponent == bestExponent)
            #expect(abs(fast.tau - bestTau) < 1e-9, "fast \(fast.tau) direct \(bestTau)")
        }
    }

    @Test func fallOrNoSamplesAfterTauIsInfinite() {
        let times = (0..<20).map { 500 + 0.005 * Double($0) }
        // Flat, then falling linearly from sample 8 on: at that τ the m = 1 fit is exact with a < 0.
        HingeFit.withFit(
            count: times.count, referenceTime: times[10], includesBaselineSlope: true,
            sample: { (times[$0], 1 - 3 * max(0, (times[$0] - times[8]) * 10)) }
        ) { fit in
            #expect(fit.errors(tau: times[8])[0] == .infinity)
            // After the last sample the hinge columns are zero: singular.
            #expect(fit.errors(tau: 501).min() == .infinity)
        }
        HingeFit.withFit(
            count: times.count, referenceTime: times[10], includesBaselineSlope: true,
            sample: { (times[$0], 1 + 3 * max(0, (times[$0] - times[8]) * 10)) }
        ) { fit in
            // Rising instead: the m = 1 fit is exact.
            let error = fit.errors(tau: times[8])[0]
            #expect(abs(error) < 1e-9, "\(error)")
        }
    }
}
