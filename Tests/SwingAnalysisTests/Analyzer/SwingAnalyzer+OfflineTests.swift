import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

/// The offline entry points: a loaded ``Recording``, a streamed ``BatchSource`` (a mapped native file) and an opened
/// ``RecordingSource`` give the same result.
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
        let streamed = SwingAnalyzer.analyze(file)
        #expect(streamed.swings == loaded.swings)
        #expect(streamed.unmatchedImpacts == loaded.unmatchedImpacts)
        #expect(streamed.dataCase == loaded.dataCase)

        // Opened through the one entry point: the file is mapped, and gives the same result again.
        let opened = try RecordingSource.open(url)
        guard case .mapped = opened.storage else {
            Issue.record("a native file should open as a mapping")
            return
        }
        #expect(SwingAnalyzer.analyze(opened) == loaded)
        #expect(SwingAnalyzer.analyze(RecordingSource(recording)) == loaded)
    }

    /// Device motion without rotation rate says nothing about a swing: it is not among the streams read.
    @Test func deviceMotionWithoutRotationRateIsNotRead() {
        var recording = TestRecordingBuilder.standard(seed: 3).make(gravityColumns: true)
        #expect(SwingAnalyzer.streams(in: recording) == [.accelerometer, .deviceMotion])
        recording.deviceMotion?.rotationRateX = []
        recording.deviceMotion?.rotationRateY = []
        recording.deviceMotion?.rotationRateZ = []
        #expect(SwingAnalyzer.streams(in: recording) == [.accelerometer])
        #expect(SwingAnalyzer.analyze(recording).dataCase == .accelerometerOnly)
    }

    /// A file whose accelerometer goes back across whole seconds: the batches found as they were taken came in
    /// another order than the loaded recording's, so the analysis runs again in that order and gives its result.
    @Test func fileGoingBackInTimeGivesTheLoadedRecordingsResult() throws {
        var recording = TestRecordingBuilder.standard(seed: 3).make(gravityColumns: true)
        var accelerometer = try #require(recording.accelerometer)
        // Every tenth second's first sample 1.5 s early: a batch of one sample out of place.
        for index in stride(from: 4_000, to: accelerometer.count - 1_000, by: 8_000) {
            accelerometer.timestamps[index] -= 1.5
        }
        recording.accelerometer = accelerometer
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("offline-\(UUID().uuidString).npz")
        defer { try? FileManager.default.removeItem(at: url) }
        try NativeFormat.write(recording, to: url)
        let file = try NativeFormat.open(url)
        var schedule = file.batchSchedule()
        while schedule.next() != nil {}
        #expect(!schedule.followedDeliveryOrder)

        let loaded = SwingAnalyzer.analyze(recording)
        let streamed = SwingAnalyzer.analyze(file)
        #expect(streamed.swings == loaded.swings)
        #expect(streamed.unmatchedImpacts == loaded.unmatchedImpacts)
    }
}
