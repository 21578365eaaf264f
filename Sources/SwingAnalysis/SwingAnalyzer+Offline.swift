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
    /// Analyses the batches of `source` (e.g. a memory-mapped ``NativeRecordingFile``) without loading it: each
    /// batch is copied into reused buffers and fed to the streaming analyzer, so memory stays flat however long
    /// the recording is. `streams` are the streams `source` holds (rotation rate included for device motion). Same
    /// result as ``analyze(_:configuration:)`` on the loaded recording.
    public static func analyze<Source: BatchSource>(
        _ source: Source, streams: Set<SensorStream>, configuration: SwingAnalyzerConfiguration = .baseball
    ) -> SwingAnalysisResult {
        var analyzer = SwingAnalyzer(configuration: configuration, streams: streams)
        var cursor = BatchCursor(source, streams: streams)
        var output = SwingAnalyzerOutput()
        while let batch = cursor.next() {
            switch batch.stream {
            case .accelerometer: analyzer.feed(accelerometer: cursor.accelerometer, into: &output)
            case .deviceMotion: analyzer.feed(deviceMotion: cursor.deviceMotion, into: &output)
            }
        }
        analyzer.finish(into: &output)
        return SwingAnalysisResult(
            swings: output.swings, dataCase: analyzer.dataCase, unmatchedImpacts: output.unmatchedImpacts)
    }
}
