import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct SensorBatchesTests {
    let recording = try! RecordingImporter.load(FixtureFiles.url("interchange/basic"))

    @Test func accelerometerUpdatesFollowTheSchedule() async throws {
        var collected = AccelerometerData()
        var sizes: [Int] = []
        for await batch in try recording.accelerometerUpdates() {
            sizes.append(batch.count)
            collected.timestamps += batch.timestamps
            collected.x += batch.x
            collected.y += batch.y
            collected.z += batch.z
        }
        let expected = recording.batchRanges().filter { $0.stream == .accelerometer }.map(\.range.count)
        #expect(sizes == expected)
        #expect(sizes.count == 3)  // 100.3…102.8 s cut at whole seconds
        #expect(collected == recording.accelerometer)
    }

    @Test func bothStreamsComeInDeliveryOrder() async {
        var order: [SensorStream] = []
        var counts: [Int] = []
        for await batch in recording.batches() {
            order.append(batch.stream)
            switch batch {
            case .accelerometer(let data): counts.append(data.count)
            case .deviceMotion(let data): counts.append(data.count)
            }
        }
        let schedule = recording.batchRanges()
        #expect(order == schedule.map(\.stream))
        #expect(counts == schedule.map(\.range.count))
    }

    @Test func keptBatchesOfRawDumpsAreServed() async throws {
        let raw = try RecordingImporter.load(FixtureFiles.url("raw/tiny-accelerometer.csv"))
        var sizes: [Int] = []
        for await batch in try raw.accelerometerUpdates() { sizes.append(batch.count) }
        #expect(sizes == [5, 4, 6])
    }

    @Test func realTimePacingTakesTheRecordingsTimeOverSpeed() async throws {
        let clock = ContinuousClock()
        let speed = 25.0
        let start = clock.now
        var count = 0
        for await _ in recording.batches(pacing: .realTime(speed: speed), clock: clock) { count += 1 }
        let elapsed = start.duration(to: clock.now)
        // Last batch is due when its last sample's time has passed: (102.803 − 100.3) s / 25 ≈ 0.100 s.
        let due = (recording.accelerometer!.timestamps.last! - 100.3) / speed
        // Pacing may only be late, never early. No upper bound: on a loaded machine (2 cores, parallel tests) the
        // sleeping task can resume arbitrarily late, and speed is not what this test is about.
        #expect(elapsed >= .seconds(due * 0.99))
        #expect(count == recording.batchRanges().count)
    }

    @Test func cancellationEndsAPacedStream() async {
        let task = Task {
            var count = 0
            for await _ in recording.batches(pacing: .realTime(speed: 0.1)) { count += 1 }  // would take 25 s
            return count
        }
        try? await Task.sleep(for: .milliseconds(50))
        task.cancel()
        let delivered = await task.value
        #expect(delivered < recording.batchRanges().count)
    }

    @Test func missingStreamIsNotAvailable() throws {
        let rotation = try RecordingImporter.load(FixtureFiles.url("raw/tiny-rotation.csv"))
        #expect {
            _ = try rotation.accelerometerUpdates()
        } throws: { error in
            "\(error)" == "accelerometer stream not available: the recording has no accelerometer samples"
        }
        #expect(rotation.availability(of: .deviceMotion).components == .rotationRate)
        #expect(!rotation.availability(of: .accelerometer).isAvailable)
        #expect(throws: RecordingError.self) { try rotation.requireDeviceMotion(.gravity) }
    }

    @Test func nativeFileStreamsTheSameBatches() async throws {
        for source in ["interchange/basic", "raw-directory"] {
            let recording = try RecordingImporter.load(FixtureFiles.url(source))
            let file = try FixtureFiles.openedNativeFile(recording)
            #expect(file.batchRanges() == recording.batchRanges())
            var fromMemory: [SensorBatch] = []
            for await batch in recording.batches() { fromMemory.append(batch) }
            var fromFile: [SensorBatch] = []
            for await batch in file.batches() { fromFile.append(batch) }
            #expect(fromFile == fromMemory)
        }
    }

    @Test func cursorReusesItsBuffers() {
        var cursor = BatchCursor(recording, streams: [.accelerometer])
        var firstAddress: UnsafePointer<Double>? = nil
        var sameStorage = true
        while cursor.next() != nil {
            let address = cursor.accelerometer.timestamps.withUnsafeBufferPointer { $0.baseAddress }
            if firstAddress == nil { firstAddress = address } else if address != firstAddress { sameStorage = false }
        }
        #expect(sameStorage)
    }

    @Test func pullQueries() throws {
        let accelerometer = try #require(recording.accelerometer)
        let t = accelerometer.timestamps[1000]
        #expect(recording.latestAccelerometerSample(atOrBefore: t) == accelerometer.sample(at: 1000))
        #expect(recording.latestAccelerometerSample(atOrBefore: t + 0.0001) == accelerometer.sample(at: 1000))
        #expect(recording.latestAccelerometerSample(atOrBefore: 100) == nil)
        let slice = recording.accelerometer(from: 101, to: 102)
        #expect(slice.timestamps.allSatisfy { $0 >= 101 && $0 < 102 })
        #expect(slice.count == accelerometer.timestamps.filter { $0 >= 101 && $0 < 102 }.count)
        #expect(recording.deviceMotion(from: 101, to: 101.5).count == 100)
        #expect(recording.latestDeviceMotionSample(atOrBefore: 101.0)?.timestamps == [101.0])
    }
}
