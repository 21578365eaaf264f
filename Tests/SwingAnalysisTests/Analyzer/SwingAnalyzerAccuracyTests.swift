import Foundation
import SwingAnalysis
import SwingScoring
import SwingSimulation
import Testing

/// Accuracy against SwingSimulation ground truth on seeded sessions (issue #4 §2–§4 goals), scored with
/// SwingScoring's `AccuracyReport`: per sport two ~200 s sessions of 40 swings with distractors (claps, taps,
/// walking, arm raises); the second worn on the left wrist, crown left, left-handed, with the accelerometer
/// clipping at ±16 g.
@Suite struct SwingAnalyzerAccuracyTests {
    static func simulation(_ sport: SimulationConfiguration.Sport, seed: UInt64, swings: Int)
        -> (SimulationConfiguration, SwingAnalyzerConfiguration)
    {
        let mix = EventMix.proportional(swings: swings)
        var (configuration, analyzer): (SimulationConfiguration, SwingAnalyzerConfiguration) =
            switch sport {
            case .baseball: (.baseball(seed: seed, mix: mix), .baseball)
            case .softball: (.softball(seed: seed, mix: mix), .softball)
            case .golf: (.golf(seed: seed, mix: mix), .golf)
            case .tennis: (.tennis(seed: seed, mix: mix), .tennis)
            }
        if seed % 2 == 0 {
            configuration.wrist = .left
            configuration.crownSide = .left
            configuration.handedness = .left
            configuration.sensors.accelerometerRange = 16
        }
        return (configuration, analyzer)
    }

    static func measure(sport: SimulationConfiguration.Sport, seeds: [UInt64], swings: Int)
        -> (AccuracyReport, AccuracyMeasurement)
    {
        var reports: [AccuracyReport] = []
        var measurement = AccuracyMeasurement()
        for seed in seeds {
            let (configuration, analyzerConfiguration) = simulation(sport, seed: seed, swings: swings)
            let session = SwingSimulator.simulate(configuration)
            let result = SwingAnalyzer.analyze(session.recording, configuration: analyzerConfiguration)
            reports.append(AccuracyReport.score(detected: result.swings, truth: session.truth))
            measurement.add(result.swings, truth: session.truth, label: "\(sport) seed \(seed)")
        }
        return (AccuracyReport(combining: reports), measurement)
    }

    @Test(arguments: SimulationConfiguration.Sport.allCases)
    func meetsTheGoals(sport: SimulationConfiguration.Sport) {
        let (report, measurement) = Self.measure(sport: sport, seeds: [1, 2], swings: 40)
        print("\(sport)\n\(report)")
        for note in measurement.notes.prefix(20) { print("  \(note)") }
        #expect(report.trueSwings >= 80)
        #expect(report.impact.medianAbsoluteMilliseconds <= 1.25)
        #expect(report.impact.p95AbsoluteMilliseconds <= 2.5)
        // Bat and racquet swings rise fast (r/ṙ of 5–15 ms at the walk-back point), so their fit is prewhitened:
        // measured 1.14–1.21 ms median, 5.21–7.13 ms p95 (the ordinary fit gave 1.84–2.38 and 7.13–8.60). Golf's
        // slow downswings keep the ordinary fit (2.25 / 9.38) and the goals.
        let fastRise = sport != .golf
        #expect(report.start.medianAbsoluteMilliseconds <= (fastRise ? 1.75 : 5))
        #expect(report.start.p95AbsoluteMilliseconds <= (fastRise ? 8 : 20))
        #expect(report.timeToContact.medianAbsoluteMilliseconds <= 5)
        #expect(report.timeToContact.p95AbsoluteMilliseconds <= 20)
        #expect(report.precision >= 0.99)
        #expect(report.recall >= 0.99)
        #expect(report.contactAccuracy >= 0.99)
    }
}
