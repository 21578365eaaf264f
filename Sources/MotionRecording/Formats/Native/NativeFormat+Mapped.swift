import Foundation

extension NativeFormat {
    /// Writes `source` as a native file: a recording in memory as ``write(_:to:)-(Recording,_)`` does, a
    /// memory-mapped one copied from its mapping (``write(_:to:)-(NativeRecordingFile,_)``), byte for byte the same
    /// file either way.
    public static func write(_ source: RecordingSource, to url: URL) throws(RecordingError) {
        switch source.storage {
        case .inMemory(let recording): try write(recording, to: url)
        case .mapped(let file): try write(file, to: url)
        }
    }

    /// Writes a memory-mapped native recording to `url`, byte for byte as writing its loaded
    /// ``NativeRecordingFile/recording()`` would, without loading it: the motion streams' arrays are copied from the
    /// mapping ``NativeRecordingFile/releaseChunkBytes`` at a time (read twice: once for the CRC-32 the zip header
    /// needs, once to write), each chunk's pages released once read, so memory stays flat in the recording's length;
    /// batch ends, the slower streams (≤ 25 Hz) and the metadata are read whole. Arrays stored with the other float
    /// type than this writer's (`<f8` timestamps, `<f4` samples; numpy writes `<f8` samples by default) are converted
    /// chunk by chunk as loading converts them; a file with another element type is loaded and written as a
    /// ``Recording``. Throws when the file shrank while it was read.
    public static func write(_ file: NativeRecordingFile, to url: URL) throws(RecordingError) {
        var members: [(String, NpzMember)] = []
        /// The arrays of `names` under `prefix`, each present one as this writer stores it: nil when one is not a
        /// float array.
        func mapped(_ prefix: String, _ names: [String]) -> [(String, NpzMember)]? {
            var result: [(String, NpzMember)] = []
            for name in names {
                guard let info = file.arrays[prefix + name] else { continue }
                let written: NpyArrayInfo.DType = name == "timestamp" ? .float64 : .float32
                switch info.dtype {
                case written: result.append((prefix + name, .mapped(file, info)))
                case .float32, .float64: result.append((prefix + name, .converted(file, info, to: written)))
                default: return nil
                }
            }
            return result
        }
        /// A stream's stored or computed batch ends, as the loaded recording carries them.
        func batchEnds(_ name: String, count: Int) throws(RecordingError) -> [(String, NpzMember)] {
            guard let ends = try file.batchEnds(name, count: count) else { return [] }
            return [(name, .array(.int64(ends.map { Int64($0) })))]
        }
        let threeAxis = ["timestamp", "x", "y", "z"]
        // The order of write(_: Recording, to:). A loaded stream without samples has no device-motion columns.
        let deviceMotionNames = ["timestamp"] + (file.deviceMotionCount > 0 ? DeviceMotionColumn.all.map(\.name) : [])
        guard
            let accelerometer = file.hasAccelerometer ? mapped("accelerometer_", threeAxis) : [],
            let deviceMotion = file.hasDeviceMotion ? mapped("device_motion_", deviceMotionNames) : [],
            let gyroscope = mapped("gyroscope_", file.arrays["gyroscope_timestamp"] != nil ? threeAxis : []),
            let magnetometer = mapped("magnetometer_", file.arrays["magnetometer_timestamp"] != nil ? threeAxis : [])
        else {
            return try write(file.recording(), to: url)
        }
        members += accelerometer
        if file.hasAccelerometer { members += try batchEnds("accelerometer_batch_ends", count: file.accelerometerCount) }
        members += deviceMotion
        if file.hasDeviceMotion { members += try batchEnds("device_motion_batch_ends", count: file.deviceMotionCount) }
        members += gyroscope + magnetometer
        members += workoutStreamMembers(try file.slowerStreams()).map { ($0.0, .array($0.1)) }
        members.append(("metadata_json", .array(.uint8(try metadataJSON(file.metadata, file.hygiene, url: url)))))
        try NpzWriter.write(members, to: url)
        file.mapping.release(0..<file.mapping.count)
    }
}

extension NativeRecordingFile {
    /// Calls `body` with the bytes of the array `info`, in order, ``releaseChunkBytes`` at a time, releasing each
    /// chunk's pages once `body` returns. Throws when the file shrank below its mapping.
    func forEachChunk(
        of info: NpyArrayInfo, _ body: (UnsafeRawBufferPointer) throws(RecordingError) -> Void
    ) throws(RecordingError) {
        let total = info.count * info.dtype.size
        let chunk = max(info.dtype.size, releaseChunkBytes / info.dtype.size * info.dtype.size)
        var done = 0
        while done < total {
            guard mapping.isWhole(), let base = mapping.base else {
                throw truncation ?? .unreadable(file: file, reason: "its mapping is gone")
            }
            let bytes = min(chunk, total - done)
            try body(UnsafeRawBufferPointer(start: base + info.offset + done, count: bytes))
            mapping.release(info.offset + done..<info.offset + done + bytes)
            done += bytes
        }
    }
}
