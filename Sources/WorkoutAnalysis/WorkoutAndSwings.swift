import MotionRecording
import SwingAnalysis

/// A workout and the swings of the same recording, from one pass over its batches: the workout summary, every
/// swing the swing analyzer found, and the swing gate's split of them by the workout's segments.
public struct WorkoutAndSwings: Sendable, Equatable {
    public var summary: WorkoutSummary
    /// Everything the swing analyzer found (before the gate).
    public var swings: SwingAnalysisResult
    /// The swings the workout can hold, and those left out with the reason.
    public var gate: SwingGate.Decision
    /// Every window's features and decision (one per second), when the configuration's
    /// ``WorkoutAnalyzerConfiguration/recordsWindows`` is set (timelines); empty otherwise.
    public var windows: [WindowRecord]

    public init(
        summary: WorkoutSummary, swings: SwingAnalysisResult, gate: SwingGate.Decision, windows: [WindowRecord] = []
    ) {
        self.summary = summary
        self.swings = swings
        self.gate = gate
        self.windows = windows
    }
}

extension WorkoutAnalyzer {
    /// The streams of `source` the workout analysis reads: the accelerometer when it has samples; device motion
    /// when it has samples with rotation rate, or with gravity and user acceleration (which stand in for a missing
    /// accelerometer).
    public static func streams<Source: BatchSource>(in source: Source) -> Set<SensorStream> {
        var streams = source.streams
        let components = source.deviceMotionComponents
        if !components.contains(.rotationRate) && !components.isSuperset(of: [.gravity, .userAcceleration]) {
            streams.remove(.deviceMotion)
        }
        return streams
    }

    /// Analyses an opened recording's workout and swings in one pass (one dispatch on the storage), then adds its
    /// slow streams (``WorkoutSummary/addSlowStreams(_:barometry:)``: pressure, the device's own counts).
    public static func analyzeWithSwings(
        _ source: RecordingSource, swingConfiguration: SwingAnalyzerConfiguration,
        configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration(), stepLength: Double? = nil,
        gate: SwingGate = SwingGate(), barometry: BarometryConfiguration = BarometryConfiguration()
    ) -> WorkoutAndSwings {
        var result = analyzeMotionWithSwings(
            source, swingConfiguration: swingConfiguration, configuration: configuration, stepLength: stepLength,
            gate: gate)
        result.summary.addSlowStreams(source.workoutSlowStreams, barometry: barometry)
        return result
    }

    private static func analyzeMotionWithSwings(
        _ source: RecordingSource, swingConfiguration: SwingAnalyzerConfiguration,
        configuration: WorkoutAnalyzerConfiguration, stepLength: Double?, gate: SwingGate
    ) -> WorkoutAndSwings {
        switch source.storage {
        case .inMemory(let recording):
            analyzeWithSwings(
                recording, swingConfiguration: swingConfiguration, configuration: configuration,
                stepLength: stepLength, gate: gate)
        case .mapped(let file):
            analyzeWithSwings(
                file, swingConfiguration: swingConfiguration, configuration: configuration, stepLength: stepLength,
                gate: gate)
        }
    }

    /// Feeds every batch of `source` once to a ``SwingAnalyzer`` and to a ``WorkoutAnalyzer``, then gates the
    /// swings by the segments. Both analyzers are batch-invariant, so the swings are exactly
    /// `SwingAnalyzer.analyze(source, configuration:)`'s and the summary exactly ``analyze(_:configuration:stepLength:)``'s.
    /// Batches are borrowed from the source where it allows (a mapped native file's columns) and each serves both
    /// analyses; only device motion without an accelerometer is copied (gravity + user acceleration stand in for
    /// it), once per batch into a reused buffer.
    public static func analyzeWithSwings<Source: BatchSource>(
        _ source: Source, swingConfiguration: SwingAnalyzerConfiguration,
        configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration(), stepLength: Double? = nil,
        gate: SwingGate = SwingGate()
    ) -> WorkoutAndSwings {
        var schedule = source.batchSchedule()
        var result = analyzeWithSwings(
            source, schedule: &schedule, swingConfiguration: swingConfiguration, configuration: configuration,
            stepLength: stepLength)
        if !schedule.followedDeliveryOrder {
            // A stream went back in time: the batches came in another order than batchRanges()'s. Again, in that
            // order (as SwingAnalyzer.analyze does, so the swings stay identical to its).
            var listed = BatchSchedule(listing: source.batchRanges())
            result = analyzeWithSwings(
                source, schedule: &listed, swingConfiguration: swingConfiguration, configuration: configuration,
                stepLength: stepLength)
        }
        return gated(result, by: gate)
    }

    /// ``analyzeWithSwings(_:swingConfiguration:configuration:stepLength:gate:)-(Source,_,_,_,_)`` over batches the
    /// caller listed once, `source.batchRanges()` (delivery order), instead of finding them on every call: for
    /// running the same recording many times, as a benchmark does, with the batches prepared outside the
    /// measurement like those of a swing analysis fed directly.
    public static func analyzeWithSwings<Source: BatchSource>(
        _ source: Source, batches: [BatchRange], swingConfiguration: SwingAnalyzerConfiguration,
        configuration: WorkoutAnalyzerConfiguration = WorkoutAnalyzerConfiguration(), stepLength: Double? = nil,
        gate: SwingGate = SwingGate()
    ) -> WorkoutAndSwings {
        var schedule = BatchSchedule(listing: batches)
        return gated(
            analyzeWithSwings(
                source, schedule: &schedule, swingConfiguration: swingConfiguration, configuration: configuration,
                stepLength: stepLength),
            by: gate)
    }

    private static func gated(
        _ result: (summary: WorkoutSummary, swings: SwingAnalysisResult, windows: [WindowRecord]), by gate: SwingGate
    ) -> WorkoutAndSwings {
        let decision = gate.apply(to: result.swings.swings, segments: result.summary.segments)
        return WorkoutAndSwings(
            summary: result.summary, swings: result.swings, gate: decision, windows: result.windows)
    }

    private static func analyzeWithSwings<Source: BatchSource>(
        _ source: Source, schedule: inout BatchSchedule, swingConfiguration: SwingAnalyzerConfiguration,
        configuration: WorkoutAnalyzerConfiguration, stepLength: Double?
    ) -> (summary: WorkoutSummary, swings: SwingAnalysisResult, windows: [WindowRecord]) {
        let swingStreams = SwingAnalyzer.streams(in: source)
        let workoutStreams = streams(in: source)
        var swingAnalyzer = SwingAnalyzer(configuration: swingConfiguration, streams: swingStreams)
        var workoutAnalyzer = WorkoutAnalyzer(
            configuration: configuration, streams: workoutStreams, stepLength: stepLength)
        var swings = SwingAnalysisResult()
        var workout = WorkoutAnalyzerOutput()
        var accelerometerScratch = AccelerometerData()
        var deviceMotionScratch = DeviceMotionData()
        let components = source.deviceMotionComponents
        // With an accelerometer, both analyses read device motion's rotation columns: one borrowed batch serves
        // both. Without one, the workout also needs gravity + user acceleration: copied once per batch.
        let accelerationFromDeviceMotion = !workoutStreams.contains(.accelerometer)
        let read = components.readForRotation
        let copied = read.union(components.intersection([.gravity, .userAcceleration]))
        // Which analysis reads which stream, looked up once (a Set lookup hashes the stream's raw string).
        let accelerometerToSwings = swingStreams.contains(.accelerometer)
        let accelerometerToWorkout = workoutStreams.contains(.accelerometer)
        let deviceMotionToSwings = swingStreams.contains(.deviceMotion)
        let deviceMotionToWorkout = workoutStreams.contains(.deviceMotion)
        while let batch = schedule.next() {
            switch batch.stream {
            case .accelerometer:
                let (toSwings, toWorkout) = (accelerometerToSwings, accelerometerToWorkout)
                if toSwings || toWorkout {
                    source.withAccelerometerColumns(batch.range, scratch: &accelerometerScratch) { columns in
                        if toSwings { swingAnalyzer.feed(accelerometer: columns, into: &swings) }
                        if toWorkout { workoutAnalyzer.feed(accelerometer: columns, into: &workout) }
                    }
                }
            case .deviceMotion:
                let (toSwings, toWorkout) = (deviceMotionToSwings, deviceMotionToWorkout)
                if accelerationFromDeviceMotion && toWorkout {
                    source.copyDeviceMotion(batch.range, components: copied, into: &deviceMotionScratch)
                    if toSwings {
                        deviceMotionScratch.withRotationColumns(0..<deviceMotionScratch.count, components: read) {
                            swingAnalyzer.feed(deviceMotion: $0, into: &swings)
                        }
                    }
                    workoutAnalyzer.feed(deviceMotion: deviceMotionScratch, into: &workout)
                } else if toSwings || toWorkout {
                    source.withDeviceMotionRotationColumns(
                        batch.range, components: read, scratch: &deviceMotionScratch
                    ) { columns in
                        if toSwings { swingAnalyzer.feed(deviceMotion: columns, into: &swings) }
                        if toWorkout { workoutAnalyzer.feed(deviceMotion: columns, into: &workout) }
                    }
                }
            case .gyroscope, .magnetometer:
                break  // never batched; fused into device motion before analysis
            }
            source.didDeliver(batch)
        }
        swingAnalyzer.finish(into: &swings)
        workoutAnalyzer.finish(into: &workout)
        let summary = WorkoutSummary(output: workout, stepLength: stepLength, dataCase: workoutAnalyzer.dataCase)
        return (summary, swings, workout.windows)
    }
}
