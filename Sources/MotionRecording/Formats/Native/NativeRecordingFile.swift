import Foundation

/// An opened native `.npz` recording (``NativeFormat``): the file is memory-mapped, its directory and `.npy`
/// headers parsed, and samples are copied out only on request — range queries binary-search the mapped timestamp
/// array and touch only the pages of the slice they return.
public struct NativeRecordingFile: Sendable {
    /// Path of the file, for messages.
    public let file: String
    public let metadata: RecordingMetadata
    /// Hygiene report stored at write time (empty for files written by other tools).
    public let hygiene: HygieneReport
    /// True when the file carries a hygiene report (our writer stores one; other tools do not).
    public let hasStoredHygiene: Bool
    /// Samples per stream (0 when the stream is absent).
    public let accelerometerCount: Int
    public let deviceMotionCount: Int
    /// Raw gyroscope and magnetometer samples (0 when absent).
    public let gyroscopeCount: Int
    public let magnetometerCount: Int
    public var hasAccelerometer: Bool { arrays["accelerometer_timestamp"] != nil }
    public var hasDeviceMotion: Bool { arrays["device_motion_timestamp"] != nil }
    /// Whether the device-motion samples carry rotation rate.
    public var hasRotationRate: Bool { arrays["device_motion_rotation_rate_x"] != nil }

    /// Time from the first to the last sample of either stream, s (as ``Recording/duration``).
    public var duration: Double {
        var start = Double.infinity
        var end = -Double.infinity
        for (stream, count) in [
            (SensorStream.accelerometer, accelerometerCount), (.deviceMotion, deviceMotionCount),
            (.gyroscope, gyroscopeCount), (.magnetometer, magnetometerCount),
        ] where count > 0 {
            start = Swift.min(start, timestamp(stream, at: 0))
            end = Swift.max(end, timestamp(stream, at: count - 1))
        }
        return end >= start ? end - start : 0
    }

    let mapping: MappedFile
    /// Set once the file has shrunk below its mapping while being read: the batches after that point were not
    /// delivered, and any result computed from this file is incomplete (an error for this recording).
    public var truncation: RecordingError? { mapping.truncation }
    /// Bytes of each column read before their pages are released while streaming
    /// (``NativeRecordingFile/defaultReleaseChunkBytes``; tests set it smaller).
    var releaseChunkBytes = NativeRecordingFile.defaultReleaseChunkBytes
    let arrays: [String: NpyArrayInfo]
    /// Batch ends by array name (`accelerometer_batch_ends`, …) that were computed rather than stored in the file.
    let computedBatchEnds: [String: [Int]]
    /// The arrays batches are copied from, resolved once (no name lookups per batch): accelerometer timestamp,
    /// x, y, z; device-motion timestamp; the device-motion columns present — positions in
    /// `DeviceMotionColumn.all` with their arrays; and each stream's sample arrays (released as
    /// batches are delivered).
    let accelerometerArrays: AccelerometerArrays?
    let deviceMotionTimestampArray: NpyArrayInfo?
    let deviceMotionColumns: [(column: Int, array: NpyArrayInfo)]
    /// The rotation-analysis columns, in `DeviceMotionColumn.rotationAnalysis` order (nil where absent).
    let deviceMotionRotationArrays: [NpyArrayInfo?]
    let accelerometerSampleArrays: [NpyArrayInfo]
    let deviceMotionSampleArrays: [NpyArrayInfo]
    var data: Data { mapping.data }

    init(_ url: URL) throws(RecordingError) {
        try self.init(mapping: try MappedFile(url))
    }

    /// Opens an archive held in memory (copied once); `file` names it in messages.
    init(bytes: UnsafeRawBufferPointer, file: String) throws(RecordingError) {
        try self.init(mapping: MappedFile(copying: bytes, path: file))
    }

    init(mapping: MappedFile) throws(RecordingError) {
        let archive = try ZipArchive(data: mapping.data, file: mapping.path)
        var arrays: [String: NpyArrayInfo] = [:]
        for entry in archive.entries where entry.name.hasSuffix(".npy") {
            guard entry.method == 0 else {
                throw .malformed(
                    file: mapping.path, line: nil, column: nil, columnName: nil,
                    reason: "member \(entry.name) is compressed; the native format is an uncompressed .npz (np.savez, not np.savez_compressed)")
            }
            let range = try archive.dataRange(of: entry)
            let name = String(entry.name.dropLast(4))
            arrays[name] = try withBytes(archive.data) { bytes throws(RecordingError) in
                try NpyArrayInfo.parse(bytes, range: range, name: entry.name, file: mapping.path)
            }
        }
        guard !arrays.isEmpty else {
            throw .unrecognizedFormat(file: mapping.path, reason: "zip archive holds no .npy arrays")
        }
        func fail(_ reason: String) -> RecordingError {
            .malformed(file: mapping.path, line: nil, column: nil, columnName: nil, reason: reason)
        }
        // Metadata.
        var metadata = RecordingMetadata(sourceFormat: RecordingFormat.native.name)
        var hygiene = HygieneReport()
        var hasStoredHygiene = false
        if let info = arrays["metadata_json"] {
            guard info.dtype == .uint8 else { throw fail("metadata_json must be a |u1 array") }
            let json = Data(UnsafeRawBufferPointer(start: mapping.base! + info.offset, count: info.count))
            do {
                let envelope = try InterchangeCSV.metadataDecoder().decode(NativeMetadataEnvelope.self, from: json)
                metadata = envelope.metadata
                hygiene = envelope.hygiene ?? HygieneReport()
                hasStoredHygiene = envelope.hygiene != nil
            } catch {
                throw fail("metadata_json is not valid: \(describeDecodingError(error))")
            }
        }
        try self.init(
            mapping: mapping, arrays: arrays, metadata: metadata, hygiene: hygiene, hasStoredHygiene: hasStoredHygiene)
    }

    /// A recording whose arrays lie in `mapping` at the places `arrays` gives (a parsed archive, or a spill file
    /// written column by column); `batchEnds` holds batch ends computed rather than stored, by array name.
    init(
        mapping: MappedFile, arrays: [String: NpyArrayInfo], metadata: RecordingMetadata, hygiene: HygieneReport,
        hasStoredHygiene: Bool, batchEnds computedBatchEnds: [String: [Int]] = [:]
    ) throws(RecordingError) {
        self.mapping = mapping
        self.arrays = arrays
        self.computedBatchEnds = computedBatchEnds
        let file = mapping.path
        self.file = file
        func fail(_ reason: String) -> RecordingError {
            .malformed(file: file, line: nil, column: nil, columnName: nil, reason: reason)
        }
        self.metadata = metadata
        self.hygiene = hygiene
        self.hasStoredHygiene = hasStoredHygiene
        // Column consistency.
        func check(prefix: String, columns: [String]) throws(RecordingError) -> Int {
            guard let time = arrays[prefix + "timestamp"] else {
                if let stray = arrays.keys.sorted().first(where: { $0.hasPrefix(prefix) }) {
                    throw fail("\(stray) present without \(prefix)timestamp")
                }
                return 0
            }
            guard time.dtype == .float64 || time.dtype == .float32 else { throw fail("\(prefix)timestamp must be float") }
            for name in columns {
                guard let info = arrays[prefix + name] else { continue }
                guard info.dtype == .float32 || info.dtype == .float64 else { throw fail("\(prefix + name) must be float") }
                guard info.count == time.count else {
                    throw fail("\(prefix + name) has \(info.count) values, \(prefix)timestamp has \(time.count)")
                }
            }
            if let ends = arrays[prefix + "batch_ends"] {
                guard ends.dtype == .int64 else { throw fail("\(prefix)batch_ends must be <i8") }
            }
            return time.count
        }
        guard arrays["accelerometer_timestamp"] != nil || arrays["device_motion_timestamp"] != nil else {
            let names = arrays.keys.sorted().prefix(6).joined(separator: ", ")
            throw .unrecognizedFormat(
                file: file,
                reason: "npz holds none of a recording's arrays (accelerometer_timestamp, device_motion_timestamp); arrays: \(names)")
        }
        accelerometerCount = try check(prefix: "accelerometer_", columns: ["x", "y", "z"])
        if accelerometerCount > 0 || arrays["accelerometer_timestamp"] != nil {
            for axis in ["x", "y", "z"] where arrays["accelerometer_" + axis] == nil {
                throw fail("accelerometer_\(axis) missing")
            }
        }
        deviceMotionCount = try check(
            prefix: "device_motion_", columns: DeviceMotionColumn.all.map(\.name))
        gyroscopeCount = try check(prefix: "gyroscope_", columns: ["x", "y", "z"])
        magnetometerCount = try check(prefix: "magnetometer_", columns: ["x", "y", "z"])
        for prefix in ["gyroscope_", "magnetometer_"] where arrays[prefix + "timestamp"] != nil {
            for axis in ["x", "y", "z"] where arrays[prefix + axis] == nil { throw fail("\(prefix)\(axis) missing") }
        }
        if let t = arrays["accelerometer_timestamp"], let x = arrays["accelerometer_x"],
            let y = arrays["accelerometer_y"], let z = arrays["accelerometer_z"]
        {
            accelerometerArrays = AccelerometerArrays(timestamp: t, x: x, y: y, z: z)
        } else {
            accelerometerArrays = nil
        }
        deviceMotionTimestampArray = arrays["device_motion_timestamp"]
        deviceMotionColumns = DeviceMotionColumn.all.indices.compactMap { column in
            arrays["device_motion_" + DeviceMotionColumn.all[column].name].map { (column, $0) }
        }
        deviceMotionRotationArrays = DeviceMotionColumn.rotationAnalysis.map { arrays["device_motion_" + $0.name] }
        func sampleArrays(_ prefix: String) -> [NpyArrayInfo] {
            arrays.filter { $0.key.hasPrefix(prefix) && !$0.key.hasSuffix("batch_ends") }.sorted { $0.key < $1.key }
                .map(\.value)
        }
        accelerometerSampleArrays = sampleArrays("accelerometer_")
        deviceMotionSampleArrays = sampleArrays("device_motion_")
        _ = try batchEnds("accelerometer_batch_ends", count: accelerometerCount)
        _ = try batchEnds("device_motion_batch_ends", count: deviceMotionCount)
        var slowerStreams = Recording()  // their arrays checked on opening, like the motion streams'
        try addWorkoutStreams(to: &slowerStreams)
    }

    // MARK: Column access

    /// Copies elements `range` of a float column as `Float` (converting from `<f8` when needed).
    func floats(_ name: String, _ range: Range<Int>) -> [Float] { copy(name, range, storedAs: .float32) }

    /// Copies elements `range` of a float column as `Double` (converting from `<f4` when needed).
    func doubles(_ name: String, _ range: Range<Int>) -> [Double] { copy(name, range, storedAs: .float64) }

    /// Copies elements `range` of a float column (`<f4` or `<f8`) as `Element`: byte for byte when it is stored as
    /// `dtype` (`Element`'s own), else converted element by element (rounded to nearest).
    ///
    /// A whole column (the recording loaded, ``recording()``) is copied ``releaseChunkBytes`` at a time and each
    /// chunk's mapped pages released behind the copy: what is read next is the copy, and the pages would otherwise
    /// stay resident beside it, doubling a loaded recording's memory.
    private func copy<Element: BinaryFloatingPoint>(_ name: String, _ range: Range<Int>, storedAs dtype: NpyArrayInfo.DType)
        -> [Element]
    {
        guard let info = arrays[name], !range.isEmpty else { return [] }
        let whole = range == 0..<info.count
        let step = whole ? Swift.max(1, releaseChunkBytes / info.dtype.size) : range.count
        return data.withUnsafeBytes { raw in
            let base = raw.baseAddress! + info.offset
            return [Element](unsafeUninitializedCapacity: range.count) { buffer, initialized in
                var start = range.lowerBound
                while start < range.upperBound {
                    let end = Swift.min(range.upperBound, start + step)
                    let out = buffer.baseAddress! + (start - range.lowerBound)
                    if info.dtype == dtype {
                        memcpy(out, base + start * info.dtype.size, (end - start) * info.dtype.size)
                    } else {
                        Self.convert(base + start * info.dtype.size, storedAs: info.dtype, count: end - start, into: out)
                    }
                    if whole {
                        // Whole pages from the one holding the chunk's first byte (the bytes before it were copied
                        // already, or belong to another array, which is only re-read if touched again); the last
                        // chunk's last page too.
                        let page = MappedFile.pageSize
                        let from = (info.offset + start * info.dtype.size) / page * page
                        let to = info.offset + end * info.dtype.size
                        mapping.release(from..<(end == info.count ? (to + page - 1) / page * page : to))
                    }
                    start = end
                }
                initialized = range.count
            }
        }
    }

    /// Converts `count` float values stored as `stored` (`<f4` or `<f8`, little-endian, any alignment) at `source`
    /// to `Element` at `destination` (rounded to nearest): how a column stored with the other float type is read.
    static func convert<Element: BinaryFloatingPoint>(
        _ source: UnsafeRawPointer, storedAs stored: NpyArrayInfo.DType, count: Int,
        into destination: UnsafeMutablePointer<Element>
    ) {
        if stored == .float64 {
            for k in 0..<count {
                (destination + k).initialize(to: Element(source.loadUnaligned(fromByteOffset: k * 8, as: Double.self)))
            }
        } else {
            for k in 0..<count {
                (destination + k).initialize(to: Element(source.loadUnaligned(fromByteOffset: k * 4, as: Float.self)))
            }
        }
    }

    func batchEnds(_ name: String, count: Int) throws(RecordingError) -> [Int]? {
        if let ends = computedBatchEnds[name] { return ends }
        guard let info = arrays[name] else { return nil }
        let ends: [Int] = data.withUnsafeBytes { raw in
            (0..<info.count).map { Int(raw.baseAddress!.loadUnaligned(fromByteOffset: info.offset + $0 * 8, as: Int64.self)) }
        }
        var previous = 0
        for (index, end) in ends.enumerated() {
            guard end > previous || (index == 0 && end == 0 && count == 0) else {
                throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "\(name)[\(index)] = \(end) is not increasing")
            }
            previous = end
        }
        guard ends.last ?? count == count || (ends.isEmpty && count == 0) else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "\(name) ends at \(ends.last ?? 0), stream has \(count) samples")
        }
        return ends
    }

    /// Index of the first timestamp ≥ `time` (or > `time` when `strictly`) in the mapped column, by binary search.
    func lowerBound(_ prefix: String, _ time: Double, strictly: Bool = false) -> Int {
        guard let info = arrays[prefix + "timestamp"] else { return 0 }
        return data.withUnsafeBytes { raw in
            let base = raw.baseAddress! + info.offset
            return BinarySearch.firstIndex(in: 0..<info.count) { middle in
                let value = info.dtype == .float64
                    ? base.loadUnaligned(fromByteOffset: middle * 8, as: Double.self)
                    : Double(base.loadUnaligned(fromByteOffset: middle * 4, as: Float.self))
                return strictly ? value > time : value >= time
            }
        }
    }

    // MARK: Public queries

    /// Indices of the accelerometer samples with `t0 ≤ timestamp < t1` (s).
    public func accelerometerIndices(from t0: Double, to t1: Double) -> Range<Int> {
        let start = lowerBound("accelerometer_", t0)
        return start..<max(start, lowerBound("accelerometer_", t1))
    }

    /// Indices of the device-motion samples with `t0 ≤ timestamp < t1` (s).
    public func deviceMotionIndices(from t0: Double, to t1: Double) -> Range<Int> {
        let start = lowerBound("device_motion_", t0)
        return start..<max(start, lowerBound("device_motion_", t1))
    }

    /// Accelerometer samples at indices `range` (reads only those).
    public func accelerometer(_ range: Range<Int>) -> AccelerometerData {
        precondition(range.lowerBound >= 0 && range.upperBound <= accelerometerCount, "range out of bounds")
        return AccelerometerData(
            timestamps: doubles("accelerometer_timestamp", range), x: floats("accelerometer_x", range),
            y: floats("accelerometer_y", range), z: floats("accelerometer_z", range))
    }

    /// Accelerometer samples with `t0 ≤ timestamp < t1` (s), like `CMSensorRecorder.accelerometerData(from:to:)`;
    /// reads only the slice.
    public func accelerometer(from t0: Double, to t1: Double) -> AccelerometerData {
        accelerometer(accelerometerIndices(from: t0, to: t1))
    }

    /// Device-motion samples at indices `range` (absent column groups stay empty).
    public func deviceMotion(_ range: Range<Int>) -> DeviceMotionData {
        precondition(range.lowerBound >= 0 && range.upperBound <= deviceMotionCount, "range out of bounds")
        var result = DeviceMotionData()
        result.timestamps = doubles("device_motion_timestamp", range)
        for column in DeviceMotionColumn.all where arrays["device_motion_" + column.name] != nil {
            result[keyPath: column.keyPath] = floats("device_motion_" + column.name, range)
        }
        return result
    }

    /// Device-motion samples with `t0 ≤ timestamp < t1` (s); reads only the slice.
    public func deviceMotion(from t0: Double, to t1: Double) -> DeviceMotionData {
        deviceMotion(deviceMotionIndices(from: t0, to: t1))
    }

    /// The last accelerometer sample with timestamp ≤ `time`, or `nil`.
    public func latestAccelerometerSample(atOrBefore time: Double) -> AccelerometerSample? {
        let index = lowerBound("accelerometer_", time, strictly: true) - 1
        guard index >= 0 else { return nil }
        return accelerometer(index..<(index + 1)).sample(at: 0)
    }

    /// Raw gyroscope samples at indices `range`, rad/s.
    public func gyroscope(_ range: Range<Int>) -> GyroscopeData {
        precondition(range.lowerBound >= 0 && range.upperBound <= gyroscopeCount, "range out of bounds")
        return GyroscopeData(
            timestamps: doubles("gyroscope_timestamp", range), x: floats("gyroscope_x", range),
            y: floats("gyroscope_y", range), z: floats("gyroscope_z", range))
    }

    /// Raw magnetometer samples at indices `range`, µT.
    public func magnetometer(_ range: Range<Int>) -> MagnetometerData {
        precondition(range.lowerBound >= 0 && range.upperBound <= magnetometerCount, "range out of bounds")
        return MagnetometerData(
            timestamps: doubles("magnetometer_timestamp", range), x: floats("magnetometer_x", range),
            y: floats("magnetometer_y", range), z: floats("magnetometer_z", range))
    }

    /// The whole recording (one copy per column; the mapped pages are released behind the copy, so a loaded
    /// recording's memory is the copy's, not twice it).
    public func recording() throws(RecordingError) -> Recording {
        var recording = Recording(
            accelerometer: hasAccelerometer ? accelerometer(0..<accelerometerCount) : nil,
            deviceMotion: hasDeviceMotion ? deviceMotion(0..<deviceMotionCount) : nil,
            accelerometerBatchEnds: try batchEnds("accelerometer_batch_ends", count: accelerometerCount),
            deviceMotionBatchEnds: try batchEnds("device_motion_batch_ends", count: deviceMotionCount),
            metadata: metadata, hygiene: hygiene,
            gyroscope: arrays["gyroscope_timestamp"] != nil ? gyroscope(0..<gyroscopeCount) : nil,
            magnetometer: arrays["magnetometer_timestamp"] != nil ? magnetometer(0..<magnetometerCount) : nil)
        try addWorkoutStreams(to: &recording)
        // Touching the start of a column maps the whole page-cache folio around it, which can reach back over the
        // previous column's released tail: once everything is copied, nothing of the mapping need stay resident.
        mapping.release(0..<mapping.count)
        return recording
    }
}

/// The arrays of a native file's accelerometer columns.
struct AccelerometerArrays: Sendable {
    var timestamp: NpyArrayInfo
    var x: NpyArrayInfo
    var y: NpyArrayInfo
    var z: NpyArrayInfo
}
