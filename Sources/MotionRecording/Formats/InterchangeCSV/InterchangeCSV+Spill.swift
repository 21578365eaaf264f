import Foundation

/// Opening a long interchange recording in bounded memory: its accelerometer and device-motion text is parsed in
/// chunks into a ``TextSpill`` (a temporary native file), checked there by ``StreamRepairer/checkMapped(_:chunkRows:sortWindow:findings:)``
/// and served memory-mapped like a native `.npz`. The parsing and the hygiene rules are the in-memory import's own,
/// so the samples, findings and summaries are the same.
extension InterchangeCSV {
    /// Rows parsed between writes to the spill, and checked at a time: 65,536 (82 s of 800 Hz accelerometer; 1.5 MiB
    /// of columns).
    static let spillChunkRows = 1 << 16

    /// `url` (an interchange directory or one stream file) opened through a spill, or `nil` when it is imported
    /// into memory instead, as it always was: when its stream files hold fewer than `threshold` bytes; when the
    /// directory holds further `.csv` streams (gyroscope, magnetometer, …); when a stream is empty; when the hygiene
    /// checks would change samples (timestamps in other units, NaN or out-of-range values, times going backwards or
    /// repeated, m/s²); or when the temporary file cannot be written. A malformed file throws the in-memory import's
    /// error. `directory` is where the spill goes (the temporary directory when `nil`); rows are parsed and checked
    /// `chunkRows` at a time (any value gives the same result).
    static func openSpilled(
        _ url: URL, spillAbove threshold: Int, directory: String? = nil, chunkRows: Int = spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        guard let (accelerometerURL, deviceMotionURL, metadata) = try spillableFiles(url) else { return nil }
        let size = [accelerometerURL, deviceMotionURL].compactMap { $0 }.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        }
        guard size >= threshold else { return nil }
        do {
            let spill = try TextSpill(for: url.path, directory: directory)
            var findings: [(SensorStream, String, [HygieneFinding])] = []
            if let accelerometerURL {
                findings.append((.accelerometer, accelerometerURL.path, try spillAccelerometer(accelerometerURL, into: spill, chunkRows: chunkRows)))
            }
            if let deviceMotionURL {
                findings.append((.deviceMotion, deviceMotionURL.path, try spillDeviceMotion(deviceMotionURL, into: spill, chunkRows: chunkRows)))
            }
            let mapping = try spill.mapped()
            var report = HygieneReport()
            var reported: [HygieneFinding] = []
            var batchEnds: [String: [Int]] = [:]
            for (stream, file, readFindings) in findings {
                guard let mapped = mappedStream(stream, spill: spill, mapping: mapping) else { return nil }
                reported += readFindings
                let repairer = StreamRepairer(
                    stream: stream == .accelerometer ? .accelerometer : .deviceMotion, file: file, lines: [], repair: true)
                guard let (summary, ends) = repairer.checkMapped(mapped, chunkRows: max(chunkRows, 1), findings: &reported) else { return nil }
                let prefix = stream == .accelerometer ? "accelerometer_" : "device_motion_"
                for name in spill.regions.keys where name.hasPrefix(prefix) { spill.truncate(name, to: summary.sampleCount) }
                if let ends { batchEnds[prefix + "batch_ends"] = ends }
                if stream == .accelerometer { report.accelerometer = summary } else { report.deviceMotion = summary }
            }
            reported += HygieneChecker.acrossStreams(report, gyroscopeFile: nil)
            report.findings = reported
            return try NativeRecordingFile(
                mapping: mapping, arrays: spill.arrays, metadata: metadata, hygiene: report, hasStoredHygiene: true,
                batchEnds: batchEnds)
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }

    /// The accelerometer and device-motion files of `url` and its metadata as ``read(directory:)`` and
    /// ``RecordingImporter/readInterchangeFile(_:)`` take them, or `nil` when the directory holds other `.csv` files.
    private static func spillableFiles(_ url: URL) throws(RecordingError)
        -> (accelerometer: URL?, deviceMotion: URL?, metadata: RecordingMetadata)?
    {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else {
            let metadata = RecordingMetadata(sourceFormat: RecordingFormat.interchangeCSV.name)
            let header = try RecordingImporter.firstLine(url)
            return header == deviceMotionHeader.joined(separator: ",") ? (nil, url, metadata) : (url, nil, metadata)
        }
        guard let names = try? fileManager.contentsOfDirectory(atPath: url.path),
            names.allSatisfy({ !$0.hasSuffix(".csv") || $0 == accelerometerFileName || $0 == deviceMotionFileName })
        else { return nil }
        let accelerometer = url.appendingPathComponent(accelerometerFileName)
        let deviceMotion = url.appendingPathComponent(deviceMotionFileName)
        guard names.contains(accelerometerFileName) || names.contains(deviceMotionFileName) else { return nil }
        var metadata = RecordingMetadata()
        if names.contains(metadataFileName) { metadata = try readMetadata(url.appendingPathComponent(metadataFileName)) }
        metadata.sourceFormat = metadata.sourceFormat ?? RecordingFormat.interchangeCSV.name
        return (
            names.contains(accelerometerFileName) ? accelerometer : nil,
            names.contains(deviceMotionFileName) ? deviceMotion : nil, metadata
        )
    }

    private static let accelerometerColumns = ["timestamp", "x", "y", "z", "line"].map { "accelerometer_" + $0 }

    /// Parses `url` into `spill`'s accelerometer columns; returns the findings made while reading.
    private static func spillAccelerometer(_ url: URL, into spill: TextSpill, chunkRows: Int) throws(RecordingError)
        -> [HygieneFinding]
    {
        let text = try MappedFile(url)
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
        let text = try MappedFile(url)
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

    /// The spilled columns of `stream` where `mapping` holds them, laid out as ``StreamColumns`` lays out the same
    /// stream; `nil` when the stream has no samples.
    private static func mappedStream(_ stream: SensorStream, spill: TextSpill, mapping: MappedFile) -> MappedStream? {
        let prefix = stream == .accelerometer ? "accelerometer_" : "device_motion_"
        guard let base = mapping.mutableBase, let time = spill.regions[prefix + "timestamp"], time.count > 0,
            let lines = spill.regions[prefix + "line"]
        else { return nil }
        let layout: StreamColumns
        let names: [String]
        if stream == .accelerometer {
            layout = AccelerometerData().hygieneColumns
            names = ["x", "y", "z"]
        } else {
            // The groups present, as StreamColumns finds them from non-empty columns.
            var probe = DeviceMotionData()
            for column in DeviceMotionColumn.all where spill.regions[prefix + column.name] != nil {
                probe[keyPath: column.keyPath] = [0]
            }
            layout = StreamColumns(deviceMotion: probe)
            names = layout.names
        }
        let regions = [time, lines] + names.map { spill.regions[prefix + $0]! }
        return MappedStream(
            timestamps: UnsafeMutableBufferPointer(start: (base + time.offset).assumingMemoryBound(to: Double.self), count: time.count),
            columns: names.map {
                UnsafeMutableBufferPointer(
                    start: (base + spill.regions[prefix + $0]!.offset).assumingMemoryBound(to: Float.self),
                    count: time.count)
            },
            layout: layout,
            lines: UnsafeMutableBufferPointer(start: (base + lines.offset).assumingMemoryBound(to: UInt32.self), count: lines.count),
            release: { rows in
                for region in regions {
                    mapping.release(
                        region.offset + rows.lowerBound * region.elementSize..<region.offset + rows.upperBound * region.elementSize)
                }
            })
    }
}
