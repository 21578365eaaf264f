import Foundation

/// Opening a long interchange recording in bounded memory: its accelerometer, device-motion, gyroscope and
/// magnetometer text is parsed in chunks into a ``TextSpill`` (a temporary native file), checked and repaired there
/// by ``StreamRepairer/checkMapped(_:batchEnds:chunkRows:sortWindow:findings:)`` and served memory-mapped like a native
/// `.npz`; the slower streams (pressure, location, headphone motion, pedometer, activity: ≤ 25 Hz) are checked in
/// memory and copied into the spill. The parsing and the hygiene rules are the in-memory import's own, so the
/// samples, findings and summaries are the same.
extension InterchangeCSV {
    /// Rows parsed between writes to the spill, and checked at a time: 65,536 (82 s of 800 Hz accelerometer; 1.5 MiB
    /// of columns).
    static let spillChunkRows = 1 << 16

    /// The files of an interchange recording that the spill reads.
    struct SpillableFiles {
        var accelerometer: URL?
        var deviceMotion: URL?
        var gyroscope: URL?
        var magnetometer: URL?
        /// The recording's directory (for the slower streams), `nil` for a single stream file.
        var directory: URL?
        var metadata: RecordingMetadata

        /// The motion streams' files, whose size decides whether to spill.
        var motionFiles: [URL] { [accelerometer, deviceMotion, gyroscope, magnetometer].compactMap { $0 } }
    }

    /// `url` (an interchange directory or one stream file) opened through a spill, or `nil` when it is imported
    /// into memory instead, as it always was: when its motion stream files hold fewer than `threshold` bytes; when
    /// a motion stream is empty; when a repair cannot be made in place (a sample further than
    /// ``StreamRepairer/mappedSortWindowRows`` rows from its place in time, or every sample of a stream dropped);
    /// or when the temporary file cannot be written. A malformed file throws the in-memory import's error.
    /// `directory` is where the spill goes (the temporary directory when `nil`); rows are parsed and checked
    /// `chunkRows` at a time (any value gives the same result).
    static func openSpilled(
        _ url: URL, spillAbove threshold: Int, directory: String? = nil, chunkRows: Int = spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        guard let files = try spillableFiles(url) else { return nil }
        let size = files.motionFiles.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        }
        guard size >= threshold else { return nil }
        let chunkRows = max(chunkRows, 1)
        do {
            let spill = try TextSpill(for: url.path, directory: directory)
            var streams: [TextSpill.SpilledStream] = []
            if let file = files.accelerometer {
                streams.append((.accelerometer, file.path, try spillAccelerometer(file, into: spill, chunkRows: chunkRows), nil))
            }
            if let file = files.deviceMotion {
                streams.append((.deviceMotion, file.path, try spillDeviceMotion(file, into: spill, chunkRows: chunkRows), nil))
            }
            if let file = files.gyroscope {
                streams.append((.gyroscope, file.path, try spillTriples(file, header: gyroscopeHeader, as: HygieneStream.gyroscope.nativePrefix, into: spill, chunkRows: chunkRows), nil))
            }
            if let file = files.magnetometer {
                streams.append((.magnetometer, file.path, try spillTriples(file, header: magnetometerHeader, as: HygieneStream.magnetometer.nativePrefix, into: spill, chunkRows: chunkRows), nil))
            }
            var slower = ImportedRecording(metadata: files.metadata)
            if let directory = files.directory { try readWorkoutStreams(directory: directory, into: &slower) }
            return try spill.checkedRecording(
                streams, slower: slower, gyroscopeFile: files.gyroscope?.path, chunkRows: chunkRows)
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }

    /// The files of `url` and its metadata as ``read(directory:)`` and ``RecordingImporter/readInterchangeFile(_:)``
    /// take them, or `nil` when `url` is neither a directory nor a file.
    private static func spillableFiles(_ url: URL) throws(RecordingError) -> SpillableFiles? {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else {
            let metadata = RecordingMetadata(sourceFormat: RecordingFormat.interchangeCSV.name)
            let header = try RecordingImporter.firstLine(url)
            return isDeviceMotionHeader(header)
                ? SpillableFiles(deviceMotion: url, metadata: metadata)
                : SpillableFiles(accelerometer: url, metadata: metadata)
        }
        guard let names = try? fileManager.contentsOfDirectory(atPath: url.path),
            names.contains(accelerometerFileName) || names.contains(deviceMotionFileName)
        else { return nil }
        var metadata = RecordingMetadata()
        if names.contains(metadataFileName) { metadata = try readMetadata(url.appendingPathComponent(metadataFileName)) }
        metadata.sourceFormat = metadata.sourceFormat ?? RecordingFormat.interchangeCSV.name
        func file(_ name: String) -> URL? { names.contains(name) ? url.appendingPathComponent(name) : nil }
        return SpillableFiles(
            accelerometer: file(accelerometerFileName), deviceMotion: file(deviceMotionFileName),
            gyroscope: file(gyroscopeFileName), magnetometer: file(magnetometerFileName), directory: url,
            metadata: metadata)
    }

    private static let accelerometerColumns = ["timestamp", "x", "y", "z", "line"].map { "accelerometer_" + $0 }

    /// Parses `url` into `spill`'s accelerometer columns; returns the findings made while reading.
    private static func spillAccelerometer(_ url: URL, into spill: TextSpill, chunkRows: Int) throws(RecordingError)
        -> [HygieneFinding]
    {
        let text = try SpreadsheetText.open(url)
        // A row is at least 7 characters and a line end ("0,0,0,0\n"): an upper bound of the rows.
        let names = accelerometerColumns
        spill.reserve(
            [(names[0], 8, .float64), (names[1], 4, .float32), (names[2], 4, .float32), (names[3], 4, .float32),
             (names[4], 4, nil)],
            capacity: text.count / 7 + 1)
        return try parseAccelerometer(bytes: text.bytes, file: url.path, mapping: text, chunkRows: chunkRows) {
            data, lines throws(RecordingError) in
            try spill.append(names[0], data.timestamps)
            try spill.append(names[1], data.x)
            try spill.append(names[2], data.y)
            try spill.append(names[3], data.z)
            try spill.append(names[4], lines)
        }
    }

    /// Parses `url` into `spill`'s device-motion columns (the column groups present); returns the findings made
    /// while reading.
    private static func spillDeviceMotion(_ url: URL, into spill: TextSpill, chunkRows: Int) throws(RecordingError)
        -> [HygieneFinding]
    {
        let text = try SpreadsheetText.open(url)
        var reserved = false
        return try parseDeviceMotion(bytes: text.bytes, file: url.path, mapping: text, chunkRows: chunkRows) {
            data, lines throws(RecordingError) in
            let present = DeviceMotionColumn.all.filter { !data[keyPath: $0.keyPath].isEmpty }
            if !reserved {
                // A row is at least 14 characters and a line end (a timestamp and 13 commas): an upper bound.
                spill.reserve(
                    [("device_motion_timestamp", 8, .float64), ("device_motion_line", 4, nil)]
                        + present.map { ("device_motion_" + $0.name, 4, .float32) },
                    capacity: text.count / 14 + 1)
                reserved = true
            }
            try spill.append("device_motion_timestamp", data.timestamps)
            try spill.append("device_motion_line", lines)
            for column in present { try spill.append("device_motion_" + column.name, data[keyPath: column.keyPath]) }
        }
    }

    /// Parses a gyroscope or magnetometer file (`header`) into `spill`'s columns named `prefix` + `timestamp`, `x`,
    /// `y`, `z` (the native arrays); returns the findings made while reading.
    private static func spillTriples(
        _ url: URL, header: [String], as prefix: String, into spill: TextSpill, chunkRows: Int
    ) throws(RecordingError) -> [HygieneFinding] {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let names = ["timestamp", "x", "y", "z", "line"].map { prefix + $0 }
        // A row is at least 7 characters and a line end ("0,0,0,0\n"): an upper bound of the rows.
        spill.reserve(
            [(names[0], 8, .float64), (names[1], 4, .float32), (names[2], 4, .float32), (names[3], 4, .float32),
             (names[4], 4, nil)],
            capacity: size / 7 + 1)
        return try parseTriples(url, header: header, chunkRows: chunkRows) { rows throws(RecordingError) in
            try spill.append(names[0], rows.timestamps)
            try spill.append(names[1], rows.x)
            try spill.append(names[2], rows.y)
            try spill.append(names[3], rows.z)
            try spill.append(names[4], rows.lines)
        }
    }
}
