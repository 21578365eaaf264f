import MotionRecording
import WorkoutAnalysis
import WorkoutSimulation

/// Predicted segments in the form ``ActivityScore`` takes.
func scored(_ summary: WorkoutSummary, against truth: ActivityTruth) -> ActivityScore {
    ActivityScore(
        truth: truth,
        predicted: summary.segments.map {
            .init(start: $0.start, end: $0.end, activity: $0.activity.rawValue, steps: $0.steps)
        })
}

/// One stretch of `kind`, `duration` s, accelerometer only at `rate` Hz.
func stretch(
    _ kind: ActivityStretch.Kind, duration: Double = 90, rate: Double = 100, seed: UInt64 = 1, range: Double? = nil
) -> ActivitySession {
    ActivitySimulator.simulate(
        ActivitySimulationConfiguration(
            seed: seed, stretches: [ActivityStretch(kind, duration: duration)], accelerometerRate: rate,
            deviceMotionRate: nil, accelerometerRange: range))
}

/// Every window the analyzer decides for an accelerometer stream alone (its features and decision).
func recordedWindows(_ data: AccelerometerData) -> [WindowRecord] {
    WorkoutAnalyzer.analyzeRecordingWindows(accelerometer: data).windows
}
