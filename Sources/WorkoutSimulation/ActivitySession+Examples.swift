import MotionRecording
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

extension ActivitySession {
    /// A 50 Hz walk (seed 4, starting at 2,000 s) up 4 floors and down 2 — legs level 30 s, stairs +4, level 20 s,
    /// stairs −2, level 30 s — with its pressure stream (``PressureSimulator``) on the same clock and the device's
    /// pedometer having counted 300 steps, 200 m, 3 floors up and 2 down: the barometry's standard case.
    /// - Returns: the session and the pressure's truth (floors, elevation gain and loss).
    public static func stairWalk() -> (session: ActivitySession, pressureTruth: PressureTruth) {
        let legs: [VerticalLeg] = [.level(30), .stairs(4), .level(20), .stairs(-2), .level(30)]
        var (session, truth) = walk(legs: legs, seed: 4)
        let duration = legs.reduce(0) { $0 + $1.duration }
        session.recording.pedometer = PedometerData(
            timestamps: [2100, 2000 + duration], steps: [150, 300], distanceMeters: [100, 200],
            floorsAscended: [2, 3], floorsDescended: [0, 2])
        return (session, truth)
    }

    /// A 50 Hz walk starting at 2,000 s over `legs` (2 s longer than they are), with the pressure stream of the legs
    /// on the same clock (``PressureSimulator``; `weatherDrift` kPa/h and `noise` Pa rms, drawn from `seed` when
    /// `nil`); no device motion.
    /// - Returns: the session and the pressure's truth (floors, elevation gain and loss).
    public static func walk(legs: [VerticalLeg], seed: UInt64, weatherDrift: Double? = nil, noise: Double? = nil)
        -> (session: ActivitySession, pressureTruth: PressureTruth)
    {
        let pressure = PressureSimulator.simulate(
            PressureSimulationConfiguration(
                seed: seed, legs: legs, startTime: 2000, weatherDrift: weatherDrift, noise: noise))
        let duration = legs.reduce(0) { $0 + $1.duration }
        var session = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: seed, stretches: [ActivityStretch(.walking, duration: duration + 2)], accelerometerRate: 50,
                deviceMotionRate: nil, startTime: 2000))
        session.recording.pressure = pressure.pressure
        return (session, pressure.truth)
    }
}
