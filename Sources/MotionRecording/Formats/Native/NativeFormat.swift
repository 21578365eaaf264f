import Foundation

/// The package's native container: an uncompressed `.npz` — a zip archive (STORED, no compression) of NumPy
/// `.npy` v1.0 arrays — that `numpy.load(path)` opens directly, without `allow_pickle`.
///
/// Arrays (1-D, little-endian; a stream's arrays exist only when the recording has that stream, a device-motion
/// column group only when present):
///
/// | name | dtype | content |
/// |---|---|---|
/// | `accelerometer_timestamp` | `<f8` | s, recording clock |
/// | `accelerometer_x`, `_y`, `_z` | `<f4` | g, gravity included |
/// | `accelerometer_batch_ends` | `<i8` | exclusive end index of each delivered batch (only when kept) |
/// | `device_motion_timestamp` | `<f8` | s |
/// | `device_motion_attitude_w`, `_x`, `_y`, `_z` | `<f4` | unit quaternion |
/// | `device_motion_gravity_x`, `_y`, `_z` | `<f4` | g |
/// | `device_motion_user_acceleration_x`, `_y`, `_z` | `<f4` | g |
/// | `device_motion_rotation_rate_x`, `_y`, `_z` | `<f4` | rad/s |
/// | `device_motion_magnetic_field_x`, `_y`, `_z` | `<f4` | µT |
/// | `device_motion_heading` | `<f4` | degrees |
/// | `device_motion_batch_ends` | `<i8` | as above |
/// | `gyroscope_timestamp` | `<f8` | s (raw IMU recordings) |
/// | `gyroscope_x`, `_y`, `_z` | `<f4` | rad/s, device frame, bias not removed |
/// | `magnetometer_timestamp` | `<f8` | s |
/// | `magnetometer_x`, `_y`, `_z` | `<f4` | µT, uncalibrated |
/// | `pressure_*`, `location_*`, `headphone_motion_*`, `pedometer_*`, `activity_*` | | the slower streams (NativeFormat+WorkoutStreams.swift) |
/// | `metadata_json` | `\|u1` | UTF-8 JSON: `{"format": "batchedmotion-native", "version": 1, "metadata": {…}, "hygiene": {…}}`; in Python `json.loads(bytes(npz["metadata_json"]))` |
///
/// Every member's array data starts at a multiple of 64 bytes in the file (zip extra-field padding plus the
/// `.npy` header padding), so the mapped file is read in place: ``open(_:)`` memory-maps it and range queries
/// binary-search the mapped timestamp array and copy only the requested slices. Files written by numpy
/// (`np.savez`, unaligned, possibly ZIP64, `<f8` sample columns) are read too, with one copy per column.
public enum NativeFormat {
    static let formatName = "batchedmotion-native"
    static let formatVersion = 1
    static let alignment = 64

    /// Writes `recording` to `url` (conventionally `.npz`).
    public static func write(_ recording: Recording, to url: URL) throws(RecordingError) {
        var members: [(String, NpyArray)] = []
        /// A three-axis stream's `<prefix>_timestamp` (float64, s) and `<prefix>_x`, `_y`, `_z` (float32).
        func appendThreeAxis(_ prefix: String, _ stream: some ThreeAxisColumns) {
            members.append((prefix + "_timestamp", .float64(stream.timestamps)))
            members.append((prefix + "_x", .float32(stream.x)))
            members.append((prefix + "_y", .float32(stream.y)))
            members.append((prefix + "_z", .float32(stream.z)))
        }
        if let a = recording.accelerometer {
            appendThreeAxis("accelerometer", a)
            if let ends = recording.accelerometerBatchEnds {
                members.append(("accelerometer_batch_ends", .int64(ends.map { Int64($0) })))
            }
        }
        if let d = recording.deviceMotion {
            members.append(("device_motion_timestamp", .float64(d.timestamps)))
            for column in DeviceMotionColumn.all where !d[keyPath: column.keyPath].isEmpty {
                members.append(("device_motion_" + column.name, .float32(d[keyPath: column.keyPath])))
            }
            if let ends = recording.deviceMotionBatchEnds {
                members.append(("device_motion_batch_ends", .int64(ends.map { Int64($0) })))
            }
        }
        if let g = recording.gyroscope { appendThreeAxis("gyroscope", g) }
        if let m = recording.magnetometer { appendThreeAxis("magnetometer", m) }
        members += workoutStreamMembers(recording)
        members.append(("metadata_json", .uint8(try metadataJSON(recording.metadata, recording.hygiene, url: url))))
        try NpzWriter.write(members, to: url)
    }

    /// The UTF-8 JSON of the `metadata_json` member; `url` names the file being written in errors.
    static func metadataJSON(
        _ metadata: RecordingMetadata, _ hygiene: HygieneReport, url: URL
    ) throws(RecordingError) -> [UInt8] {
        let envelope = NativeMetadataEnvelope(format: formatName, version: formatVersion, metadata: metadata, hygiene: hygiene)
        do { return [UInt8](try InterchangeCSV.metadataEncoder().encode(envelope)) } catch {
            throw .cannotWrite(file: url.path, reason: "cannot encode metadata: \(error)")
        }
    }

    /// Loads the whole file into a ``Recording`` (one copy per column from the mapped file).
    /// A file that needs repairs, or that was written by another tool, goes through ``HygieneChecker`` as a text
    /// import does; one our writer produced clean is returned as stored.
    public static func read(_ url: URL) throws(RecordingError) -> Recording {
        let file = try open(url)
        return file.hygieneScan() == nil ? try file.recording() : try file.checkedRecording()
    }

    /// Memory-maps the file and reads its directory and headers only; samples are read on request.
    public static func open(_ url: URL) throws(RecordingError) -> NativeRecordingFile {
        try NativeRecordingFile(url)
    }
}

/// The JSON stored in `metadata_json`.
struct NativeMetadataEnvelope: Codable {
    var format: String
    var version: Int
    var metadata: RecordingMetadata
    var hygiene: HygieneReport?
}
