import Foundation
import Testing
import WorkoutSimulation

@Suite struct PressureSimulatorTests {
    @Test func truthAndPhysicsOfTheProfile() {
        let configuration = PressureSimulationConfiguration(
            seed: 2, legs: [.level(20), .stairs(3), .level(20), .dive(depth: 2, bottomTime: 10), .level(20)],
            weatherDrift: 0, noise: 0, quantum: 0, spikesPerHour: 0)
        let simulated = PressureSimulator.simulate(configuration)
        let truth = simulated.truth
        #expect(truth.floorsAscended == 3 && truth.floorsDescended == 0)
        #expect(abs(truth.elevationGain - 9.6) < 1e-9 && truth.elevationLoss == 0)
        #expect(truth.maxDepth == 2 && truth.dives.count == 1)
        let p = simulated.pressure
        let first = Double(p.pressureKilopascals[0])
        // 9.6 m up at 15 °C: exp(−9.6 / 8434.5) of the surface pressure, ≈ 0.114 kPa at 100 kPa.
        let top = Double(p.pressureKilopascals[p.timestamps.firstIndex { $0 > 1000 + 20 + 38.4 + 5 }!])
        #expect(abs(top / first - exp(-9.6 / 8434.5)) < 1e-6)
        // 2 m of fresh water: + 2 × 9.777 kPa on the surface pressure there.
        let bottom = Double(p.pressureKilopascals.max()!)
        #expect(abs(bottom - top - 2 * 997 * 9.80665 / 1000) < 0.001)
        // 1 Hz in air, 3 Hz under water, ±5 % jitter.
        let spacing = zip(p.timestamps.dropFirst(), p.timestamps).map { $0 - $1 }
        #expect(spacing.allSatisfy { ($0 > 0.95 && $0 < 1.05) || ($0 > 0.95 / 3 && $0 < 1.05 / 3) })
    }

    @Test func sameSeedSameStream() {
        let configuration = PressureSimulationConfiguration(seed: 5, legs: [.level(100), .hill(rise: -5, rate: 0.1)])
        #expect(PressureSimulator.simulate(configuration).pressure == PressureSimulator.simulate(configuration).pressure)
    }
}
