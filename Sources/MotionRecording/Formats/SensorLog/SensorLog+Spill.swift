import Foundation

/// Opening a long SensorLog export in bounded memory: its accelerometer and device-motion columns are parsed in
/// chunks into a ``TextSpill``, checked and repaired there, and served memory-mapped like a native `.npz`. Whether the
/// magnetic field and heading carry data is known only once every row is read: their columns are written as they
/// come and dropped from the spill at the end when they carry none, so the streams are the in-memory import's.
extension SensorLog {
    /// `url` (one file) read into a spill, or `nil` when it is imported into memory instead: when the file is
    /// smaller than `threshold` bytes; when it has neither stream, or a stream has no samples; when a repair cannot
    /// be made in place (see ``InterchangeCSV/openSpilled(_:spillAbove:directory:chunkRows:)``); or when the
    /// temporary file cannot be written. A malformed file throws the in-memory import's error. `directory` is where
    /// the spill goes (the temporary directory when `nil`); rows are parsed and checked `chunkRows` at a time (any
    /// value gives the same result).
    static func openSpilled(
        _ url: URL, spillAbove threshold: Int, directory: String? = nil, chunkRows: Int = InterchangeCSV.spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        guard FileKind.of(url.path) == .regularFile,
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int), size >= threshold
        else { return nil }
        let text = try SpreadsheetText.open(url)
        let file = url.path
        let table = try SensorLogTable(bytes: text.bytes, file: file)
        let motion = DeviceMotionColumn.all.map { HygieneStream.deviceMotion.nativePrefix + $0.name }
        let accelerometer = ["timestamp", "x", "y", "z", "line"].map { HygieneStream.accelerometer.nativePrefix + $0 }
        do {
            let spill = try TextSpill(for: file, directory: directory)
            // A row is at least one byte per field but the last (a separator) and a line end: an upper bound.
            let capacity = (text.count - table.dataOffset + 1) / max(table.header.count, 2) + 1
            spill.reserve(
                [(accelerometer[0], 8, .float64), (accelerometer[1], 4, .float32), (accelerometer[2], 4, .float32),
                 (accelerometer[3], 4, .float32), (accelerometer[4], 4, nil),
                 ("device_motion_timestamp", 8, .float64), ("device_motion_line", 4, nil)]
                    + motion.indices.filter { table.motionFields[$0] != nil }.map { (motion[$0], 4, .float32) },
                capacity: capacity)
            let outcome = try table.parse(mapping: text, chunkRows: max(chunkRows, 1)) { part throws(RecordingError) in
                try spill.append(accelerometer[0], part.accelerometer.timestamps)
                try spill.append(accelerometer[1], part.accelerometer.x)
                try spill.append(accelerometer[2], part.accelerometer.y)
                try spill.append(accelerometer[3], part.accelerometer.z)
                try spill.append(accelerometer[4], part.accelerometerLines)
                try spill.append("device_motion_timestamp", part.motionTimestamps)
                try spill.append("device_motion_line", part.motionLines)
                for index in motion.indices where table.motionFields[index] != nil {
                    try spill.append(motion[index], part.motion[index])
                }
            }
            // The columns of groups without data (or not whole) are no arrays of the recording.
            let present = Set(outcome.present.flatMap { $0.1 })
            for index in motion.indices where !present.contains(index) { spill.discard(motion[index]) }
            var streams: [TextSpill.SpilledStream] = []
            if (spill.regions[accelerometer[0]]?.count ?? 0) > 0 {
                streams.append((.accelerometer, file, [], nil))
            } else {
                accelerometer.forEach(spill.discard)
            }
            if (spill.regions["device_motion_timestamp"]?.count ?? 0) > 0 {
                streams.append((.deviceMotion, file, [], nil))
            } else {
                (["device_motion_timestamp", "device_motion_line"] + motion).forEach(spill.discard)
            }
            guard !streams.isEmpty else { return nil }
            return try spill.checkedRecording(
                streams, slower: imported(table, outcome, layout: text.layoutFinding), gyroscopeFile: nil, chunkRows: max(chunkRows, 1))
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }
}
