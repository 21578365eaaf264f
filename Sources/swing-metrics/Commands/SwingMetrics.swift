import ArgumentParser

/// `swing-metrics`: batch analysis of wrist-motion recordings (800 Hz accelerometer, 200 Hz device motion).
@main
struct SwingMetrics: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swing-metrics",
        abstract: "Swing metrics — impact, swing start, time to contact, hit or miss — from wrist-motion recordings.",
        discussion: """
            Reads recordings of Apple Watch 800 Hz accelerometer and 200 Hz device motion (interchange CSV \
            directories, raw CMBatchedSensorManager dumps, Sensor Logger and SensorLog exports, the native .npz) \
            and finds every swing: when it started, when the ball was hit, the time to contact, and whether it \
            made contact at all.

            Example:
              swing-metrics analyze Datasets/sample
              swing-metrics analyze sessions/ --format jsonl --output swings.jsonl
            """,
        version: "0.1.0",
        subcommands: [
            Analyze.self, Workout.self, Report.self, Simulate.self, Convert.self, Inspect.self, Score.self, Fuse.self,
            Serve.self,
        ])
}
