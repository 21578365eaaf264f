import Testing
import WorkoutAnalysis
import WorkoutSimulation

@Suite("ActivityRules")
struct ActivityRulesTests {
    /// A window with a confirmed 2.5 Hz step period and the vigour of a run.
    static func runLike(verticalDeviation: Double) -> WindowFeatures {
        var f = WindowFeatures()
        f.span = 8
        f.deviation = 0.4
        f.vibration = 0.05
        f.stepPeriod = 0.4
        f.stepPeriodicity = 0.6
        f.periodicity = 0.6
        f.period = 0.8
        f.verticalDeviation = verticalDeviation
        return f
    }

    @Test("running needs a vertical bounce: the same period and vigour without it (clapping) is not a run")
    func runningNeedsVerticalBounce() {
        let rules = ActivityRules()
        let run = rules.classify(Self.runLike(verticalDeviation: 0.3))
        #expect(run.activity == .running)
        #expect(run.stepFrequency == 2.5)
        let clap = rules.classify(Self.runLike(verticalDeviation: 0.07))
        #expect(clap.activity != .running && clap.activity != .walking)
        #expect(clap.stepFrequency == 0)
    }

    @Test("simulated clapping bursts at 2–3 claps/s: no running, no steps", arguments: [UInt64(1), 2, 3])
    func clappingIsNoRun(seed: UInt64) {
        let session = stretch(.clapping, duration: 60, rate: 100, seed: seed)
        let summary = WorkoutAnalyzer.analyze(session.recording)
        #expect(summary.time[.running, default: 0] == 0)
        #expect(summary.steps == 0)
    }

    @Test("isolated rotation bursts with a still address are swing sport; the same bursts in continuous motion are not")
    func isolatedRotationBursts() {
        let rules = ActivityRules()
        var f = WindowFeatures()
        f.span = 8
        f.deviation = 0.8
        f.rotationBursts = 2
        f.rotationQuietFraction = 0.6
        f.rotationQuietDeviation = 0.05
        #expect(rules.classify(f).activity == .swingSport)
        f.rotationQuietDeviation = 0.4
        #expect(rules.classify(f).activity != .swingSport)
        f.rotationQuietDeviation = 0.05
        f.rotationQuietFraction = 0.2
        #expect(rules.classify(f).activity != .swingSport)
    }
}
