import Testing
import WorkoutAnalysis
import WorkoutSimulation

/// Per-second activity accuracy on simulated workouts holding every activity once (order and lengths from the
/// seed; see `ActivitySimulationConfiguration.mixed`). The full confusion matrices over more seeds and sensor
/// set-ups come from `swift run -c release workout-evaluation` (docs/workout-analysis.md).
@Suite("Activity classification")
struct ActivityClassificationTests {
    @Test(
        "per-second accuracy and recall on a mixed workout",
        arguments: [(UInt64(1), 100.0, false), (2, 20, false), (3, 100, true)])
    func mixed(seed: UInt64, rate: Double, clipped: Bool) {
        let session = ActivitySimulator.simulate(
            .mixed(seed: seed, accelerometerRate: rate, deviceMotionRate: nil, accelerometerRange: clipped ? 2 : nil))
        let score = scored(WorkoutAnalyzer.analyze(session.recording), against: session.truth)
        #expect(score.accuracy >= 0.7, "\(score.table)")
        for activity in ["walking", "running", "swimming"] {
            #expect(score.recall(activity) >= 0.6, "\(activity): \(score.table)")
        }
        // Cycling is the weakest class (road vibration vs. typing and fidgeting; see the docs' limits).
        #expect(score.recall("cycling") >= 0.4, "\(score.table)")
    }

    /// Six mixed workouts (seeds 1…6) at `rate` Hz, accelerometer only, scored together.
    static func workouts(rate: Double, outOfSaddle: Bool = false) -> ActivityScore {
        var score = ActivityScore()
        for seed in UInt64(1)...6 {
            var configuration = ActivitySimulationConfiguration.mixed(
                seed: seed, accelerometerRate: rate, deviceMotionRate: nil)
            configuration.outOfSaddleChance = outOfSaddle ? 1 : nil
            let session = ActivitySimulator.simulate(configuration)
            score.merge(scored(WorkoutAnalyzer.analyze(session.recording), against: session.truth))
        }
        return score
    }

    /// The seated workouts at 15 and 20 Hz, simulated and scored once for the tests that read them.
    static let at15 = workouts(rate: 15), at20 = workouts(rate: 20)
    static func seated(rate: Double) -> ActivityScore { rate == 15 ? at15 : at20 }

    @Test(
        "cycling at 15–20 Hz: the aliased road vibration, steady and above a still wrist's floor, is recognised",
        arguments: [15.0, 20])
    func lowRateCycling(rate: Double) {
        let score = Self.seated(rate: rate)
        // workout-evaluation --seeds 6: 93 % at 15 and 20 Hz (56 and 73 % before the sampled vibration).
        #expect(score.recall("cycling") >= 0.85, "\(score.table)")
        // Taps and claps, whose vibration comes in impulses, are not taken for a ride.
        #expect(score.variantConfusion["typing"]?["cycling", default: 0] == 0, "\(score.variantTable)")
        #expect(score.variantConfusion["clapping"]?["cycling", default: 0] ?? 0 <= 10, "\(score.variantTable)")
    }

    @Test("a person still between claps is stationary, not unknown", arguments: [15.0, 20])
    func stillBetweenClaps(rate: Double) {
        let score = Self.seated(rate: rate)
        // workout-evaluation --seeds 6: clapping stretches 87 % (15 Hz) and 89 % (20 Hz) stationary, 44 % before (and
        // 84–89 % at 100–800 Hz, measured there rather than here: simulating 100 Hz is slow in a debug build).
        let clapping = score.variantConfusion["clapping"] ?? [:]
        let share = Double(clapping["stationary", default: 0]) / Double(Swift.max(1, clapping.values.reduce(0, +)))
        #expect(share >= 0.8, "\(score.variantTable)")
        #expect(score.recall("stationary") >= 0.9, "\(score.table)")
        #expect(score.recall("walking") >= 0.95 && score.recall("running") >= 0.95, "\(score.table)")
    }

    @Test("rides with 10–25 s out of the saddle: the seated time stays cycling", arguments: [15.0, 20])
    func outOfSaddle(rate: Double) {
        let score = Self.workouts(rate: rate, outOfSaddle: true)
        // workout-evaluation --seeds 6 --out-of-saddle: 75 % (15 Hz) and 76 % (20 Hz). The standing stretches
        // themselves are mostly taken for walking or swimming (docs/workout-analysis.md, limits).
        #expect(score.recall("cycling") >= 0.7, "\(score.table)")
        #expect(score.confusion["cycling"]?["stationary", default: 0] ?? 0 <= 20, "\(score.table)")
    }
}
