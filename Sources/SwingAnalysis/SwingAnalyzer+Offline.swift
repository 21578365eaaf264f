import MotionRecording

extension SwingAnalyzer {
    /// Analyses a whole recording: the streaming analyzer fed `recording.batchRanges()` in order, then
    /// ``finish(into:)`` — no second implementation. A stream the recording lacks is declared absent.
    public static func analyze(
        _ recording: Recording, configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        var streams: Set<SensorStream> = []
        if let accelerometer = recording.accelerometer, !accelerometer.isEmpty { streams.insert(.accelerometer) }
        if let deviceMotion = recording.deviceMotion, !deviceMotion.isEmpty, !deviceMotion.rotationRateX.isEmpty {
            streams.insert(.deviceMotion)
        }
        var analyzer = SwingAnalyzer(configuration: configuration, streams: streams)
        var output = SwingAnalyzerOutput()
        for batch in recording.batchRanges() where streams.contains(batch.stream) {
            switch batch.stream {
            case .accelerometer: analyzer.feed(accelerometer: recording.accelerometer!, range: batch.range, into: &output)
            case .deviceMotion: analyzer.feed(deviceMotion: recording.deviceMotion!, range: batch.range, into: &output)
            }
        }
        analyzer.finish(into: &output)
        return SwingAnalysisResult(
            swings: output.swings, dataCase: analyzer.dataCase, unmatchedImpacts: output.unmatchedImpacts)
    }
}

extension SwingAnalyzer {
    /// Analyses the batches of `source` (e.g. a memory-mapped ``NativeRecordingFile``) without loading it:
    /// batches are fed borrowed from the source where it allows (a native file's mapped columns; of device motion
    /// only the columns the analysis reads: rotation rate and gravity, or attitude without gravity), copied into a
    /// reused buffer otherwise; pages are released as batches are delivered, so memory stays flat
    /// however long the recording is. `streams` are the streams `source` holds (rotation rate included for device
    /// motion). Same result as ``analyze(_:configuration:)`` on the loaded recording.
    ///
    /// Batches come from `source.batchSchedule()`, which a native file fills as they are taken; when it reports that
    /// they came in another order than `batchRanges()` (a stream went back in time across seconds), the analysis
    /// runs again in that order, so the result never depends on how the batches were found.
    public static func analyze<Source: BatchSource>(
        _ source: Source, streams: Set<SensorStream>, configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        var schedule = source.batchSchedule()
        let result = analyze(source, schedule: &schedule, streams: streams, configuration: configuration)
        if schedule.followedDeliveryOrder { return result }
        // A stream went back in time: the batches came in another order than batchRanges()'s. Again, in that order.
        var listed = BatchSchedule(listing: source.batchRanges())
        return analyze(source, schedule: &listed, streams: streams, configuration: configuration)
    }

    private static func analyze<Source: BatchSource>(
        _ source: Source, schedule: inout BatchSchedule, streams: Set<SensorStream>,
        configuration: SwingAnalyzerConfiguration
    ) -> SwingAnalysisResult {
        var analyzer = SwingAnalyzer(configuration: configuration, streams: streams)
        var output = SwingAnalyzerOutput()
        var accelerometerScratch = AccelerometerData()
        var deviceMotionScratch = DeviceMotionData()
        let deviceMotionRead = source.deviceMotionComponents.readForRotation
        while let batch = schedule.next() {
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
            }
            source.didDeliver(batch)
        }
        analyzer.finish(into: &output)
        return SwingAnalysisResult(
            swings: output.swings, dataCase: analyzer.dataCase, unmatchedImpacts: output.unmatchedImpacts)
    }
}
