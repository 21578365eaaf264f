import Testing
import WorkoutAnalysis
import WorkoutSimulation

/// Steps and cadence on simulated gait (heel strikes at known times; see WorkoutSimulation's GaitMotion): no
/// labelled real gait data is available here, so these numbers come from gait physics, not from real walks.
@Suite("Steps and cadence")
struct StepCountingTests {
    @Test(
        "step count and cadence of a 2-minute stretch",
        arguments: [
            (ActivityStretch.Kind.walking, 100.0), (.walking, 20), (.walkingWithoutArmSwing, 100), (.running, 100),
            (.running, 20),
        ])
    func gait(kind: ActivityStretch.Kind, rate: Double) {
        for seed: UInt64 in 1...3 {
            let session = stretch(kind, duration: 120, rate: rate, seed: seed)
            let summary = WorkoutAnalyzer.analyze(session.recording)
            let trueSteps = Double(session.truth.stepTimes.count)
            let error = abs(Double(summary.steps) - trueSteps) / trueSteps
            let trueCadence = trueSteps / 120
            #expect(error <= 0.08, "\(kind) \(rate) Hz seed \(seed): \(summary.steps) of \(Int(trueSteps)) steps")
            let cadence = summary.cadence ?? 0
            #expect(abs(cadence - trueCadence) / trueCadence <= 0.06, "\(kind) seed \(seed): \(cadence) vs \(trueCadence)")
            let expected: Activity = kind == .running ? .running : .walking
            #expect(summary.time[expected, default: 0] >= 0.9 * summary.duration)
        }
    }

    @Test("a walk whose |a| period is the arm swing (one per two steps) is counted at the step rate")
    func strideTakenForTheStep() {
        // Seed 3's 90 s walk at 100 Hz: |a| correlates best at the stride (about 1 Hz, below any step frequency)
        // and the step peak is not confirmed; the acceleration along gravity correlates at half that period, so
        // the steps are its double (without that check the walk was unknown and counted 0 steps).
        let session = stretch(.walking, duration: 90, rate: 100, seed: 3)
        let summary = WorkoutAnalyzer.analyze(session.recording)
        let trueSteps = Double(session.truth.stepTimes.count)
        #expect(abs(Double(summary.steps) - trueSteps) / trueSteps <= 0.03, "\(summary.steps) of \(trueSteps)")
        #expect(summary.time[.walking, default: 0] >= 0.9 * summary.duration)
    }

    @Test(
        "steps through changes of activity: the seconds next to each walk or run count",
        arguments: [(UInt64(1), 100.0), (2, 100), (3, 20)])
    func boundaries(seed: UInt64, rate: Double) {
        // Every walk and run here starts and ends next to another activity; the windows that straddle those
        // changes mix both (before, 2–4 s a boundary went uncounted: 5–10 % of the steps of 45–120 s stretches).
        let kinds: [ActivityStretch.Kind] = [
            .swimmingRotation, .walking, .resting, .running, .swimmingBreaststroke, .walkingWithoutArmSwing, .typing,
        ]
        let session = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: seed, stretches: kinds.map { ActivityStretch($0, duration: 60) }, accelerometerRate: rate,
                deviceMotionRate: nil))
        let summary = WorkoutAnalyzer.analyze(session.recording)
        let trueSteps = Double(session.truth.stepTimes.count)
        let error = abs(Double(summary.steps) - trueSteps) / trueSteps
        #expect(error <= 0.03, "seed \(seed) \(rate) Hz: \(summary.steps) of \(Int(trueSteps)) steps")
        let score = scored(summary, against: session.truth)
        for g in score.gait {
            #expect(g.stepError <= 0.05, "seed \(seed) \(g.variant): \(g.countedSteps) of \(g.trueSteps)")
        }
    }

    @Test("no steps from arm motion without steps", arguments: [ActivityStretch.Kind.resting, .typing, .cycling])
    func noSteps(kind: ActivityStretch.Kind) {
        for seed: UInt64 in 1...3 {
            let summary = WorkoutAnalyzer.analyze(stretch(kind, duration: 90, seed: seed).recording)
            #expect(summary.steps == 0, "\(kind) seed \(seed): \(summary.steps) steps")
        }
    }
}
