import Foundation
import Testing

@testable import SwingAnalysis

/// The prewhitened hinge fit (AR(1) noise model by Yule–Walker, the fit redone on rows filtered with 1 − φ z⁻¹)
/// against numpy least squares written out directly: `python3 Scripts/hinge_prewhitening_reference.py` prints the
/// literals below for the same deterministic window.
@Suite struct HingeFitPrewhiteningTests {
    /// The reference script's window: 48 samples at 200 Hz with jitter, a sloped baseline, a 9 Hz tremor, a faster
    /// wobble and from τ = 35 000.1013 s a rise 4·d² + 1.5·d³ (d in 0.1 s).
    static let times: [Double] = (0..<48).map { (j: Int) -> Double in
        let index = Double(j)
        let jitter: Double = 0.0001 * sin(1.7 * index)
        return 35_000.0 + 0.005 * index + jitter
    }
    static let values: [Double] = times.enumerated().map { (j: Int, time: Double) -> Double in
        let u: Double = (time - 35_000.1013) * 10
        let d: Double = max(0, u)
        let rise: Double = 4 * pow(d, 2) + 1.5 * pow(d, 3)
        let tremor: Double = 0.015 * sin(2 * Double.pi * 9 * (time - 35_000.0) + 0.3)
        let wobble: Double = 0.01 * sin(12.9 * Double(j))
        return 0.3 + 0.2 * u + rise + tremor + wobble
    }
    /// The walk-back point: the first sample more than 30 ms after τ (the script prints 27).
    static let crossing = times.firstIndex { $0 > 35_000.1013 + 0.03 }!

    static func withFit<R>(noiseCoefficient: Double? = nil, _ body: (borrowing HingeFit) -> R) -> R {
        let reference = times[crossing]
        let samples = zip(times, values).map { SIMD2(($0 - reference) * 10, $1) }
        return samples.withUnsafeBufferPointer { buffer in
            let fit = HingeFit(
                samples: buffer, referenceTime: reference, includesBaselineSlope: true,
                noiseCoefficient: noiseCoefficient)
            return body(fit)
        }
    }

    @Test func yuleWalkerCoefficientOfTheOrdinaryResidual() throws {
        #expect(Self.crossing == 27)
        let phi = try #require(Self.withFit { $0.residualNoiseCoefficient(tau: 35_000.1, exponent: 2) })
        #expect(abs(phi - 0.9370443355359928) < 1e-9)
    }

    @Test func whitenedResidualsMatchDirectLeastSquares() {
        let expected = [Double.infinity, 0.0006022631720073147, 0.0008019504993159277, 0.0024821343297497657,
            0.011395677716378819]
        let errors = Self.withFit(noiseCoefficient: 0.9370443355359928) { $0.errors(tau: 35_000.1) }
        #expect(errors[0] == .infinity)
        for e in 1..<5 { #expect(abs(errors[e] - expected[e]) <= 1e-9 * expected[e], "exponent lane \(e)") }
    }

    /// The whole prewhitened onset: the ordinary best (τ 35 000.09043 s, m = 2.5), φ = 0.7995 from its residual,
    /// the whitened exponents' lattice minima averaged with κ = 30. Equal to the exhaustive replay within one
    /// lattice step (0.01 ms): the search's coarse-to-fine minima are the exhaustive ones unless two lattice points
    /// tie to rounding.
    @Test func prewhitenedOnsetMatchesTheExhaustiveReplay() {
        let onset: Double = Self.withFit {
            $0.prewhitenedHinge(tauLow: Self.times[0], tauHigh: Self.times[Self.crossing])
        }
        #expect(abs(onset - 35_000.08866333175) < 1e-5)
    }
}
