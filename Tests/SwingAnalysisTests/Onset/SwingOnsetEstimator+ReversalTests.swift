import Foundation
import Testing

@testable import SwingAnalysis

/// The zero-crossing onset of a swing that starts straight out of a counter-rotation, on hand-made 200 Hz rates.
@Suite struct SwingOnsetEstimatorReversalTests {
    /// A ring of rates `rate(t)` (rad/s, in the swing direction) at 200 Hz from t = 5000 s for 0.6 s.
    static func ring(_ rate: (Double) -> Double) -> SampleRing<RotationSample> {
        var ring = SampleRing(
            minimumCapacity: 256, filler: RotationSample(time: 0, alongGravity: 0, rotationRate: .zero))
        for k in 0..<120 {
            let t = 5000 + Double(k) * 0.005
            ring.append(RotationSample(time: t, alongGravity: Float(rate(t)), rotationRate: .zero))
        }
        return ring
    }

    static func onset(_ ring: SampleRing<RotationSample>) -> Double? {
        // The walk-back point: the first sample of the final run at or above 1 rad/s.
        let crossing = (0..<ring.count).last { ring[$0].alongGravity < 1 }! + 1
        return SwingOnsetEstimator.reversalOnset(
            ring: ring, crossing: crossing, earliest: 0, latest: ring.count - 1
        ) { ring[$0].alongGravity }
    }

    /// A load reversing at 8 rad/s² into a swing that rises on with the same acceleration plus a cubic: the onset
    /// is the zero crossing, between samples, to within 10 µs (the least-squares line through two samples each side
    /// also sees the cubic's ≤ 0.4 mrad/s at the two after; 20 ms later the true swing is 1,000 times that).
    @Test(arguments: [5000.2013, 5000.2, 5000.2049])
    func linearReversalGivesItsZeroCrossing(top: Double) throws {
        let ring = Self.ring { t in
            let d = t - top
            return d <= 0 ? 8 * d : 8 * d + 400 * d * d * d
        }
        let onset = try #require(Self.onset(ring))
        #expect(Swift.abs(onset - top) < 1e-5)
    }

    /// A load that ends in a 60 ms pause at rest, then a rise out of rest: not a reversal (the hinge fit's case).
    @Test func loadEndingInAPauseIsNotAReversal() {
        let start = 5000.3
        let ring = Self.ring { t in
            if t < start - 0.06 { return -1.5 * Swift.max(0, Swift.min(1, (start - 0.06 - t) / 0.05)) }
            let d = Swift.max(0, t - start)
            return 2000 * d * d * d
        }
        #expect(Self.onset(ring) == nil)
    }

    /// The rate creeping forward at 0.1 rad/s after the load (a slow drift at the top) before the swing rises: the
    /// load's own zero crossing is not the onset.
    @Test func slowDriftAtTheTopIsNotAReversal() {
        let start = 5000.3
        let ring = Self.ring { t in
            let top = start - 0.1
            if t < top { return 6 * (t - top) }
            let d = Swift.max(0, t - start)
            return Swift.min(0.1, 6 * (t - top)) + 2000 * d * d * d
        }
        #expect(Self.onset(ring) == nil)
    }

    /// A rate that sits 0.08 rad/s against the swing (an offset, not a turning load) and rises out of it: not a
    /// reversal, although the rate crosses zero.
    @Test func offsetRestIsNotAReversal() {
        let start = 5000.3
        let ring = Self.ring { t in
            let d = Swift.max(0, t - start)
            return -0.08 + 2000 * d * d * d
        }
        #expect(Self.onset(ring) == nil)
    }

    /// A deep top (15 rad/s² through zero) whose downswing takes over gradually: 20 ms after the crossing the rate
    /// is 0.068 rad/s into the swing, less than carryRatio of its 0.3 rad/s depth but above carryLevel, and it keeps
    /// accelerating: a reversal, starting at the zero crossing — to within 4 ms here, because the least-squares line
    /// through two samples on each side straddles the fivefold drop of slope at the top (measured 3.6 ms late).
    @Test func deepTopWithAWeakCarryIsAReversal() throws {
        let top = 5000.3012
        let ring = Self.ring { t in
            let d = t - top
            return d <= 0 ? 15 * d : 3 * d + 1000 * d * d * d
        }
        let onset = try #require(Self.onset(ring))
        #expect(Swift.abs(onset - top) < 0.004)
    }

    /// A reversal whose rate stops at 0.16 rad/s 20 ms after the crossing and stays there for 25 ms before the
    /// swing rises: a pause after the crossing, not a downswing that starts there.
    @Test func pauseAfterTheCrossingIsNotAReversal() {
        let top = 5000.3012
        let ring = Self.ring { t in
            let d = t - top
            if d <= 0 { return 8 * d }
            if d <= 0.045 { return 8 * Swift.min(d, 0.02) }
            return 0.16 + 3000 * (d - 0.045) * (d - 0.045)
        }
        #expect(Self.onset(ring) == nil)
    }

    /// A backswing coming to rest tangentially (quadratically), 0.02 rad/s of drift moving its zero crossing 16 ms
    /// before the top, and a downswing accelerating from the top: the zero crossing is not the onset (the hinge
    /// fit's case).
    @Test func tangentialApproachIsNotAReversal() {
        let top = 5000.3
        let ring = Self.ring { t in
            let d = t - top
            if d <= 0 { return 0.02 - 80 * d * d }
            return 0.02 + 30 * d + 2000 * d * d * d
        }
        #expect(Self.onset(ring) == nil)
    }
}
