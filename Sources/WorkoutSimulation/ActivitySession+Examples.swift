import SwingSimulation

extension ActivitySession {
    /// A breaststroke swim (seed 3), a tennis practice (seed 11: 6 hits, no foul tips or misses) and a run (seed 4),
    /// at 800 Hz accelerometer and 200 Hz device motion, one after the other: the swing gate's standard case (the
    /// practice's swings are kept, swim strokes and running arm swing are not swings).
    /// - Parameter stretchDuration: length of the swim and of the run, s.
    public static func swimPracticeRun(stretchDuration: Double = 60) -> ActivitySession {
        let swim = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: 3, stretches: [ActivityStretch(.swimmingBreaststroke, duration: stretchDuration)],
                deviceMotionRate: 200))
        let practice = ActivitySession(
            swingSession: SwingSimulator.simulate(.tennis(seed: 11, mix: EventMix(hits: 6, foulTips: 0, misses: 0))))
        let run = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: 4, stretches: [ActivityStretch(.running, duration: stretchDuration)], deviceMotionRate: 200))
        return concatenated([swim, practice, run])
    }
}
