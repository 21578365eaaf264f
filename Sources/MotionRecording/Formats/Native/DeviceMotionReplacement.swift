/// A memory-mapped native recording rewritten with device motion computed while it is read (sensor fusion of its
/// raw accelerometer and gyroscope): the new device motion is appended batch by batch to a temporary native file
/// (a ``TextSpill``: unlinked at once, gone with the last copy of the result or the process), every other array of
/// the recording is copied there a chunk at a time, and the result is served memory-mapped like any spilled
/// recording. Neither the recording nor the new device motion is ever held in memory whole, so resident memory stays
/// flat in the recording's length; the temporary file takes about as much disk as the recording's motion arrays
/// plus the new device motion (60 bytes a sample: a `<f8` timestamp and 13 `<f4` columns).
///
/// ```swift
/// let replacement = try DeviceMotionReplacement(replacing: file, capacity: file.gyroscopeCount)
/// try replacement.append(fusedBatch)          // as often as batches come, in time order
/// let fused = try replacement.finish(metadata: newMetadata, hygiene: newReport)
/// ```
public final class DeviceMotionReplacement {
    private let source: NativeRecordingFile
    private let spill: TextSpill
    /// Device-motion samples appended so far.
    public private(set) var count = 0

    /// The device-motion arrays written, in ``DeviceMotionColumn/all`` order after the timestamp.
    private static let timestampName = "device_motion_timestamp"

    /// Prepares the temporary file for `source`'s recording with room for `capacity` device-motion samples (an upper
    /// bound: fusion emits at most one per gyroscope sample). `directory` is where it goes (`TMPDIR` when `nil`).
    public init(replacing source: NativeRecordingFile, capacity: Int, directory: String? = nil) throws(RecordingError) {
        self.source = source
        spill = try TextSpill(for: source.file, directory: directory)
        spill.reserve([(Self.timestampName, 8, .float64)], capacity: capacity)
        spill.reserve(DeviceMotionColumn.all.map { ("device_motion_" + $0.name, 4, .float32) }, capacity: capacity)
    }

    /// Appends `motion`'s samples (its timestamps, s, and the column groups it holds; an absent group stays absent).
    public func append(_ motion: DeviceMotionData) throws(RecordingError) {
        guard !motion.isEmpty else { return }
        try spill.append(Self.timestampName, motion.timestamps)
        for column in DeviceMotionColumn.all where !motion[keyPath: column.keyPath].isEmpty {
            try spill.append("device_motion_" + column.name, motion[keyPath: column.keyPath])
        }
        count += motion.count
    }

    /// The rewritten recording, memory-mapped: the device motion appended (without stored batch ends: batches are
    /// cut at whole seconds), and every other array of the source copied unchanged (the accelerometer with its batch
    /// ends, the raw gyroscope and magnetometer, the slower streams), the source's pages released behind the copy.
    /// `metadata` and `hygiene` are the new recording's.
    ///
    /// Throws when the source shrank while it was copied (``NativeRecordingFile/truncation``) or the temporary file
    /// cannot be written.
    public func finish(metadata: RecordingMetadata, hygiene: HygieneReport) throws(RecordingError) -> NativeRecordingFile {
        let motionColumns = DeviceMotionColumn.all.map { "device_motion_" + $0.name }
        for name in motionColumns where spill.regions[name]?.count != count || count == 0 { spill.discard(name) }
        if count == 0 { spill.discard(Self.timestampName) }
        for (name, info) in source.arrays.sorted(by: { $0.key < $1.key })
        where !name.hasPrefix("device_motion_") && name != "metadata_json" {
            try copy(name, info)
        }
        let mapping = try spill.mapped()
        return try NativeRecordingFile(
            mapping: mapping, arrays: spill.arrays, metadata: metadata, hygiene: hygiene, hasStoredHygiene: true,
            batchEnds: source.computedBatchEnds.filter { !$0.key.hasPrefix("device_motion_") })
    }

    /// Copies the array `info` of the source into a region of its own, ``NativeRecordingFile/releaseChunkBytes`` at
    /// a time, releasing each chunk's pages of the source once written.
    private func copy(_ name: String, _ info: NpyArrayInfo) throws(RecordingError) {
        spill.reserve([(name, info.dtype.size, info.dtype)], capacity: info.count)
        try source.forEachChunk(of: info) { bytes throws(RecordingError) in try spill.append(name, bytes) }
    }
}
