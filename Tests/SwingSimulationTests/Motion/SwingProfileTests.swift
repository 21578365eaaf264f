import Foundation
import Testing

@testable import SwingSimulation

@Suite struct SwingProfileTests {
    static let profile = SwingProfile(
        shape: .powerLaw(p: 2.2), peakRate: 15, peakTime: 0.16, decayExponent: 3.5, contactTime: 0.17,
        slowdown: 0.1, slowdownWidth: 0.02, loadRate: 1.2, loadDuration: 0.3, loadPause: 0.08, rollPeak: 5,
        rollCenter: 0.2, rollWidth: 0.1, radius: 0.3, radiusGrowth: 0.1)

    @Test func rateIsZeroBeforeOnsetApartFromTheLoad() {
        let p = Self.profile
        #expect(p.swingRate(-0.01) == 0 && p.swingRate(0) == 0)
        #expect(p.axisRate(-0.05) == 0)  // in the pause between load and onset
        #expect(p.axisRate(-0.23) < -1.1)  // mid-load, reverse direction
        #expect(abs(p.axisRate(0.16) - 15) < 1e-9)
        #expect(p.axisRate(0.02) > 0 && p.axisRate(0.02) < 0.1 * 15)
    }

    @Test func contactSlowsTheSwingAndTheFollowThroughEnds() {
        let p = Self.profile
        let unslowed = 15 * pow((0.2 / 0.16) * exp(1 - 0.2 / 0.16), 3.5)
        #expect(abs(p.axisRate(0.2) - 0.9 * unslowed) < 1e-9)
        #expect(p.axisRate(p.endTime) < 0.011 * 15)
        #expect(p.endTime > 0.3 && p.endTime < 1.5)
    }

    @Test func angleIsTheIntegralOfTheRate() {
        let p = Self.profile
        var integral = 0.0
        var tau = p.loadStart
        let step = 1e-5
        while tau < 0.25 {
            integral += p.axisRate(tau + step / 2) * step
            tau += step
        }
        #expect(abs(p.angle(0.25) - integral) < 1e-3)
        #expect(abs(p.axisAcceleration(0.1) - (p.axisRate(0.1001) - p.axisRate(0.0999)) / 0.0002) < 1)
    }

    @Test func wristRadiusGrowsSmoothlyDuringTheDownswing() {
        let p = Self.profile
        #expect(p.wristRadius(0) == 0.3)
        #expect(abs(p.wristRadius(0.17) - 0.4) < 1e-12)
        #expect(p.wristRadius(0.1) > 0.3 && p.wristRadius(0.1) < 0.4)
    }
}
