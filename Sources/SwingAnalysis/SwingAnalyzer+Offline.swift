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
