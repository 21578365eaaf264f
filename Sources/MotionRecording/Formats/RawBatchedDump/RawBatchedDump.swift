import Foundation

/// Reader for raw `CMBatchedSensorManager` dumps as watch apps write them (e.g. github.com/pavelshadrin/tennis-motion):
/// no header; each row `timestamp,x,y,z` with the timestamp in s since device boot; an empty line after every
/// delivered batch (and often one at the start). The accelerometer and device-motion streams are separate files.
///
/// - Accelerometer file: 4 fields, acceleration in g (gravity included).
/// - Device-motion file: 4 fields = rotation rate only (rad/s), or 14 fields in the interchange column order
///   (timestamp, attitude wxyz, gravity xyz, user acceleration xyz, rotation rate xyz).
///
/// Which stream a 4-field file holds is decided in this order: an explicit stream; the file name (`accel` →
/// accelerometer; `rotation`, `gyro`, `motion` → device motion); the values (median |v| between 0.5 and 2 → an
/// accelerometer in g, between 7 and 13 → an accelerometer in m/s², otherwise rotation rate). The decision is
/// reported as a `stream-detection` finding when it rests on the values, or when name and values disagree.
/// Batch boundaries are kept (``Recording/accelerometerBatchEnds``).
enum RawBatchedDump {
    /// Stream suggested by a file name, if any.
    static func streamFromName(_ name: String) -> SensorStream? {
        let lower = name.lowercased()
        if lower.contains("accel") { return .accelerometer }
        if lower.contains("rotation") || lower.contains("gyro") || lower.contains("motion") { return .deviceMotion }
        return nil
    }

    /// True when the first non-blank line of `bytes` is all numbers with 4 or 14 fields.
    static func looksLikeRawDump(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var scanner = CSVScanner(bytes)
        if scanner.looksBinary() { return false }
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let fields = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: 14)
            defer { fields.deallocate() }
            let count = scanner.splitFields(line, into: fields)
            guard count == 4 || count == 14 else { return false }
            return (0..<count).allSatisfy { DecimalParser.parseDouble(scanner.slice(fields[$0])) != nil }
        }
        return false
    }

    /// Reads a directory of dumps: every regular `.csv`/`.txt` file whose name says its stream.
    static func read(directory: URL) throws(RecordingError) -> ImportedRecording {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() } catch {
            throw .unreadable(file: directory.path, reason: describeFileError(error))
        }
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.rawBatchedDump(stream: nil).name))
        for name in names where name.hasSuffix(".csv") || name.hasSuffix(".txt") {
            guard let stream = streamFromName(name) else { continue }
            let url = directory.appendingPathComponent(name)
            let single = try read(file: url, stream: stream)
            /// `dump` as the directory's one dump of its stream (`noun`); a second one is an error naming both.
            func take<Samples>(_ dump: ImportedStream<Samples>?, into slot: inout ImportedStream<Samples>?, _ noun: String)
                throws(RecordingError)
            {
                guard let dump else { return }
                if let existing = slot {
                    throw .unrecognizedFormat(
                        file: directory.path,
                        reason: "two \(noun) dumps (\(URL(fileURLWithPath: existing.file).lastPathComponent), \(name))")
                }
                slot = dump
            }
            try take(single.accelerometer, into: &imported.accelerometer, "accelerometer")
            try take(single.deviceMotion, into: &imported.deviceMotion, "device-motion")
            imported.findings += single.findings
        }
        guard imported.accelerometer != nil || imported.deviceMotion != nil else {
            throw .unrecognizedFormat(
                file: directory.path, reason: "no *accel*, *rotation*, *motion* or *gyro* .csv dump in the directory")
        }
        return imported
    }

    /// Reads one dump file as one stream; a spreadsheet's save of it (semicolons with decimal commas, tabs, quotes,
    /// UTF-16) is read as the plain dump and reported first (``SpreadsheetText``).
    static func read(file url: URL, stream requested: SensorStream?) throws(RecordingError) -> ImportedRecording {
        try withTextFileBytes(url) { bytes, layout throws(RecordingError) in
            var imported = try read(bytes: bytes, file: url.path, name: url.lastPathComponent, stream: requested)
            if let layout { imported.findings.insert(layout, at: 0) }
            return imported
        }
    }

    /// Reads one dump held in memory; `name` (the file name) may decide the stream.
    static func read(bytes: UnsafeBufferPointer<UInt8>, file: String, name: String, stream requested: SensorStream?)
        throws(RecordingError) -> ImportedRecording
    {
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.rawBatchedDump(stream: nil).name))
        var timestamps: [Double] = []
        var columns: [[Float]] = []
        var lines: [UInt32] = []
        let parsed = try parse(bytes: bytes, file: file, mapping: nil, chunkRows: nil) { rows throws(RecordingError) in
            (timestamps, columns, lines) = (rows.timestamps, rows.columns, rows.lines)
        }
        let batchEnds = parsed.batchEnds
        let fieldCount = parsed.fieldCount
        if let droppedLastLine = parsed.droppedLastLine { imported.findings.append(droppedLastLine) }
        let stream = try stream(
            fieldCount: fieldCount, requested: requested, name: name, file: file, findings: &imported.findings
        ) { magnitudePercentiles(columns[0], columns[1], columns[2], [0.05, 0.5]) }
        switch stream {
        case .accelerometer:
            let data = AccelerometerData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
            imported.accelerometer = ImportedStream(samples: data, lines: lines, file: file, batchEnds: batchEnds)
        case .deviceMotion:
            var data = DeviceMotionData(timestamps: timestamps)
            for (index, column) in deviceMotionColumns(fieldCount: fieldCount).enumerated() {
                data[keyPath: column.keyPath] = columns[index]
            }
            imported.deviceMotion = ImportedStream(samples: data, lines: lines, file: file, batchEnds: batchEnds)
        case .gyroscope:  // only when forced: rows are timestamp + raw rad/s x, y, z
            let data = GyroscopeData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
            imported.gyroscope = ImportedStream(samples: data, lines: lines, file: file, batchEnds: nil)
        case .magnetometer:  // only when forced: rows are timestamp + µT x, y, z
            let data = MagnetometerData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
            imported.magnetometer = ImportedStream(samples: data, lines: lines, file: file, batchEnds: nil)
        }
        return imported
    }

    /// The device-motion columns a dump of `fieldCount` fields holds, in its field order after the timestamp:
    /// rotation rate x, y, z (4 fields) or the interchange order (14 fields).
    static func deviceMotionColumns(fieldCount: Int) -> [DeviceMotionColumn] {
        let names = fieldCount == 4 ? ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
            : Array(InterchangeCSV.deviceMotionHeader.dropFirst())
        return names.map { name in DeviceMotionColumn.all.first { $0.name == name }! }
    }

    /// The stream a dump of `fieldCount` fields is read as: device motion for 14 fields (an error when an
    /// accelerometer is requested), otherwise ``decideStream(requested:name:file:findings:percentiles:)``.
    static func stream(
        fieldCount: Int, requested: SensorStream?, name: String, file: String, findings: inout [HygieneFinding],
        percentiles: () -> [Double]?
    ) throws(RecordingError) -> SensorStream {
        guard fieldCount == 14 else {
            return decideStream(requested: requested, name: name, file: file, findings: &findings, percentiles: percentiles)
        }
        if requested == .accelerometer {
            throw .malformed(
                file: file, line: nil, column: nil, columnName: nil,
                reason: "14 fields per row is a device-motion dump, not an accelerometer one")
        }
        return .deviceMotion
    }

    /// A dump's rows as columns: timestamps (s), the other fields in file order, and each row's 1-based source line.
    typealias Rows = (timestamps: [Double], columns: [[Float]], lines: [UInt32])

    /// Parses a dump, handing its rows to `part` in order, in chunks of `chunkRows` rows (all in one chunk when
    /// `nil`; the last chunk is handed over even when empty), with the pages of `mapping` (the mapping `bytes` lie
    /// in, if any) already parsed released. Returns the field count (4 or 14), the batch ends (row counts after
    /// each batch, a batch being ended by an empty line or the end of the file) and the finding for a last line
    /// cut short.
    static func parse(
        bytes: UnsafeBufferPointer<UInt8>, file: String, mapping: MappedFile?, chunkRows: Int?,
        part: (Rows) throws(RecordingError) -> Void
    ) throws(RecordingError) -> (fieldCount: Int, batchEnds: [Int], droppedLastLine: HygieneFinding?) {
        var scanner = CSVScanner(bytes)
        if bytes.isEmpty {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        try scanner.rejectBinary(file: file)
        // Field count of the first data line.
        var probe = scanner
        var fieldCount = 0
        let fields = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: 16)
        defer { fields.deallocate() }
        while let line = probe.nextLine() {
            if probe.isBlank(line) { continue }
            fieldCount = probe.splitFields(line, into: fields)
            if DecimalParser.parseDouble(probe.slice(fields[0])) == nil {
                throw .malformed(
                    file: file, line: probe.lineNumber, column: 1, columnName: "timestamp",
                    reason: "\"\(probe.text(fields[0]))\" is not a number (a raw dump has no header)")
            }
            break
        }
        guard fieldCount > 0 else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file has no samples")
        }
        guard fieldCount == 4 || fieldCount == 14 else {
            throw .malformed(
                file: file, line: probe.lineNumber, column: nil, columnName: nil,
                reason: "expected 4 fields (timestamp,x,y,z) or 14 (full device motion), found \(fieldCount)")
        }
        let names = fieldCount == 4 ? ["timestamp", "x", "y", "z"] : InterchangeCSV.deviceMotionHeader
        let reader = NumericCSVReader(
            file: file, columns: names.enumerated().map { .init(field: $0, name: $1, isFloat: $0 > 0) },
            expectedFieldCount: fieldCount)
        let empty: Rows = ([], [[Float]](repeating: [], count: fieldCount - 1), [])
        var rows = empty
        var parsedRows = 0
        var batchEnds: [Int] = []
        if chunkRows == nil {
            let estimate = bytes.count / (fieldCount * 15)
            rows.timestamps.reserveCapacity(estimate)
            rows.lines.reserveCapacity(estimate)
            for index in rows.columns.indices { rows.columns[index].reserveCapacity(estimate) }
        }
        let appendRow = { (row: UnsafeBufferPointer<Double>, line: Int) throws(RecordingError) in
            rows.timestamps.append(row[0])
            for index in rows.columns.indices { rows.columns[index].append(Float(row[index + 1])) }
            rows.lines.append(UInt32(truncatingIfNeeded: line))
            parsedRows += 1
            if let chunkRows, rows.lines.count >= chunkRows {
                try part(rows)
                rows = empty
            }
        }
        let droppedLastLine = try reader.read(
            &scanner, releasingBehindIn: mapping,
            blankLine: { _ in if parsedRows > (batchEnds.last ?? 0) { batchEnds.append(parsedRows) } }, row: appendRow)
        try part(rows)
        if parsedRows > (batchEnds.last ?? 0) { batchEnds.append(parsedRows) }
        return (fieldCount, batchEnds, droppedLastLine)
    }

    /// Median of |(x, y, z)| over at most ~4096 evenly spread samples (non-finite samples ignored).
    static func medianMagnitude(_ x: [Float], _ y: [Float], _ z: [Float]) -> Double? {
        magnitudePercentiles(x, y, z, [0.5])?[0]
    }

    /// Percentiles (fractions 0...1) of |(x, y, z)| over at most ~4096 evenly spread finite samples.
    static func magnitudePercentiles(_ x: [Float], _ y: [Float], _ z: [Float], _ fractions: [Double]) -> [Double]? {
        guard !x.isEmpty else { return nil }
        var magnitudes: [Double] = []
        for index in stride(from: 0, to: x.count, by: magnitudeSampleStep(count: x.count)) {
            appendMagnitude(x[index], y[index], z[index], to: &magnitudes)
        }
        return percentiles(&magnitudes, fractions)
    }

    /// Every how many samples ``magnitudePercentiles(_:_:_:_:)`` takes one from a column of `count`.
    static func magnitudeSampleStep(count: Int) -> Int { max(1, count / 4096) }

    /// Appends |(x, y, z)| when it is finite.
    @inline(__always)
    static func appendMagnitude(_ x: Float, _ y: Float, _ z: Float, to magnitudes: inout [Double]) {
        let (a, b, c) = (Double(x), Double(y), Double(z))
        let magnitude = (a * a + b * b + c * c).squareRoot()
        if magnitude.isFinite { magnitudes.append(magnitude) }
    }

    /// Percentiles (fractions 0...1) of the sampled `magnitudes` (sorted in place), `nil` when there are none.
    static func percentiles(_ magnitudes: inout [Double], _ fractions: [Double]) -> [Double]? {
        guard !magnitudes.isEmpty else { return nil }
        magnitudes.sort()
        return fractions.map { magnitudes[min(magnitudes.count - 1, Int($0 * Double(magnitudes.count)))] }
    }

    /// Physics: an accelerometer never reads much below 1 g for long (gravity is always there), so its 5th
    /// percentile of |a| stays well above 0 (0.62 g in the real tennis rally) and its median is near 1 g (or 9.81
    /// m/s²); a gyroscope at rest reads ≈ 0 (5th percentile 0.016 rad/s in the real rally, median 1.77 rad/s).
    static func streamFromValues(_ x: [Float], _ y: [Float], _ z: [Float]) -> (SensorStream, String) {
        streamFromPercentiles(magnitudePercentiles(x, y, z, [0.05, 0.5]))
    }

    /// ``streamFromValues(_:_:_:)`` from the 5th percentile and median of |v| (`nil`: no finite values).
    static func streamFromPercentiles(_ percentiles: [Double]?) -> (SensorStream, String) {
        guard let p = percentiles else { return (.accelerometer, "no finite values") }
        let (low, median) = (p[0], p[1])
        let text = "5th percentile |v| = \(String(format: "%.3g", low)), median \(String(format: "%.3g", median))"
        if (0.5...3).contains(median) && low > 0.25 { return (.accelerometer, text) }
        if (5...30).contains(median) && low > 2.5 { return (.accelerometer, text) }
        return (.deviceMotion, text)
    }

    static func decideStream(
        requested: SensorStream?, name: String, file: String, findings: inout [HygieneFinding],
        percentiles: () -> [Double]?
    ) -> SensorStream {
        if let requested { return requested }
        let (fromValues, evidence) = streamFromPercentiles(percentiles())
        if let fromName = streamFromName(name) {
            if fromName != fromValues {
                findings.append(HygieneFinding(
                    kind: .streamDetection, file: file,
                    message: "file name says \(fromName.rawValue) but the values (\(evidence)) suggest \(fromValues.rawValue); read as \(fromName.rawValue) (pass an explicit format to override)"))
            }
            return fromName
        }
        findings.append(HygieneFinding(
            kind: .streamDetection, file: file,
            message: "read as \(fromValues == .accelerometer ? "accelerometer" : "rotation rate") from the values (\(evidence)); pass an explicit format to override"))
        return fromValues
    }
}
