import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

/// A mapped native file's ``BatchSchedule`` finds its batches as they are taken; it must hand out exactly
/// `batchRanges()`, in that order, and say when it could not.
@Suite struct BatchScheduleTests {
    private static func drain(_ schedule: BatchSchedule) -> (batches: [BatchRange], inOrder: Bool) {
        var schedule = schedule
        var batches: [BatchRange] = []
        while let batch = schedule.next() { batches.append(batch) }
        #expect(schedule.next() == nil)
        return (batches, schedule.followedDeliveryOrder)
    }

    /// `count` samples at `rate` Hz from `start` s.
    private static func accelerometer(_ count: Int, rate: Double, start: Double) -> AccelerometerData {
        let zeros = [Float](repeating: 0, count: count)
        return AccelerometerData(timestamps: (0..<count).map { start + Double($0) / rate }, x: zeros, y: zeros, z: zeros)
    }

    private static func deviceMotion(_ count: Int, rate: Double, start: Double) -> DeviceMotionData {
        let ones = [Float](repeating: 1, count: count)
        return DeviceMotionData(
            timestamps: (0..<count).map { start + Double($0) / rate },
            gravityX: ones, gravityY: ones, gravityZ: ones, rotationRateX: ones, rotationRateY: ones, rotationRateZ: ones)
    }

    /// Whole-second cuts (several scan blocks long, batches straddling them), stored ends (irregular, with one
    /// stream's batches ending at the same times as the other's), one stream only, and `<f4` timestamps read
    /// through a converted copy: the batches of `batchRanges()`, in order.
    @Test func nativeScheduleHandsOutTheBatchRanges() throws {
        let accelerometer = Self.accelerometer(6_000, rate: 798.7, start: 7000.3)
        let deviceMotion = Self.deviceMotion(1_500, rate: 199.3, start: 7000.31)
        let aligned = Self.accelerometer(4_000, rate: 800, start: 10)
        let alignedMotion = Self.deviceMotion(1_000, rate: 200, start: 10)
        let recordings = [
            Recording(accelerometer: accelerometer, deviceMotion: deviceMotion),
            Recording(
                accelerometer: accelerometer, deviceMotion: deviceMotion,
                accelerometerBatchEnds: Array(stride(from: 37, to: 6_000, by: 37)) + [6_000],
                deviceMotionBatchEnds: Array(stride(from: 200, to: 1_500, by: 200)) + [1_500]),
            Recording(
                accelerometer: aligned, deviceMotion: alignedMotion,
                // Accelerometer sample 800k − 4 and device-motion sample 200k − 1 have the same time: ties.
                accelerometerBatchEnds: Array(stride(from: 797, to: 4_000, by: 800)) + [4_000],
                deviceMotionBatchEnds: Array(stride(from: 200, through: 1_000, by: 200))),
            Recording(accelerometer: aligned, deviceMotion: alignedMotion),
            Recording(accelerometer: accelerometer),
            Recording(deviceMotion: deviceMotion),
        ]
        for (index, recording) in recordings.enumerated() {
            let file = try FixtureFiles.openedNativeFile(recording, name: "schedule\(index)")
            let (batches, inOrder) = Self.drain(file.batchSchedule())
            #expect(inOrder, "recording \(index)")
            #expect(batches == file.batchRanges(), "recording \(index)")
            #expect(batches == recording.batchRanges(), "recording \(index)")
            #expect(batches.count > 4, "recording \(index)")
        }

        let times = (0..<3_000).map { Float(500.25 + Double($0) / 797.3) }
        let zeros = [Float](repeating: 0, count: times.count)
        let single = try FixtureFiles.openedNpz([
            ("accelerometer_timestamp", .float32(times)),
            ("accelerometer_x", .float32(zeros)), ("accelerometer_y", .float32(zeros)), ("accelerometer_z", .float32(zeros)),
        ])
        let (batches, inOrder) = Self.drain(single.batchSchedule())
        #expect(inOrder)
        #expect(batches == single.batchRanges())
        #expect(batches.count == 5)
    }

    /// A stream that goes back across a whole second: its batches' last times decrease, so the schedule's merge is
    /// not `batchRanges()`'s stable sort, and it says so; going back within a second changes nothing.
    @Test func aStreamGoingBackInTimeIsNoticed() throws {
        var backwards = Self.accelerometer(4_000, rate: 800, start: 20)
        backwards.timestamps[1_700] = 20.5  // floor 22 → 20 → 22: a batch of one sample, last time 20.5
        let recording = Recording(accelerometer: backwards, deviceMotion: Self.deviceMotion(1_000, rate: 200, start: 20))
        let file = try FixtureFiles.openedNativeFile(recording)
        let (batches, inOrder) = Self.drain(file.batchSchedule())
        #expect(!inOrder)
        #expect(batches != file.batchRanges())
        #expect(Set(batches) == Set(file.batchRanges()))

        var within = Self.accelerometer(4_000, rate: 800, start: 20)
        within.timestamps[1_700] = 22.01  // still second 22
        let calm = try FixtureFiles.openedNativeFile(Recording(accelerometer: within), name: "within")
        let (calmBatches, calmInOrder) = Self.drain(calm.batchSchedule())
        #expect(calmInOrder)
        #expect(calmBatches == calm.batchRanges())
    }

    /// A listed schedule walks its list and is always in order.
    @Test func listedScheduleWalksItsList() {
        let list = [
            BatchRange(stream: .deviceMotion, range: 0..<3), BatchRange(stream: .accelerometer, range: 0..<9),
            BatchRange(stream: .accelerometer, range: 9..<10),
        ]
        let (batches, inOrder) = Self.drain(BatchSchedule(listing: list))
        #expect(batches == list)
        #expect(inOrder)
    }
}
