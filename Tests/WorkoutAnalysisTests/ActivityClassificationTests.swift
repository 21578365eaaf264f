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
}
