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
        arguments: [(UInt64(1), 100.0), (2, 100), (3, 100), (3, 20)])
    func boundaries(seed: UInt64, rate: Double) {
        // A mixed workout (every activity once, 45–120 s each): every walk and run starts and ends next to another
        // activity, and the windows that straddle those changes mix both. Counting only the seconds decided as
        // gait lost 2–4 s at each change (4.7 % of the steps over six such workouts at 100 Hz, all too few).
        let session = ActivitySimulator.simulate(.mixed(seed: seed, accelerometerRate: rate, deviceMotionRate: nil))
        let summary = WorkoutAnalyzer.analyze(session.recording)
        let trueSteps = Double(session.truth.stepTimes.count)
        let error = abs(Double(summary.steps) - trueSteps) / trueSteps
        #expect(error <= 0.035, "seed \(seed) \(rate) Hz: \(summary.steps) of \(Int(trueSteps)) steps")
        // No steps in the stretches without gait (cycling, typing, clapping, swimming), beyond a boundary second.
        let score = scored(summary, against: session.truth)
        #expect(score.falseStepFraction <= 0.02, "seed \(seed): \(score.stepsOutsideGait) steps outside gait")
    }

    @Test("a walk that slows down ends its segment: each pace has its own cadence")
    func paceChange() throws {
        // Seed 1: a brisk walk (about 2 steps/s), then a slower one with the hands in the pockets (1.5 steps/s).
        let session = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: 1,
                stretches: [ActivityStretch(.walking, duration: 60), ActivityStretch(.walkingWithoutArmSwing, duration: 60)],
                accelerometerRate: 100, deviceMotionRate: nil))
        let summary = WorkoutAnalyzer.analyze(session.recording)
        let walks = summary.segments.filter { $0.activity == .walking }
        let (first, last) = (try #require(walks.first), try #require(walks.last))
        let (brisk, slow) = (session.truth.segments[0], session.truth.segments[1])
        func trueCadence(_ s: ActivityTruth.Segment) -> Double {
            Double(session.truth.steps(from: s.start, to: s.end)) / (s.end - s.start)
        }
        #expect(trueCadence(brisk) / trueCadence(slow) > 1.2)
        // One segment for both would have their mean cadence, 10 % off each.
        let (firstCadence, lastCadence) = (try #require(first.cadence), try #require(last.cadence))
        #expect(abs(firstCadence / trueCadence(brisk) - 1) <= 0.05, "\(firstCadence) vs \(trueCadence(brisk))")
        #expect(abs(lastCadence / trueCadence(slow) - 1) <= 0.05, "\(lastCadence) vs \(trueCadence(slow))")
        #expect(abs(last.start - slow.start) <= 2, "\(summary.segments)")
    }

    @Test("no steps from arm motion without steps", arguments: [ActivityStretch.Kind.resting, .typing, .cycling])
    func noSteps(kind: ActivityStretch.Kind) {
        for seed: UInt64 in 1...3 {
            let summary = WorkoutAnalyzer.analyze(stretch(kind, duration: 90, seed: seed).recording)
            #expect(summary.steps == 0, "\(kind) seed \(seed): \(summary.steps) steps")
        }
    }
}
