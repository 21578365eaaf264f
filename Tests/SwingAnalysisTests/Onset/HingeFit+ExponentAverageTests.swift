import Foundation
import Testing
import _TestSupport

@testable import SwingAnalysis

/// ``HingeFit/exponentAveragedHinge(tauLow:tauHigh:)``: each exponent's own lattice minimum, averaged over the
/// exponents within ``HingeFit/exponentAverageReach`` lanes of the best with the weights
/// exp(−(S_m − S_min)·(n − k) / (2κ·S_min)).
@Suite struct HingeFitExponentAverageTests {
    typealias Window = HingeFitTests.Window

    /// Each exponent's smallest residual over every lattice point tauLow + n·0.01 ms in [tauLow, tauHigh] (ties:
    /// the earlier τ) — the exhaustive counterpart of the search's step 4.
    static func exhaustiveExponentMinima(
        _ fit: borrowing HingeFit, tauLow: Double, tauHigh: Double
    ) -> [(tau: Double, error: Double)] {
        var minima = [(tau: Double, error: Double)](repeating: (tauHigh, .infinity), count: HingeFit.exponentCount)
        var n = 0
        while tauLow + Double(n) * HingeFit.fineTauStep <= tauHigh {
            let tau = tauLow + Double(n) * HingeFit.fineTauStep
            let errors = fit.errors(tau: tau)
            for e in 0..<HingeFit.exponentCount where errors[e] < minima[e].error { minima[e] = (tau, errors[e]) }
            n += 1
        }
        return minima
    }

    /// The documented average, written out from the exhaustive minima.
    static func referenceAverage(
        _ minima: [(tau: Double, error: Double)], sampleCount: Int, slope: Bool
    ) -> Double {
        let best = minima.indices.min { minima[$0].error < minima[$1].error }!
        let freedom = Double(sampleCount - (slope ? 5 : 4))
        var (weightSum, weighted) = (0.0, 0.0)
        for (e, minimum) in minima.enumerated()
        where minimum.error.isFinite && abs(e - best) <= HingeFit.exponentAverageReach {
            let weight = exp(-(minimum.error - minima[best].error) * freedom
                / (2 * HingeFit.exponentAverageInflation * minima[best].error))
            weightSum += weight
            weighted += weight * (minimum.tau - minima[best].tau)
        }
        return minima[best].tau + weighted / weightSum
    }

    /// On noisy windows (every exponent and powers between them, noise 0.01–0.5, sloped and flat baselines) the
    /// search's per-exponent minima are the exhaustive ones (same lattice point), and the average is the reference
    /// formula's to 1e-9 s.
    @Test(arguments: [true, false])
    func averagesTheExhaustiveExponentMinima(slope: Bool) {
        var generator = SplitMix64(seed: slope ? 81 : 82)
        for trial in 0..<4 {
            let tau = 35_000.08 + 0.04 * Double(generator.next() % 1000) / 1000
            let window = HingeFitTests.window(
                tau: tau, power: [1.25, 2, 2.75, 1.5][trial], noise: [0.01, 0.05, 0.2, 0.5][trial],
                slope: slope ? 0.3 : 0, generator: &generator)
            let tauLow = window.times[0]
            let tauHigh = window.times[window.crossing]
            HingeFitTests.withFit(window, slope: slope) { fit in
                let minima = Self.exhaustiveExponentMinima(fit, tauLow: tauLow, tauHigh: tauHigh)
                let best = fit.search(tauLow: tauLow, tauHigh: tauHigh, refiningEveryExponent: true)!
                for e in 0..<HingeFit.exponentCount where minima[e].error.isFinite {
                    let found = tauLow + Double(best.exponentIndices[e]) * HingeFit.fineTauStep
                    #expect(abs(found - minima[e].tau) < 1e-9, "trial \(trial) m = \(1 + Double(e) / 2)")
                    #expect(best.exponentErrors[e] == minima[e].error, "trial \(trial) m = \(1 + Double(e) / 2)")
                }
                let averaged = fit.exponentAveragedHinge(tauLow: tauLow, tauHigh: tauHigh)
                let reference = Self.referenceAverage(minima, sampleCount: window.times.count, slope: slope)
                #expect(abs(averaged - reference) < 1e-9, "trial \(trial): \(averaged) vs \(reference)")
                let taus = minima.filter { $0.error.isFinite }.map(\.tau)
                #expect(averaged >= taus.min()! - 1e-9 && averaged <= taus.max()! + 1e-9)
            }
        }
    }

    /// A noiseless hinge of each fitted exponent: the other exponents weigh nothing (σ → 0) and the average is the
    /// true τ to one lattice step, like the single best fit.
    @Test(arguments: 0..<5)
    func noiselessHingeGivesItsTime(exponent: Int) {
        var generator = SplitMix64(seed: 200 + UInt64(exponent))
        let tau = 35_000.08 + 0.04 * Double(generator.next() % 1000) / 1000
        let window = HingeFitTests.window(tau: tau, exponent: exponent, noise: 0, slope: 0.2, generator: &generator)
        let averaged = HingeFitTests.withFit(window, slope: true) { fit in
            fit.exponentAveragedHinge(tauLow: window.times[0], tauHigh: window.times[window.crossing])
        }
        #expect(abs(averaged - tau) <= HingeFit.fineTauStep, "τ \(averaged) vs \(tau)")
    }
}
