import MotionRecording

extension SwingAnalyzer {
    /// Analyses a whole opened recording: the streaming analyzer fed its batches in delivery order, then
    /// ``finish(into:)`` — no second implementation. A native file is streamed from its memory map (memory stays
    /// flat however long it is), any other recording from memory.
    public static func analyze(
        _ source: RecordingSource, configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        // One dispatch per recording, so each storage runs its own specialisation of the batch loop.
        switch source.storage {
        case .inMemory(let recording): analyze(recording, configuration: configuration)
        case .mapped(let file): analyze(file, configuration: configuration)
        }
    }

    /// The streams of `source` the analysis reads: the accelerometer when it has samples, device motion when it has
    /// samples with rotation rate (device motion without rotation rate says nothing about a swing).
    public static func streams<Source: BatchSource>(in source: Source) -> Set<SensorStream> {
        var streams = source.streams
        if !source.deviceMotionComponents.contains(.rotationRate) { streams.remove(.deviceMotion) }
        return streams
    }

    /// Analyses the batches of `source` (a ``Recording`` in memory, a memory-mapped ``NativeRecordingFile``, a
    /// ``RecordingSource``): batches are fed borrowed from the source where it allows (a native file's mapped
    /// columns; of device motion only the columns the analysis reads: rotation rate and gravity, or attitude without
    /// gravity), copied into a reused buffer otherwise; pages are released as batches are delivered. The streams
    /// read are ``streams(in:)``; a stream the source lacks is declared absent.
    ///
    /// Batches come from `source.batchSchedule()`, which a native file fills as they are taken; when it reports that
    /// they came in another order than `batchRanges()` (a stream went back in time across seconds), the analysis
    /// runs again in that order, so the result never depends on how the batches were found.
    public static func analyze<Source: BatchSource>(
        _ source: Source, configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        // Never stopped: `nil` is impossible.
        analyze(source, configuration: configuration, while: { true })!
    }

    /// ``analyze(_:configuration:)-(RecordingSource,_)`` that asks `shouldContinue` before every batch (once per
    /// one-second batch of a stream, so at least once per second of recorded data) and gives up, returning `nil`,
    /// when it answers `false` — how a caller enforces a time limit without a thread of its own per recording. The
    /// swings of a run that is not stopped are exactly those of `analyze(_:configuration:)`.
    public static func analyze(
        _ source: RecordingSource, configuration: SwingAnalyzerConfiguration = .baseball,
        while shouldContinue: () -> Bool
    ) -> SwingAnalysisResult? {
        switch source.storage {
        case .inMemory(let recording): analyze(recording, configuration: configuration, while: shouldContinue)
        case .mapped(let file): analyze(file, configuration: configuration, while: shouldContinue)
        }
    }

    /// ``analyze(_:configuration:)-(Source,_)`` with the `shouldContinue` check of
    /// ``analyze(_:configuration:while:)-(RecordingSource,_,_)``: `nil` when stopped.
    public static func analyze<Source: BatchSource>(
        _ source: Source, configuration: SwingAnalyzerConfiguration = .baseball,
        while shouldContinue: () -> Bool
    ) -> SwingAnalysisResult? {
        let streams = streams(in: source)
        var schedule = source.batchSchedule()
        guard
            let result = analyze(
                source, schedule: &schedule, streams: streams, configuration: configuration,
                shouldContinue: shouldContinue)
        else { return nil }
        if schedule.followedDeliveryOrder { return result }
        // A stream went back in time: the batches came in another order than batchRanges()'s. Again, in that order.
        var listed = BatchSchedule(listing: source.batchRanges())
        return analyze(
            source, schedule: &listed, streams: streams, configuration: configuration, shouldContinue: shouldContinue)
    }

    private static func analyze<Source: BatchSource>(
        _ source: Source, schedule: inout BatchSchedule, streams: Set<SensorStream>,
        configuration: SwingAnalyzerConfiguration, shouldContinue: () -> Bool
    ) -> SwingAnalysisResult? {
        var analyzer = SwingAnalyzer(configuration: configuration, streams: streams)
        var output = SwingAnalysisResult()
        var accelerometerScratch = AccelerometerData()
        var deviceMotionScratch = DeviceMotionData()
        let deviceMotionRead = source.deviceMotionComponents.readForRotation
        while let batch = schedule.next() {
            guard shouldContinue() else { return nil }
            guard streams.contains(batch.stream) else {
                source.didDeliver(batch)
                continue
            }
            switch batch.stream {
            case .accelerometer:
                // Borrowed straight from the source when it can (a mapped native file): no copy.
                source.withAccelerometerColumns(batch.range, scratch: &accelerometerScratch) {
                    analyzer.feed(accelerometer: $0, into: &output)
                }
            case .deviceMotion:
                source.withDeviceMotionRotationColumns(
                    batch.range, components: deviceMotionRead, scratch: &deviceMotionScratch
                ) { analyzer.feed(deviceMotion: $0, into: &output) }
            case .gyroscope, .magnetometer: break  // not batched; fused into device motion before the analysis
            }
            source.didDeliver(batch)
        }
        analyzer.finish(into: &output)
        return output
    }
}
