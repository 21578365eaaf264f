import MotionRecording
import SwingSimulation
import Testing

@testable import SwingAnalysis

/// ``HeadMotionMeter`` against the simulator's head-motion truth (25 Hz headphones, noise, dropped samples), at the
/// true swing times so that only the head measure is judged.
@Suite struct HeadMotionMeterTests {
    /// A session of `sport` with a headphone stream of `model` (the sport's preset when `nil`), 12 swings.
    static func session(
        _ sport: Sport, seed: UInt64, model: HeadphoneModel? = nil
    ) -> SimulatedSession {
        var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 12))
        configuration.headphones = model ?? .preset(for: sport)
        return SimulatedSession(configuration: configuration)
    }

    /// The true swings as `Swing` values (start, impact), measured.
    static func measured(_ session: SimulatedSession, configuration: HeadMotionConfiguration = .init())
        -> (swings: [Swing], findings: [HygieneFinding])
    {
        var swings = session.truth.swings.map {
            Swing(start: $0.start, impact: $0.impact, timeToContact: $0.timeToContact, contact: $0.contact,
                peakRotationRate: $0.peakRotationRate)
        }
        let findings = HeadMotionMeter.measure(
            &swings, headphones: session.recording.headphoneMotion!, configuration: configuration)
        return (swings, findings)
    }

    @Test(arguments: Sport.allCases)
    func rotationWithinOneDegreeOfTheTruth(sport: Sport) throws {
        for seed: UInt64 in 1...3 {
            let session = Self.session(sport, seed: seed)
            let (swings, findings) = Self.measured(session)
            for (swing, truth) in zip(swings, session.truth.swings) where truth.impact != nil {
                guard let rotation = swing.headRotation else { continue }
                let expected = try #require(truth.headRotation)
                print(sport, seed, rotation - expected, swing.headRotationBeforeImpact! - truth.headRotationBeforeImpact!, swing.headPeakRate! - truth.headPeakRate!, truth.headPeakRate!)
                #expect(abs(rotation - expected) <= 1, "\(sport) seed \(seed) swing at \(truth.start)")
            }
            print(findings)
        }
    }
}
