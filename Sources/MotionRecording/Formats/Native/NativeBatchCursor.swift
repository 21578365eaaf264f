/// One stream's batches of a mapped native file, found one ahead of their delivery (see ``BatchSchedule``).
struct NativeBatchCursor: Sendable {
    /// Samples scanned for whole-second cuts at a time: 8,192 `<f8` timestamps (64 KiB, about 10 s of accelerometer
    /// samples) — small enough to be still in the core's cache when their batches are read, long enough for the
    /// hardware prefetcher to stream them and to make the per-block overhead negligible (blocks of 1,024 cost more
    /// than a separate pass over the whole file).
    static let scanBlockLength = 8192

    private let stream: SensorStream
    private let count: Int
    private let timestamps: NpyArrayInfo?
    /// The file's batch ends for this stream, or `nil`: cut at whole seconds.
    private let storedEnds: [Int]?
    private var storedEndsTaken = 0
    /// Whole-second cuts found so far (``WholeSecondBatchCutter``), how many of them were taken, and the next
    /// sample to scan.
    private var cutter: WholeSecondBatchCutter?
    private var cutsTaken = 0
    private var nextToScan = 1
    private var cutterFinished = false
    private var converted: [Double] = []
    /// The first sample of the next batch.
    private var start = 0
    private var pending: (range: Range<Int>, lastTime: Double)?
    private var previousLastTime = -Double.infinity

    init(_ file: NativeRecordingFile, _ stream: SensorStream) {
        self.stream = stream
        let prefix = stream == .accelerometer ? "accelerometer_" : "device_motion_"
        count = stream == .accelerometer ? file.accelerometerCount : file.deviceMotionCount
        timestamps = file.arrays[prefix + "timestamp"]
        // Malformed stored ends are ignored, as by `batchRanges()`.
        storedEnds = (try? file.batchEnds(prefix + "batch_ends", count: count)) ?? nil
        if storedEnds == nil, count > 0, let timestamps, timestamps.count > 0 {
            cutter = WholeSecondBatchCutter(firstTimestamp: file.timestampValue(timestamps, 0))
        }
    }

    /// The next batch's samples and last time, found if not yet (`nil`: the stream has no more batches).
    mutating func peek(_ file: NativeRecordingFile) -> (range: Range<Int>, lastTime: Double)? {
        if pending == nil { pending = findNext(file) }
        return pending
    }

    /// Hands out the batch ``peek(_:)`` found, and whether its last time follows the previous one's in order.
    mutating func take() -> (range: Range<Int>, followsInOrder: Bool) {
        let batch = pending!
        pending = nil
        let inOrder = BatchRange.keepsStreamOrder(after: previousLastTime, batch.lastTime)
        previousLastTime = batch.lastTime
        return (batch.range, inOrder)
    }

    private mutating func findNext(_ file: NativeRecordingFile) -> (range: Range<Int>, lastTime: Double)? {
        while let end = nextEnd(file) {
            // An end not past the previous one makes no batch (as in `batchRanges()`).
            guard end.index > start else { continue }
            defer { start = end.index }
            return (start..<end.index, end.lastTime)
        }
        return nil
    }

    /// The next batch end and the time of the sample before it, or `nil` when the stream has no more.
    private mutating func nextEnd(_ file: NativeRecordingFile) -> (index: Int, lastTime: Double)? {
        if let storedEnds {
            guard storedEndsTaken < storedEnds.count else { return nil }
            let end = storedEnds[storedEndsTaken]
            storedEndsTaken += 1
            return (end, end > 0 ? file.timestampValue(timestamps!, end - 1) : -.infinity)
        }
        guard cutter != nil else { return nil }
        while cutsTaken == cutter!.ends.count {
            if nextToScan < count {
                scanNextBlock(file)
            } else if !cutterFinished {
                _ = cutter!.finish()
                cutterFinished = true
            } else {
                return nil
            }
        }
        defer { cutsTaken += 1 }
        return (cutter!.ends[cutsTaken], cutter!.lastTimes[cutsTaken])
    }

    /// Scans the next ``scanBlockLength`` timestamps for whole-second cuts.
    private mutating func scanNextBlock(_ file: NativeRecordingFile) {
        let end = Swift.min(count, nextToScan + Self.scanBlockLength)
        file.scanTimestamps(timestamps!, nextToScan..<end, into: &cutter!, converted: &converted)
        nextToScan = end
    }
}
