import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

/// The README's library example, compiled and run: streaming the bundled sample batch by batch gives the same swings
/// as the offline analysis.
@Suite struct ReadmeExampleTests {
    @Test func streamingExampleEqualsOfflineAnalysis() async throws {
        let url = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
        let source = try RecordingSource.open(url)
        _ = (source.format, source.streams, source.duration, source.hygiene.findings)
        let result = SwingAnalyzer.analyze(source, configuration: .preset(for: source.metadata.knownSport ?? .baseball))
        let recording = try source.loaded()

        var analyzer = SwingAnalyzer(configuration: .baseball)
        var output = SwingAnalysisResult()
        var streamed: [Swing] = []
        for await batch in recording.batches(pacing: .asFastAsPossible) {
            switch batch {
            case .accelerometer(let data): analyzer.feed(accelerometer: data, into: &output)
            case .deviceMotion(let data): analyzer.feed(deviceMotion: data, into: &output)
            }
            streamed += output.swings
            output.removeAll()
        }
        analyzer.finish(into: &output)
        streamed += output.swings
        #expect(!streamed.isEmpty)
        #expect(streamed == result.swings)
    }

    /// The README's mapped-file line: a native file analysed without loading it gives the loaded result.
    @Test func mappedNativeFileExampleEqualsOfflineAnalysis() throws {
        let recording = try RecordingImporter.load(SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).npz")
        defer { try? FileManager.default.removeItem(at: url) }
        try NativeFormat.write(recording, to: url)

        let file = try NativeFormat.open(url)
        let streamedResult = SwingAnalyzer.analyze(file)
        #expect(streamedResult.swings.count == 9)
        #expect(streamedResult.swings == SwingAnalyzer.analyze(recording, configuration: .baseball).swings)
    }
}
