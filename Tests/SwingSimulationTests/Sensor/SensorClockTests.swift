import Foundation
import Testing

@testable import SwingSimulation

@Suite struct SensorClockTests {
    @Test func ratesStayWithinTheConfiguredDrift() {
        var random = SimulationRandom(seed: 1)
        let rate = 798.7
        let drift = 5e-4
        let times = SensorClock.timestamps(
            start: 5000, duration: 120, rate: rate, drift: SensorClock.Drift(amplitude: drift, random: &random),
            jitter: 20e-6, random: &random)
        #expect(times.count > Int(119 * rate) && times.count < Int(121 * rate))
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // Over 4 s windows the measured rate lies within the drift (plus a jitter allowance of 2 × 60 µs / 4 s).
        var deviations: [Double] = []
        var start = 0
        while start + 3200 < times.count {
            let measured = 3200 / (times[start + 3200] - times[start])
            deviations.append(measured / rate - 1)
            #expect(abs(measured / rate - 1) < drift + 4e-5)
            start += 3200
        }
        // And it really drifts.
        #expect(deviations.max()! - deviations.min()! > drift / 2)
    }

    @Test func jitterIsSmallAndBounded() {
        var random = SimulationRandom(seed: 2)
        let times = SensorClock.timestamps(
            start: 0, duration: 20, rate: 800, drift: SensorClock.Drift(amplitude: 0, random: &random),
            jitter: 20e-6, random: &random)
        let spacings: [Double] = zip(times, times.dropFirst()).map { $1 - $0 }
        let nominal = 1.0 / 800
        #expect(spacings.allSatisfy { abs($0 - nominal) <= 6 * 20e-6 + 1e-12 })
        #expect(spacings.contains { abs($0 - nominal) > 10e-6 })
    }

    /// The real watch's accelerometer cycle: mean 801.9 Hz, yet the median spacing reads 798.7 Hz.
    @Test func spacingPatternReproducesTheRealWatch() {
        var random = SimulationRandom(seed: 4)
        let times = SensorClock.timestamps(
            start: 56257.44, duration: 20, rate: 801.9, drift: SensorClock.Drift(amplitude: 0, random: &random),
            jitter: 0, pattern: [1252, 1252, 1252, 1232], random: &random)
        let spacings: [Double] = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        let median = spacings[spacings.count / 2]
        #expect(abs(median - 1.2520e-3) < 0.5e-6)
        #expect(abs(spacings[0] - 1.2320e-3) < 0.5e-6)
        let mean = (times.last! - times.first!) / Double(times.count - 1)
        #expect(abs(1 / mean - 801.9) < 0.01)
    }

    @Test func batchesCoverEveryIndexOnce() {
        var random = SimulationRandom(seed: 3)
        let times = (0..<16000).map { Double($0) / 800 }
        let ends = SensorClock.batchEnds(
            times: times, usual: 0.97...1.03, shortProbability: 0.2, short: 0.49...0.95, random: &random)
        #expect(ends.last == times.count)
        let sizes = zip([0] + ends.dropLast(), ends).map { $1 - $0 }
        #expect(sizes.allSatisfy { $0 > 0 })
        #expect(sizes.dropLast().allSatisfy { (392...836).contains($0) })
        #expect(Set(sizes).count > 3)
    }
}
