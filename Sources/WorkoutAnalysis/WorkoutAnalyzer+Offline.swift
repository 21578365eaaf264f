import MotionRecording

extension WorkoutAnalyzer {
    /// Analyses a whole recording: the streaming analyzer fed `recording.batchRanges()` in order, then
    /// ``finish(into:)`` — no second implementation. A stream the recording lacks is declared absent; device motion
    /// without rotation rate, gravity or user acceleration adds nothing and is left out. The recording's pressure,
    /// pedometer and activity are then added (``WorkoutSummary/addSlowStreams(_:barometry:)``).
    public static func analyze(
        _ recording: Recording, configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration(),
        stepLength: Double? = nil, barometry: BarometryConfiguration = BarometryConfiguration()
    ) -> WorkoutSummary {
        var streams: Set<SensorStream> = []
        if let accelerometer = recording.accelerometer, !accelerometer.isEmpty { streams.insert(.accelerometer) }
        if let dm = recording.deviceMotion, !dm.isEmpty,
            !dm.rotationRateX.isEmpty || (!dm.gravityX.isEmpty && !dm.userAccelerationX.isEmpty)
        {
            streams.insert(.deviceMotion)
        }
        var analyzer = WorkoutAnalyzer(configuration: configuration, streams: streams, stepLength: stepLength)
        var output = WorkoutAnalyzerOutput()
        for batch in recording.batchRanges() where streams.contains(batch.stream) {
            switch batch.stream {
            case .accelerometer: analyzer.feed(accelerometer: recording.accelerometer!, range: batch.range, into: &output)
            case .deviceMotion: analyzer.feed(deviceMotion: recording.deviceMotion!, range: batch.range, into: &output)
            case .gyroscope, .magnetometer: continue  // never batched; fused into device motion before analysis
            }
        }
        analyzer.finish(into: &output)
        var summary = WorkoutSummary(output: output, stepLength: stepLength, dataCase: analyzer.dataCase)
        summary.addSlowStreams(WorkoutSlowStreams(recording), barometry: barometry)
        return summary
    }

    /// The streaming analysis of an accelerometer stream alone (g, any rate), fed whole, with every window's
    /// features and decision recorded (``WorkoutAnalyzerConfiguration/recordsWindows``): what the evaluation tool's
    /// traces and the feature tests read.
    public static func analyzeRecordingWindows(
        accelerometer: AccelerometerData, configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration()
    ) -> WorkoutAnalyzerOutput {
        var configuration = configuration
        configuration.recordsWindows = true
        var analyzer = WorkoutAnalyzer(configuration: configuration, streams: [.accelerometer])
        var output = WorkoutAnalyzerOutput()
        analyzer.feed(accelerometer: accelerometer, into: &output)
        analyzer.finish(into: &output)
        return output
    }
}
