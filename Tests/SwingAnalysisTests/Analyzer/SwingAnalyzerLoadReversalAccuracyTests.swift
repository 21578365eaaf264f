import Foundation
import SwingAnalysis
import SwingScoring
import SwingSimulation
import Testing

/// Accuracy on sessions where half the swings start straight out of a load or backswing (the rotation reversing
/// into the swing without a pause, `SimulationConfiguration.withLoadReversals(share:)`, planes tilted up to 50°):
/// per sport two ~200 s sessions of 40 swings, the second on the right wrist with the crown on the left (the rotation
/// along gravity has the other sign).
@Suite struct SwingAnalyzerLoadReversalAccuracyTests {
    static func report(_ sport: SimulationConfiguration.Sport) -> AccuracyReport {
        var reports: [AccuracyReport] = []
        for seed: UInt64 in [1, 2] {
            var configuration = SimulationConfiguration.preset(
                sport, seed: seed, mix: .proportional(swings: 40)
            ).withLoadReversals(share: 0.5)
            if seed == 2 {
                configuration.wrist = .right
                configuration.crownSide = .left
            }
            let session = SwingSimulator.simulate(configuration)
            let analyzer = SwingAnalyzerConfiguration.preset(named: sport.rawValue)!
            let result = SwingAnalyzer.analyze(session.recording, configuration: analyzer)
            reports.append(AccuracyReport.score(detected: result.swings, truth: session.truth))
        }
        return AccuracyReport(combining: reports)
    }

    /// Baseball, softball and tennis: onset and time to contact median ≤ 3 ms, p95 ≤ 10 ms; every swing found. The
    /// onset p95 is held to 7 ms: the prewhitened fit of their fast rises measured 4.32–6.39 ms here and 6.42–6.88 on
    /// the sessions of Scripts/score_load_reversals.sh (the ordinary fit 4.97–7.79).
    @Test(arguments: [SimulationConfiguration.Sport.baseball, .softball, .tennis])
    func meetsTheLoadGoals(sport: SimulationConfiguration.Sport) {
        let report = Self.report(sport)
        print("\(sport), half the swings out of a load\n\(report)")
        #expect(report.trueSwings == 80)
        #expect(report.start.medianAbsoluteMilliseconds <= 3)
        #expect(report.start.p95AbsoluteMilliseconds <= 7)
        #expect(report.timeToContact.medianAbsoluteMilliseconds <= 3)
        #expect(report.timeToContact.p95AbsoluteMilliseconds <= 10)
        #expect(report.precision == 1)
        #expect(report.recall == 1)
        #expect(report.contactAccuracy == 1)
    }

    /// Golf (downswings out of backswings of 0.4–1 s on planes tilted 35–50°): the median goals and time to
    /// contact's p95; the onset p95 measured 9.72 ms on these sessions but 10.77 ms on the four of
    /// Scripts/score_load_reversals.sh (the rest-type half of the swings sets it: slow d^2–d^3 rises whose first
    /// 25–35 ms are inside tremor), so it is held to 11 ms.
    @Test func golfMeetsTheMedianGoals() {
        let report = Self.report(.golf)
        print("golf, half the swings out of a backswing\n\(report)")
        #expect(report.trueSwings == 80)
        #expect(report.start.medianAbsoluteMilliseconds <= 3)
        #expect(report.start.p95AbsoluteMilliseconds <= 11)
        #expect(report.timeToContact.medianAbsoluteMilliseconds <= 3)
        #expect(report.timeToContact.p95AbsoluteMilliseconds <= 10)
        #expect(report.precision == 1)
        #expect(report.recall == 1)
        #expect(report.contactAccuracy == 1)
    }
}
