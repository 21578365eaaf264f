import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct RecordingBatchesTests {
    /// The definition: a batch ends before every sample whose whole second (`floor`) differs from the one before.
    func referenceEnds(_ timestamps: [Double]) -> [Int] {
        guard !timestamps.isEmpty else { return [] }
        var ends: [Int] = []
        var second = timestamps[0].rounded(.down)
        for index in timestamps.indices.dropFirst() where timestamps[index].rounded(.down) != second {
            ends.append(index)
            second = timestamps[index].rounded(.down)
        }
        return ends + [timestamps.count]
    }

    @Test func wholeSecondBatchEndsFollowFloor() {
        var rng = SplitMix64(seed: 81)
        let steady = (0..<5000).map { 56257.4 + Double($0) / 798.7 }
        let jittered = (0..<5000).map { _ in Double.random(in: -3...3, using: &rng) }.sorted()
        let odd: [Double] = [
            -0.0, 0, 0.5, -0.5, -1, -1, .nan, 3, .nan, .nan, 4.999999999999999, 5, 9007199254740992,
            9007199254740994, 18014398509481984, 18014398509481988, .infinity, 2, -.infinity,
        ]
        for timestamps in [steady, jittered, odd, [], [7.5]] {
            #expect(Recording.wholeSecondBatchEnds(timestamps) == referenceEnds(timestamps), "\(timestamps.prefix(4))")
        }
    }

    /// Fed in chunks of any sizes (empty ones included), the cutter finds the same ends, and each batch's last
    /// timestamp is the one before its end, also where a batch ends at a chunk boundary.
    @Test func cutterGivesTheSameEndsForAnyChunking() {
        var rng = SplitMix64(seed: 82)
        let timestamps = (0..<3000).map { 100.2 + Double($0) / 798.7 } + [.nan, 103.5, 103.9, 104.0, 103.1, 110.5]
        let expected = referenceEnds(timestamps)
        for maxChunk in [1, 2, 7, 800, 5000] {
            var cutter = WholeSecondBatchCutter(firstTimestamp: timestamps[0])
            var start = 1
            timestamps.withUnsafeBufferPointer { all in
                while start < all.count {
                    let end = Swift.min(all.count, start + Int.random(in: 0...maxChunk, using: &rng))
                    cutter.scan(UnsafeBufferPointer(rebasing: all[start..<end]))
                    start = end
                }
            }
            let (ends, lastTimes) = cutter.finish()
            #expect(ends == expected, "max chunk \(maxChunk)")
            #expect(lastTimes.map(\.bitPattern) == ends.map { timestamps[$0 - 1].bitPattern }, "max chunk \(maxChunk)")
        }
    }

    /// A mapped file without kept batch ends cuts its timestamps at whole seconds a chunk at a time
    /// (``NativeRecordingFile/releaseChunkBytes``, set here to 100 kB so that many chunks are scanned): over dozens
    /// of chunks of `<f8` timestamps (read in place) and of `<f4` ones (converted), the same batches as the recording.
    @Test func nativeFileCutsLongStreamsLikeTheRecording() throws {
        let count = 400_000  // 3.2 MB of `<f8`, 1.6 MB of `<f4`: chunk boundaries inside batches and between them
        let timestamps = (0..<count).map { 7000.3 + Double($0) / 798.7 }
        let zeros = [Float](repeating: 0, count: count)
        let recording = Recording(accelerometer: AccelerometerData(timestamps: timestamps, x: zeros, y: zeros, z: zeros))
        var file = try FixtureFiles.openedNativeFile(recording)
        file.releaseChunkBytes = 100_000
        #expect(file.batchRanges() == recording.batchRanges())
        #expect(file.batchRanges().count == 502)

        let rounded = timestamps.map { Double(Float($0)) }
        var single = try FixtureFiles.openedNpz([
            ("accelerometer_timestamp", .float32(rounded.map(Float.init))),
            ("accelerometer_x", .float32(zeros)), ("accelerometer_y", .float32(zeros)), ("accelerometer_z", .float32(zeros)),
        ])
        single.releaseChunkBytes = 100_000
        let expected = Recording(accelerometer: AccelerometerData(timestamps: rounded, x: zeros, y: zeros, z: zeros))
        #expect(single.batchRanges() == expected.batchRanges())
    }
}
