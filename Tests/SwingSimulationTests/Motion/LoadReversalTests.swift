import Foundation
import Testing

@testable import SwingSimulation

/// Swings that start straight out of a load (``LoadReversal``) and the sessions around them.
@Suite struct LoadReversalTests {
    /// The rate about the swing axis crosses zero at the onset, from the half-sine load's slope π·rate/duration,
    /// and the carried-on reversal keeps the slope continuous for carry 1.
    @Test(arguments: [0.0, 0.4, 1.0])
    func reversingProfileCrossesZeroAtTheOnset(carry: Double) {
        let (rate, duration) = (2.0, 0.25)
        let profile = SwingProfile(
            shape: .powerLaw(p: 2), peakRate: 12, peakTime: 0.18, decayExponent: 3, contactTime: 0.19,
            slowdown: 0, slowdownWidth: 0.02, loadRate: rate, loadDuration: duration, loadPause: 0.1,
            reversesFromLoad: true, loadCarry: carry, rollPeak: 0, rollCenter: 0.25, rollWidth: 0.1, radius: 0.3,
            radiusGrowth: 0)
        let slope = Double.pi * rate / duration
        #expect(profile.loadStart == -duration)
        #expect(profile.axisRate(0) == 0)
        #expect(profile.axisRate(-duration / 2) == -rate)
        let h = 1e-6
        #expect(Swift.abs(profile.axisRate(-h) / -h - slope) < 1e-3 * slope)
        // Right after the onset: the carried-on slope (the swing's own rise, ∝ τ², adds nothing at this order).
        #expect(Swift.abs(profile.axisRate(h) / h - carry * slope) < 1e-3 * slope)
        #expect(profile.axisRate(0.001) > 0)
    }

    /// A configuration with a share of 0 draws the same session as one without reversals; a share of 1 moves
    /// no impact-to-onset spacing outside the preset's time to contact.
    @Test func shareZeroChangesNothing() {
        let plain = SimulationConfiguration.baseball(seed: 5, mix: .proportional(swings: 10))
        var none = plain
        none.kinematics.loadReversal = LoadReversal(share: 0, loadRate: 1...2, loadDuration: 0.2...0.3)
        #expect(SwingSimulator.simulate(none).truth.swings == SwingSimulator.simulate(plain).truth.swings)
        let all = SwingSimulator.simulate(plain.withLoadReversals(share: 1)).truth
        for swing in all.swings {
            if let ttc = swing.timeToContact { #expect(plain.kinematics.timeToContact.contains(ttc)) }
            #expect(swing.planeTilt <= 50 * Double.pi / 180 + 1e-12)
        }
    }

    /// Half the swings reverse: the truth's onset is where the simulated rotation along gravity turns into the
    /// swing direction, so just before it the rate is against the swing on those swings.
    @Test func halfTheSwingsReverseOutOfTheirLoad() {
        let configuration = SimulationConfiguration.tennis(seed: 3, mix: .proportional(swings: 40))
            .withLoadReversals(share: 0.5)
        let session = SwingSimulator.simulate(configuration)
        let motion = session.recording.deviceMotion!
        var reversing = 0
        for swing in session.truth.swings {
            // Rotation along gravity 15 ms before and 15 ms after the onset, signed by the swing's peak direction.
            func along(_ t: Double) -> Double {
                let i = motion.timestamps.firstIndex { $0 >= t }!
                let g = (Double(motion.gravityX[i]), Double(motion.gravityY[i]), Double(motion.gravityZ[i]))
                let w = (Double(motion.rotationRateX[i]), Double(motion.rotationRateY[i]), Double(motion.rotationRateZ[i]))
                return g.0 * w.0 + g.1 * w.1 + g.2 * w.2
            }
            let sign = along(swing.start + 0.08) > 0 ? 1.0 : -1.0
            if sign * along(swing.start - 0.015) < -0.05 && sign * along(swing.start + 0.015) > 0 { reversing += 1 }
        }
        #expect(reversing >= 12 && reversing <= 28)
    }
}
