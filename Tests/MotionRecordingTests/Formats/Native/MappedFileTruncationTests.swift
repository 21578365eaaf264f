import Foundation
import Testing

@testable import MotionRecording

/// A native file that shrinks while its batches are being read: reading past the file's new end through the mapping
/// would raise SIGBUS and end the process; instead the batches stop and the source reports the truncation.
@Suite struct MappedFileTruncationTests {
    @Test func aFileTruncatedBetweenBatchesStopsDeliveringAndReportsWhy() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("shrinking.npz")
        try NativeFormat.write(recording, to: url)
        let source = try RecordingSource.open(url)
        #expect(source.readFailure == nil)
        var schedule = source.batchSchedule()
        var accelerometer = AccelerometerData()
        var deviceMotion = DeviceMotionData()
        var delivered = 0
        var samplesAfterTruncation = 0
        while let batch = schedule.next() {
            delivered += 1
            if delivered == 2 { #expect(truncate(url.path, 4096) == 0) }
            switch batch.stream {
            case .accelerometer:
                let count = source.withAccelerometerColumns(batch.range, scratch: &accelerometer) { columns in
                    // Touch every sample, as the impact detector does.
                    var sum: Float = 0
                    for index in 0..<columns.count { sum += columns.x[index] + columns.y[index] + columns.z[index] }
                    _ = sum
                    return columns.count
                }
                if delivered > 2 { samplesAfterTruncation += count }
            case .deviceMotion:
                source.copyDeviceMotion(batch.range, components: source.deviceMotionComponents, into: &deviceMotion)
                if delivered > 2 { samplesAfterTruncation += deviceMotion.count }
            case .gyroscope, .magnetometer:
                Issue.record("raw streams are never batched")
            }
            source.didDeliver(batch)
        }
        #expect(delivered == 2)
        #expect(samplesAfterTruncation == 0)
        let failure = try #require(source.readFailure)
        #expect("\(failure)".contains("shrinking.npz"))
        #expect("\(failure)".contains("shrank"))
    }

    @Test func anIntactFileReportsNoFailureAfterEveryBatch() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("whole.npz")
        try NativeFormat.write(recording, to: url)
        let source = try RecordingSource.open(url)
        var schedule = source.batchSchedule()
        var count = 0
        while let batch = schedule.next() {
            count += 1
            source.didDeliver(batch)
        }
        #expect(count == recording.batchRanges().count)
        #expect(source.readFailure == nil)
    }
}
