import Foundation
import Testing

@testable import SwingAnalysis

/// The hinge fit's window scaled by the rise's time scale r/ṙ at the walk-back point, on hand-made 200 Hz rates.
@Suite struct SwingOnsetEstimatorRiseWindowTests {
    /// A ring of rates `rate(t)` (rad/s, in the swing direction, also as the rotation rate's z) at 200 Hz from
    /// t = 5000 s for 0.8 s.
    static func ring(_ rate: (Double) -> Double) -> SampleRing<RotationSample> {
        var ring = SampleRing(
            minimumCapacity: 256, filler: RotationSample(time: 0, alongGravity: 0, rotationRate: .zero))
        for k in 0..<160 {
            let t = 5000 + Double(k) * 0.005
            let v = Float(rate(t))
            ring.append(RotationSample(time: t, alongGravity: v, rotationRate: SIMD4(0, 0, v, 0)))
        }
        return ring
    }

    /// The walk-back point: the first sample of the final run at or above 1 rad/s.
    static func crossing(_ ring: SampleRing<RotationSample>) -> Int {
        (0..<ring.count).last { ring[$0].alongGravity < 1 }! + 1
    }

    static func window(_ ring: SampleRing<RotationSample>) -> Double {
        SwingOnsetEstimator.fitWindow(
            ring: ring, crossing: crossing(ring), latest: ring.count - 1, fixedWindow: 0.1
        ) { ring[$0].alongGravity }
    }

    /// A linear rise at 10 rad/s² from t₀: the line through the five samples is the rise itself, r/ṙ is the time
    /// since t₀ at the walk-back point, and the window is twice that plus 30 ms.
    @Test func linearRiseReachesTwiceItsTimeScale() {
        let start = 5000.3012
        let ring = Self.ring { t in 10 * Swift.max(0, t - start) }
        let sinceStart = ring[Self.crossing(ring)].time - start
        #expect(Swift.abs(Self.window(ring) - (2 * sinceStart + 0.03)) < 1e-5)
    }

    /// A quadratic rise reaching 1 rad/s 140 ms after its onset (r/ṙ = 70 ms there, a slow golf downswing): the
    /// window reaches its onset, 170 ms (± the sample grid and the line's 1 % curvature bias).
    @Test func slowQuadraticRiseReachesItsOnset() {
        let start = 5000.2
        let ring = Self.ring { t in pow(Swift.max(0, t - start) / 0.14, 2) }
        let sinceStart = ring[Self.crossing(ring)].time - start
        #expect(Swift.abs(Self.window(ring) - (sinceStart + 0.03)) < 0.002)
        #expect(Self.window(ring) > sinceStart)
    }

    /// A bat swing: a cubic rise at 1 rad/s 25 ms after its onset (r/ṙ ≈ 8 ms) keeps the fixed 0.1 s window.
    @Test func fastRiseKeepsTheFixedWindow() {
        let start = 5000.3
        let ring = Self.ring { t in pow(Swift.max(0, t - start) / 0.025, 3) }
        #expect(Self.window(ring) == 0.1)
    }

    /// A rise at 2 rad/s² (r/ṙ = 0.5 s at 1 rad/s) is held to the longest window; a rate that falls through the
    /// walk-back point gives the fixed one.
    @Test func longAndFallingRisesAreBounded() {
        let slow = Self.ring { t in 2 * Swift.max(0, t - 5000.05) }
        #expect(Self.window(slow) == SwingOnsetEstimator.maximumFitWindow)
        let falling = Self.ring { t in t < 5000.4 ? 3 - 10 * (t - 5000.2) : 3 }
        let crossing = 40  // 5000.2 s: 3 rad/s, falling at 10 rad/s².
        #expect(
            SwingOnsetEstimator.fitWindow(ring: falling, crossing: crossing, latest: 159, fixedWindow: 0.1) {
                falling[$0].alongGravity
            } == 0.1)
    }

    /// The onset of a slow quadratic rise out of rest (1 rad/s 140 ms after it) with the golf preset: within 1 ms.
    /// The fixed 0.1 s window began 40 ms after the onset, so the fit could only put it there or later.
    @Test func slowRiseOnsetIsFoundBeforeTheFixedWindow() throws {
        let start = 5000.2013
        let ring = Self.ring { t in pow(Swift.max(0, t - start) / 0.14, 2) }
        let estimator = SwingOnsetEstimator(configuration: .golf)
        let onset = try #require(estimator.estimate(ring: ring, anchorIndex: ring.count - 1))
        #expect(Swift.abs(onset.time - start) < 0.001)
    }
}
