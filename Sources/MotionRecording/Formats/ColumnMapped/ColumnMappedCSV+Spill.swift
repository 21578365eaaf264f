import Foundation

/// Opening a long column-mapped CSV in bounded memory: its rows are parsed in chunks into a ``TextSpill`` (the
/// accelerometer, gyroscope and magnetometer columns the map names), checked and repaired there, and served
/// memory-mapped like a native `.npz`. Everything decided for the whole file is decided as the in-memory import
/// decides it, from the same bytes: the layout (header, separator, decimal comma) and a detected map (columns, units,
/// time format) from the file's head, an epoch time's origin from its first data row; a time of day's midnight
/// unwrapping is carried from chunk to chunk. So the samples, findings and summaries are the in-memory import's.
extension ColumnMappedCSV {
    /// `url` (one file) read through `map` (detected when `nil`) into a spill, or `nil` when it is imported into
    /// memory instead: when the file is smaller than `threshold` bytes; when the map has no accelerometer, or a
    /// sensor has no samples; when a repair
    /// cannot be made in place (see ``InterchangeCSV/openSpilled(_:spillAbove:directory:chunkRows:)``); or when the
    /// temporary file cannot be written. A malformed file throws the in-memory import's error. `directory` is where
    /// the spill goes (the temporary directory when `nil`); rows are parsed and checked `chunkRows` at a time (any
    /// value gives the same result).
    static func openSpilled(
        _ url: URL, map given: ColumnMap?, spillAbove threshold: Int, directory: String? = nil,
        chunkRows: Int = InterchangeCSV.spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        guard FileKind.of(url.path) == .regularFile,
            let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int), size >= threshold
        else { return nil }
        let chunkRows = max(chunkRows, 1)
        let text = try SpreadsheetText.open(url, keepingSeparator: true)
        let file = url.path
        var (table, findings) = try mappedTable(text.bytes, file: file, map: given)
        if let layout = text.layoutFinding { findings.insert(layout, at: 0) }
        // A native file holds an accelerometer or device motion: the raw gyroscope and magnetometer alone stay in memory.
        guard table.map.accelerometer != nil else { return nil }
        do {
            let spill = try TextSpill(for: file, directory: directory)
            let sensors = table.sensors
            let capacity = table.rowCapacity
            for stream in sensors {
                spill.reserve(
                    [(stream.nativePrefix + "timestamp", 8, .float64), (stream.nativePrefix + "x", 4, .float32),
                     (stream.nativePrefix + "y", 4, .float32), (stream.nativePrefix + "z", 4, .float32),
                     (stream.nativePrefix + "line", 4, nil)],
                    capacity: capacity)
            }
            let dropped = try table.parse(mapping: text, chunkRows: chunkRows) { parts throws(RecordingError) in
                for (stream, rows) in zip(sensors, parts) {
                    let prefix = stream.nativePrefix
                    try spill.append(prefix + "timestamp", rows.timestamps)
                    try spill.append(prefix + "x", rows.x)
                    try spill.append(prefix + "y", rows.y)
                    try spill.append(prefix + "z", rows.z)
                    try spill.append(prefix + "line", rows.lines)
                }
            }
            if let dropped { findings.append(dropped) }
            return try spill.checkedRecording(
                sensors.map { ($0, file, [], nil) }, slower: ImportedRecording(metadata: table.metadata, findings: findings),
                gyroscopeFile: table.map.gyroscope == nil ? nil : file, chunkRows: chunkRows)
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }
}

extension MappedTable {
    /// An upper bound of the samples of any one sensor: the data bytes over the fewest bytes a row giving a sample
    /// can take — every field up to the last one mapped (each but the last followed by a separator), the time and
    /// the sensor's distinct axis fields at least one byte each, and a line end (the last line may lack one).
    var rowCapacity: Int {
        let requiredFields = (fields.max() ?? 0) + 1
        var fewestFilled = Int.max
        for sensor in sensors.indices {
            let axes = fields[(1 + 3 * sensor)..<(4 + 3 * sensor)]
            fewestFilled = min(fewestFilled, Set(axes + [fields[0]]).count)
        }
        let rowBytes = max(requiredFields - 1 + fewestFilled + 1, 2)
        return (bytes.count - layout.dataOffset + 1) / rowBytes + 1
    }
}
