import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

#if canImport(Glibc)
    import Glibc
#endif

/// Streaming a native file keeps its resident memory flat: the pages behind delivered batches are released
/// ``NativeRecordingFile/releaseChunkBytes`` at a time per column, so however long the recording, only about one
/// chunk of each column read is mapped at any time.
@Suite struct NativeRecordingFileBatchSourceTests {
    /// Half an hour at 800 / 200 Hz (≈ 45 MB), streamed batch by batch as the analyzer reads it (accelerometer
    /// columns, device-motion rotation rate and gravity lent, every sample touched), with 64 KiB chunks: the
    /// file's pages mapped at once, counted from `/proc/self/pagemap` after every batch, stay below what the chunk
    /// and the page cache's largest folio allow per column (≈ 4,800 pages); without releases they reach the
    /// ≈ 9,800 pages read.
    @Test func streamingReleasesDeliveredPagesChunkByChunk() throws {
        #if os(Linux)
            let seconds = 1800
            let accelerometerCount = seconds * 800
            let deviceMotionCount = seconds * 200
            let accelerometer = AccelerometerData(
                timestamps: (0..<accelerometerCount).map { Double($0) / 800 },
                x: (0..<accelerometerCount).map { Float($0 % 97) }, y: .init(repeating: 1, count: accelerometerCount),
                z: .init(repeating: -1, count: accelerometerCount))
            let ones = [Float](repeating: 1, count: deviceMotionCount)
            let deviceMotion = DeviceMotionData(
                timestamps: (0..<deviceMotionCount).map { Double($0) / 200 },
                attitudeW: ones, attitudeX: ones, attitudeY: ones, attitudeZ: ones,
                gravityX: ones, gravityY: ones, gravityZ: ones,
                userAccelerationX: ones, userAccelerationY: ones, userAccelerationZ: ones,
                rotationRateX: ones, rotationRateY: ones, rotationRateZ: ones)
            var file = try FixtureFiles.openedNativeFile(
                Recording(accelerometer: accelerometer, deviceMotion: deviceMotion))
            let mapping = file.mapping
            let base = try #require(mapping.base)
            file.releaseChunkBytes = 64 << 10

            let pageSize = MappedFile.pageSize
            // Per column read (4 accelerometer, 7 device motion), what may be mapped at once: the chunk not yet
            // released, the page-cache folio that the next fault maps whole (up to 2 MiB, whatever the advice), the
            // batch being read and a page on either side — or the whole column, when that is less.
            let readColumns = ["accelerometer_timestamp", "accelerometer_x", "accelerometer_y", "accelerometer_z",
                "device_motion_timestamp", "device_motion_rotation_rate_x", "device_motion_rotation_rate_y",
                "device_motion_rotation_rate_z", "device_motion_gravity_x", "device_motion_gravity_y",
                "device_motion_gravity_z"]
            var bound = 16  // the zip directory, the npy headers, the metadata
            var touched = 0
            for name in readColumns {
                let bytes = try #require(file.arrays[name]).count * (name.hasSuffix("timestamp") ? 8 : 4)
                bound += (Swift.min(bytes, file.releaseChunkBytes + (2 << 20) + 800 * 8) + pageSize - 1) / pageSize + 2
                touched += (bytes + pageSize - 1) / pageSize
            }
            #expect(bound * 3 < touched * 2, "the file is too short for the test to tell releases from none")

            var scratchAccelerometer = AccelerometerData()
            var scratchDeviceMotion = DeviceMotionData()
            var sum: Double = 0
            var mostMapped = 0
            for batch in file.batchRanges() {
                if batch.stream == .accelerometer {
                    file.withAccelerometerColumns(batch.range, scratch: &scratchAccelerometer) { columns in
                        for i in 0..<columns.count {
                            sum += columns.timestamps[i] + Double(columns.x[i] + columns.y[i] + columns.z[i])
                        }
                    }
                } else {
                    file.withDeviceMotionRotationColumns(
                        batch.range, components: [.rotationRate, .gravity], scratch: &scratchDeviceMotion
                    ) { columns in
                        for i in 0..<columns.timestamps.count {
                            sum += columns.timestamps[i]
                            sum += Double(columns.rotationRateX[i] + columns.rotationRateY[i] + columns.rotationRateZ[i])
                            sum += Double(columns.gravityX[i] + columns.gravityY[i] + columns.gravityZ[i])
                        }
                    }
                }
                file.didDeliver(batch)
                mostMapped = max(mostMapped, try mappedPages(base, count: mapping.count))
            }
            #expect(sum > 0)
            #expect(mostMapped > readColumns.count, "the test must see the pages it reads")
            #expect(mostMapped <= bound, "\(mostMapped) of the \(touched) pages read mapped at once; bound \(bound)")
        #endif
    }

    /// Loading a mapped recording (``NativeRecordingFile/recording()``: a whole-column copy of each array) releases
    /// each column's pages a chunk at a time behind the copy, and the whole mapping once done: afterwards, of the
    /// ≈ 1,640 pages read hardly any stay mapped (at most 16), where without releases all of them would.
    @Test func loadingReleasesTheCopiedPages() throws {
        #if os(Linux)
            let accelerometerCount = 300 * 800
            let deviceMotionCount = 300 * 200
            let a = (0..<accelerometerCount).map { Double($0) / 800 }
            let d = (0..<deviceMotionCount).map { Double($0) / 200 }
            let values = d.map { Float($0) }
            let recording = Recording(
                accelerometer: AccelerometerData(timestamps: a, x: a.map { Float($0) }, y: a.map { Float(-$0) }, z: a.map { Float($0 / 2) }),
                deviceMotion: DeviceMotionData(
                    timestamps: d, gravityX: values, gravityY: values, gravityZ: values, rotationRateX: values,
                    rotationRateY: values, rotationRateZ: values))
            var file = try FixtureFiles.openedNativeFile(recording)
            file.releaseChunkBytes = 64 << 10
            let base = try #require(file.mapping.base)
            let loaded = try file.recording()
            #expect(loaded.accelerometer == recording.accelerometer && loaded.deviceMotion == recording.deviceMotion)
            let touched = (accelerometerCount * 20 + deviceMotionCount * 32) / MappedFile.pageSize
            let mapped = try mappedPages(base, count: file.mapping.count)
            #expect(touched > 1000 && mapped <= 16, "\(mapped) of the \(touched) pages read still mapped")
        #endif
    }

    /// Pages of `[base, base + count)` present in this process's page tables (`/proc/self/pagemap`, bit 63).
    private func mappedPages(_ base: UnsafeRawPointer, count: Int) throws -> Int {
        #if os(Linux)
            let pageSize = MappedFile.pageSize
            let first = Int(bitPattern: base) / pageSize
            let pages = (count + pageSize - 1) / pageSize
            let descriptor = open("/proc/self/pagemap", O_RDONLY)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var entries = [UInt64](repeating: 0, count: pages)
            let read = entries.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(first * 8)) }
            try #require(read == pages * 8)
            return entries.reduce(0) { $0 + Int($1 >> 63) }
        #else
            return 0
        #endif
    }
}
