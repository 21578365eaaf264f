import Foundation

/// Streaming straight from the mapped file: each batch is copied from the mapped columns into the reused buffers,
/// and the pages behind each delivered batch are released, so that resident memory stays flat however long the
/// recording is.
extension NativeRecordingFile: BatchSource {
    /// The default ``releaseChunkBytes``: how many bytes of a column are read before they are handed back to the
    /// kernel (4 MiB). What stays mapped of each column is about one chunk, plus the page-cache folio the next read
    /// maps whole (up to 2 MiB), whatever the recording's length, so resident memory stays flat (tens of MB for 1 h
    /// or 10 h). Each release that unmaps pages interrupts the process's other threads (a TLB shootdown, an
    /// inter-processor interrupt), which analyses running in parallel (`analyze --jobs`) pay for: a few MiB keeps
    /// those interruptions rare, and larger chunks only add memory.
    static let defaultReleaseChunkBytes = 4 << 20

    /// Batches found as they are taken, not in a pass over the file first (see ``BatchSchedule``).
    public func batchSchedule() -> BatchSchedule {
        BatchSchedule(native: self)
    }

    public func batchRanges() -> [BatchRange] {
        func timed(_ stream: SensorStream) -> BatchRange.Timed {
            let (ends, lastTimes) = batchEndsAndLastTimes(stream)
            return BatchRange.Timed(ends: ends) { lastTimes[$0] }
        }
        // The same order as Recording.batchRanges().
        return BatchRange.deliveryOrder(accelerometer: timed(.accelerometer), deviceMotion: timed(.deviceMotion))
    }

    /// The end of each of `stream`'s batches and the timestamp of its last sample: from the batch ends the file
    /// kept (timestamps read at those ends only), else cut at whole seconds in one scan of the timestamps. Either
    /// way the timestamp pages read are released behind the reading, so resident memory stays flat.
    func batchEndsAndLastTimes(_ stream: SensorStream) -> (ends: [Int], lastTimes: [Double]) {
        let (prefix, count) =
            stream == .accelerometer ? ("accelerometer_", accelerometerCount) : ("device_motion_", deviceMotionCount)
        guard let ends = (try? batchEnds(prefix + "batch_ends", count: count)) ?? nil else {
            return wholeSecondBatches(prefix)
        }
        var lastTimes: [Double] = []
        lastTimes.reserveCapacity(ends.count)
        let timestamps = arrays[prefix + "timestamp"]
        let samplesPerRelease = releaseChunkBytes / (timestamps?.dtype.size ?? 8)
        // Each release starts at the array's start, not where the previous one stopped: reading the timestamp at a
        // batch end can map a whole 2 MiB folio that reaches back over pages already released, and those must go
        // again (releasing from where the last one stopped raised `analyze`'s peak RSS on the hour from 59 to 65 MB).
        var releasedUpTo = 0
        for end in ends {
            lastTimes.append(end > 0 ? timestamp(stream, at: end - 1) : -.infinity)
            if end - releasedUpTo >= samplesPerRelease, let timestamps {
                mapping.release(timestamps.offset..<(timestamps.offset + end * timestamps.dtype.size))
                releasedUpTo = end
            }
        }
        if let timestamps {
            mapping.release(timestamps.offset..<(timestamps.offset + (ends.last ?? 0) * timestamps.dtype.size))
        }
        return (ends, lastTimes)
    }

    /// Batches cut where `floor(timestamp)` changes and their last timestamps (``WholeSecondBatchCutter``), scanning
    /// the mapped timestamps once, ``releaseChunkBytes`` at a time, each chunk released once scanned.
    func wholeSecondBatches(_ prefix: String) -> (ends: [Int], lastTimes: [Double]) {
        guard let info = arrays[prefix + "timestamp"], info.count > 0, mapping.base != nil else { return ([], []) }
        let chunk = max(1, releaseChunkBytes / info.dtype.size)
        var cutter = WholeSecondBatchCutter(firstTimestamp: timestampValue(info, 0))
        var converted: [Double] = []
        // Each chunk of timestamps is released once scanned, from the page where the previous release stopped (a
        // page straddling two chunks goes with the second).
        var releasedFrom = info.offset
        var start = 1
        while start < info.count {
            let end = Swift.min(info.count, (start / chunk + 1) * chunk)
            scanTimestamps(info, start..<end, into: &cutter, converted: &converted)
            let scannedEnd = info.offset + end * info.dtype.size
            mapping.release(releasedFrom..<scannedEnd)
            releasedFrom = Swift.max(releasedFrom, scannedEnd / MappedFile.pageSize * MappedFile.pageSize)
            start = end
        }
        return cutter.finish()
    }

    /// Scans timestamps `range` of the array `info` for whole-second cuts: in place when they are aligned `<f8`,
    /// else through `converted` (a reused copy).
    func scanTimestamps(
        _ info: NpyArrayInfo, _ range: Range<Int>, into cutter: inout WholeSecondBatchCutter, converted: inout [Double]
    ) {
        let base = mapping.base! + info.offset
        if info.dtype == .float64 && Int(bitPattern: base) % MemoryLayout<Double>.alignment == 0 {
            cutter.scan(UnsafeBufferPointer(start: base.assumingMemoryBound(to: Double.self) + range.lowerBound, count: range.count))
        } else {
            converted.removeAll(keepingCapacity: true)
            for index in range { converted.append(timestampValue(info, index)) }
            converted.withUnsafeBufferPointer { cutter.scan($0) }
        }
    }

    @inline(__always)
    func timestampValue(_ info: NpyArrayInfo, _ index: Int) -> Double {
        let base = mapping.base! + info.offset
        return info.dtype == .float64
            ? base.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
            : Double(base.loadUnaligned(fromByteOffset: index * 4, as: Float.self))
    }

    public func timestamp(_ stream: SensorStream, at index: Int) -> Double {
        let info: NpyArrayInfo
        switch stream {
        case .accelerometer: info = accelerometerArrays!.timestamp
        case .deviceMotion: info = deviceMotionTimestampArray!
        case .gyroscope: info = arrays["gyroscope_timestamp"]!
        case .magnetometer: info = arrays["magnetometer_timestamp"]!
        }
        precondition(index >= 0 && index < info.count, "sample index out of range")
        return timestampValue(info, index)
    }

    /// Appends elements `range` of the array `info` to `column` (converting dtype when needed).
    func appendFloats(_ info: NpyArrayInfo, _ range: Range<Int>, to column: inout [Float]) {
        guard let mapped = mapping.base else { return }
        let base = mapped + info.offset
        if info.dtype == .float32 && Int(bitPattern: base) % MemoryLayout<Float>.alignment == 0 {
            column.append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: Float.self) + range.lowerBound, count: range.count))
        } else if info.dtype == .float32 {
            for index in range { column.append(base.loadUnaligned(fromByteOffset: index * 4, as: Float.self)) }
        } else {
            for index in range { column.append(Float(base.loadUnaligned(fromByteOffset: index * 8, as: Double.self))) }
        }
    }

    func appendDoubles(_ info: NpyArrayInfo, _ range: Range<Int>, to column: inout [Double]) {
        guard let mapped = mapping.base else { return }
        let base = mapped + info.offset
        if info.dtype == .float64 && Int(bitPattern: base) % MemoryLayout<Double>.alignment == 0 {
            column.append(contentsOf: UnsafeBufferPointer(start: base.assumingMemoryBound(to: Double.self) + range.lowerBound, count: range.count))
        } else {
            for index in range { column.append(timestampValue(info, index)) }
        }
    }

    /// Borrows the mapped columns directly when they are `<f8` timestamps and `<f4` values, suitably aligned (as the
    /// native writer stores them); other files are copied into `scratch`.
    public func withAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result {
        guard mapping.isWhole() else { return withCopiedAccelerometerColumns(0..<0, scratch: &scratch, body) }
        guard let columns = accelerometerArrays, let mapped = mapping.base,
            columns.timestamp.dtype == .float64, columns.x.dtype == .float32, columns.y.dtype == .float32,
            columns.z.dtype == .float32,
            columns.timestamp.offset % 8 == 0, columns.x.offset % 4 == 0, columns.y.offset % 4 == 0,
            columns.z.offset % 4 == 0
        else {
            return withCopiedAccelerometerColumns(range, scratch: &scratch, body)
        }
        func floats(_ info: NpyArrayInfo) -> UnsafeBufferPointer<Float> {
            UnsafeBufferPointer(
                start: (mapped + info.offset).assumingMemoryBound(to: Float.self) + range.lowerBound, count: range.count)
        }
        return body(
            AccelerometerColumns(
                timestamps: UnsafeBufferPointer(
                    start: (mapped + columns.timestamp.offset).assumingMemoryBound(to: Double.self) + range.lowerBound,
                    count: range.count),
                x: floats(columns.x), y: floats(columns.y), z: floats(columns.z)))
    }

    public func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData) {
        buffer.removeAll(keepingCapacity: true)
        guard let columns = accelerometerArrays, mapping.isWhole() else { return }
        appendDoubles(columns.timestamp, range, to: &buffer.timestamps)
        appendFloats(columns.x, range, to: &buffer.x)
        appendFloats(columns.y, range, to: &buffer.y)
        appendFloats(columns.z, range, to: &buffer.z)
    }

    public var streams: Set<SensorStream> {
        var streams: Set<SensorStream> = []
        if accelerometerCount > 0 { streams.insert(.accelerometer) }
        if deviceMotionCount > 0 { streams.insert(.deviceMotion) }
        if gyroscopeCount > 0 { streams.insert(.gyroscope) }
        if magnetometerCount > 0 { streams.insert(.magnetometer) }
        return streams
    }

    public var deviceMotionComponents: DeviceMotionComponents {
        guard deviceMotionTimestampArray != nil else { return [] }
        return deviceMotionColumns.reduce(into: []) { $0.insert(DeviceMotionColumn.all[$1.column].group) }
    }

    /// Borrows the mapped columns directly when the timestamps are `<f8` and the requested columns `<f4`, suitably
    /// aligned (as the native writer stores them); other files are copied into `scratch`. A group with a column
    /// missing from the file is lent empty, as ``DeviceMotionData/withRotationColumns(_:components:_:)`` does.
    public func withDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        var lent = components.intersection([.rotationRate, .gravity, .attitude])
        for (info, column) in zip(deviceMotionRotationArrays, DeviceMotionColumn.rotationAnalysis) where info == nil {
            lent.remove(column.group)
        }
        guard mapping.isWhole() else {
            return withCopiedDeviceMotionRotationColumns(0..<0, components: components, scratch: &scratch, body)
        }
        guard let mapped = mapping.base, let time = deviceMotionTimestampArray, time.dtype == .float64,
            time.offset % 8 == 0,
            zip(deviceMotionRotationArrays, DeviceMotionColumn.rotationAnalysis).allSatisfy({ info, column in
                guard let info, lent.contains(column.group) else { return true }
                return info.dtype == .float32 && info.offset % 4 == 0
            })
        else {
            return withCopiedDeviceMotionRotationColumns(range, components: components, scratch: &scratch, body)
        }
        func column(_ index: Int) -> UnsafeBufferPointer<Float> {
            guard let info = deviceMotionRotationArrays[index], lent.contains(DeviceMotionColumn.rotationAnalysis[index].group)
            else { return UnsafeBufferPointer(start: nil, count: 0) }
            return UnsafeBufferPointer(
                start: (mapped + info.offset).assumingMemoryBound(to: Float.self) + range.lowerBound, count: range.count)
        }
        return body(
            DeviceMotionRotationColumns(
                timestamps: UnsafeBufferPointer(
                    start: (mapped + time.offset).assumingMemoryBound(to: Double.self) + range.lowerBound,
                    count: range.count),
                rotationRate: (column(0), column(1), column(2)), gravity: (column(3), column(4), column(5)),
                attitude: (column(6), column(7), column(8), column(9))))
    }

    public func copyDeviceMotion(
        _ range: Range<Int>, components: DeviceMotionComponents, into buffer: inout DeviceMotionData
    ) {
        buffer.removeAll(keepingCapacity: true)
        guard let timestamps = deviceMotionTimestampArray, mapping.isWhole() else { return }
        appendDoubles(timestamps, range, to: &buffer.timestamps)
        for (column, info) in deviceMotionColumns
        where components.contains(DeviceMotionColumn.all[column].group) {
            appendFloats(info, range, to: &buffer[keyPath: DeviceMotionColumn.all[column].keyPath])
        }
    }

    /// Releases the mapped pages of the batch's stream that this batch finished delivering (``didRead(_:_:)``):
    /// resident memory stays flat, with one `madvise` per column per chunk rather than per batch.
    public func didDeliver(_ batch: BatchRange) {
        didRead(batch.stream, batch.range)
    }
}
