import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

/// The two offline entry points: a loaded ``Recording`` and a streamed ``BatchSource`` (a mapped native file) give
/// the same result.
@Suite struct SwingAnalyzerOfflineTests {
    @Test(arguments: [true, false])
    func mappedNativeFileGivesTheSameResultAsTheLoadedRecording(gravityColumns: Bool) throws {
        let recording = TestRecordingBuilder.standard(seed: 3).make(gravityColumns: gravityColumns)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString).npz")
        defer { try? FileManager.default.removeItem(at: url) }
        try NativeFormat.write(recording, to: url)
        let file = try NativeFormat.open(url)
        #expect(file.hasRotationRate)
        #expect(file.duration == recording.duration)

        let loaded = SwingAnalyzer.analyze(recording)
        #expect(loaded.swings.count == 4)
        let streamed = SwingAnalyzer.analyze(file, streams: [.accelerometer, .deviceMotion])
        #expect(streamed.swings == loaded.swings)
        #expect(streamed.unmatchedImpacts == loaded.unmatchedImpacts)
        #expect(streamed.dataCase == loaded.dataCase)
    }
}
