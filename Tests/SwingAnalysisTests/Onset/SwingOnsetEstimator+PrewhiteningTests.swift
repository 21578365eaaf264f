import Foundation
import Testing

@testable import SwingAnalysis

/// Which rises are prewhitened: the weight by the rise's time scale r/ṙ at the walk-back point, and the blend of the
/// two fits' starts (on the window of ``HingeFitPrewhiteningTests``).
@Suite struct SwingOnsetEstimatorPrewhiteningTests {
    /// The blend's end points are the two fits bit for bit; in between it is linear in the weight.
    @Test func blendRunsTheFitsItsWeightNeeds() {
        let tauLow = HingeFitPrewhiteningTests.times[0], tauHigh = HingeFitPrewhiteningTests.times[HingeFitPrewhiteningTests.crossing]
        let ordinary: Double = HingeFitPrewhiteningTests.withFit { $0.exponentAveragedHinge(tauLow: tauLow, tauHigh: tauHigh) }
        let whitened: Double = HingeFitPrewhiteningTests.withFit { $0.prewhitenedHinge(tauLow: tauLow, tauHigh: tauHigh) }
        #expect(abs(whitened - ordinary) > 1e-3)
        let cases: [(weight: Double, expected: Double)] = [
            (-0.5, ordinary), (0, ordinary), (1, whitened), (1.5, whitened),
        ]
        for (weight, expected) in cases {
            let blended: Double = HingeFitPrewhiteningTests.withFit { $0.blendedHinge(tauLow: tauLow, tauHigh: tauHigh, prewhiteningWeight: weight) }
            #expect(blended == expected, "weight \(weight)")
        }
        let quarter: Double = HingeFitPrewhiteningTests.withFit { $0.blendedHinge(tauLow: tauLow, tauHigh: tauHigh, prewhiteningWeight: 0.25) }
        let linear: Double = ordinary + 0.25 * (whitened - ordinary)
        #expect(abs(quarter - linear) < 1e-9)
    }

    /// Fully whitened up to r/ṙ = 20 ms, ordinary from 30 ms, linear between; the |ω| fallback (nil) is ordinary.
    @Test func weightFollowsTheRiseTimeScale() {
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: nil) == 0)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: 0.008) == 1)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: 0.02) == 1)
        #expect(abs(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: 0.0275) - 0.25) < 1e-12)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: 0.03) == 0)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: 0.05) == 0)
    }

    /// On hand-made 200 Hz rates: a bat swing's cubic rise at 1 rad/s 25 ms after its onset (r/ṙ ≈ 8 ms) is fully
    /// prewhitened, a slow golf downswing's quadratic rise at 1 rad/s 140 ms after its onset (r/ṙ ≈ 70 ms) not at all.
    @Test func fastRisesArePrewhitenedSlowOnesNot() throws {
        typealias Rise = SwingOnsetEstimatorRiseWindowTests
        let bat = Rise.ring { t in pow(Swift.max(0, t - 5000.3) / 0.025, 3) }
        let golf = Rise.ring { t in pow(Swift.max(0, t - 5000.2) / 0.14, 2) }
        func timeScale(_ ring: SampleRing<RotationSample>) throws -> Double {
            try #require(
                SwingOnsetEstimator.riseTimeScale(
                    ring: ring, crossing: Rise.crossing(ring), latest: ring.count - 1) { ring[$0].alongGravity })
        }
        let batScale = try timeScale(bat), golfScale = try timeScale(golf)
        #expect(batScale > 0.005 && batScale < 0.012)
        #expect(golfScale > 0.06 && golfScale < 0.08)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: batScale) == 1)
        #expect(SwingOnsetEstimator.prewhiteningWeight(riseTimeScale: golfScale) == 0)
    }
}
