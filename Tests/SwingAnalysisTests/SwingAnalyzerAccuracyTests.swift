import Foundation
import SwingAnalysis
import SwingSimulation
import Testing

/// Accuracy against SwingSimulation ground truth on seeded sessions (issue #4 §2–§4 goals): per sport two ~200 s
/// sessions of 40 swings with distractors (claps, taps, walking, arm raises); the second worn on the left wrist,
/// crown left, left-handed, with the accelerometer clipping at ±16 g.
@Suite struct SwingAnalyzerAccuracyTests {
    static func measure(sport: SimulationConfiguration.Sport, seeds: [UInt64], swings: Int) -> AccuracyMeasurement {
        var measurement = AccuracyMeasurement()
        for seed in seeds {
            let mix = EventMix.proportional(swings: swings)
            let configuration: SimulationConfiguration
            let analyzerConfiguration: SwingAnalyzerConfiguration
            switch sport {
            case .baseball: (configuration, analyzerConfiguration) = (.baseball(seed: seed, mix: mix), .baseball)
            case .softball: (configuration, analyzerConfiguration) = (.softball(seed: seed, mix: mix), .softball)
            case .golf: (configuration, analyzerConfiguration) = (.golf(seed: seed, mix: mix), .golf)
            case .tennis: (configuration, analyzerConfiguration) = (.tennis(seed: seed, mix: mix), .tennis)
            }
            var variant = configuration
            if seed % 2 == 0 {
                // Mounting and handedness variants, and an accelerometer that clips at ±16 g.
                variant.wrist = .left
                variant.crownSide = .left
                variant.handedness = .left
                variant.sensors.accelerometerRange = 16
            }
            let session = SwingSimulator.simulate(variant)
            let result = SwingAnalyzer.analyze(session.recording, configuration: analyzerConfiguration)
            measurement.add(result.swings, truth: session.truth, label: "\(sport) seed \(seed)")
        }
        return measurement
    }

    @Test(arguments: SimulationConfiguration.Sport.allCases)
    func meetsTheGoals(sport: SimulationConfiguration.Sport) {
        let m = Self.measure(sport: sport, seeds: [1, 2], swings: 40)
        print("\(sport)\n\(m.table)")
        for note in m.notes.prefix(20) { print("  \(note)") }
        #expect(AccuracyMeasurement.medianAbsolute(m.impactErrors) <= 0.00125)
        #expect(AccuracyMeasurement.p95Absolute(m.impactErrors) <= 0.0025)
        #expect(AccuracyMeasurement.medianAbsolute(m.onsetErrors) <= 0.005)
        #expect(AccuracyMeasurement.p95Absolute(m.onsetErrors) <= 0.02)
        #expect(AccuracyMeasurement.medianAbsolute(m.timeToContactErrors) <= 0.005)
        #expect(AccuracyMeasurement.p95Absolute(m.timeToContactErrors) <= 0.02)
        #expect(m.precision >= 0.99)
        #expect(m.recall >= 0.99)
        #expect(m.contactAccuracy >= 0.99)
    }
}
