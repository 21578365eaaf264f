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

    /// An interchange recording long enough to be spilled to a temporary native file (here: any length) gives the
    /// analysis and the hygiene report of the same text imported into memory, clean or damaged (repaired in the
    /// spill).
    @Test(arguments: ["clean", "clipped", "nan", "backwards", "duplicate", "milliseconds", "metresPerSecondSquared"])
    func aSpilledInterchangeRecordingGivesTheImportedResult(damage: String) throws {
        var builder = TestRecordingBuilder.standard(seed: 3)
        if damage == "clipped" { builder.clipLevel = 4 }
        var recording = builder.make(gravityColumns: true)
        var a = recording.accelerometer!
        switch damage {
        case "nan": a.y[2000] = .nan
        case "backwards": a.timestamps.swapAt(3000, 3001)
        case "duplicate": (a.timestamps[4001], a.x[4001], a.y[4001], a.z[4001]) = (a.timestamps[4000], a.x[4000], a.y[4000], a.z[4000])
        case "milliseconds": a.timestamps = a.timestamps.map { $0 * 1000 }
        case "metresPerSecondSquared": (a.x, a.y, a.z) = (a.x.map { $0 * 9.80665 }, a.y.map { $0 * 9.80665 }, a.z.map { $0 * 9.80665 })
        default: break
        }
        recording.accelerometer = a
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spilled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try InterchangeCSVWriter.write(recording, to: directory)
        let imported = try RecordingSource.open(directory, spillThreshold: .max)
        let spilled = try RecordingSource.open(directory, spillThreshold: 0)
        guard case .mapped = spilled.storage else {
            Issue.record("served from the spill, repaired there when damaged")
            return
        }
        #expect(spilled.hygiene == imported.hygiene)
        #expect(damage == "clean" || !imported.hygiene.findings.isEmpty)
        let result = SwingAnalyzer.analyze(imported)
        #expect(result.swings.count == 4)
        #expect(SwingAnalyzer.analyze(spilled) == result)
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
