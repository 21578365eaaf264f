import Foundation
import MemoryPages

/// The interchange CSV layout of docs/architecture.md (file layouts): a recording is a directory holding `accelerometer.csv`,
/// `device_motion.csv` (either may be missing), optional raw `gyroscope.csv` and `magnetometer.csv`
/// (InterchangeCSV+RawIMU.swift), the optional slower streams (InterchangeCSV+WorkoutStreams.swift) and an optional
/// `metadata.json` (``RecordingMetadata`` as JSON).
///
/// Columns are found by header name (``HeaderColumns``): the layout's order is the one written, a reordered file
/// reads the same and extra columns are ignored, each reported. Timestamps are s on the recording clock, acceleration and gravity in g, rotation rate in
/// rad/s, attitude a unit quaternion (w, x, y, z). A device-motion column group that the recording lacks (e.g. a
/// rotation-only source) is written as empty fields and read back as absent. Magnetic field and heading are not
/// part of the layout and are not exported.
public enum InterchangeCSV {
    public static let accelerometerFileName = "accelerometer.csv"
    public static let deviceMotionFileName = "device_motion.csv"
    public static let metadataFileName = "metadata.json"

    public static let accelerometerHeader = ["timestamp", "acceleration_x", "acceleration_y", "acceleration_z"]
    public static let deviceMotionHeader = [
        "timestamp", "attitude_w", "attitude_x", "attitude_y", "attitude_z", "gravity_x", "gravity_y", "gravity_z",
        "user_acceleration_x", "user_acceleration_y", "user_acceleration_z", "rotation_rate_x", "rotation_rate_y",
        "rotation_rate_z",
    ]

    /// Column groups of `device_motion.csv` after the timestamp: (component, first field index, width).
    static let deviceMotionGroups: [(DeviceMotionComponents, Int, Int)] = [
        (.attitude, 1, 4), (.gravity, 5, 3), (.userAcceleration, 8, 3), (.rotationRate, 11, 3),
    ]

    /// True when `directory` holds at least one of the two stream files.
    static func looksLikeInterchange(_ directory: URL) -> Bool {
        let fileManager = FileManager.default
        return fileManager.fileExists(atPath: directory.appendingPathComponent(accelerometerFileName).path)
            || fileManager.fileExists(atPath: directory.appendingPathComponent(deviceMotionFileName).path)
    }

    /// Reads an interchange directory (before hygiene checks).
    static func read(directory: URL) throws(RecordingError) -> ImportedRecording {
        let accelerometerURL = directory.appendingPathComponent(accelerometerFileName)
        let deviceMotionURL = directory.appendingPathComponent(deviceMotionFileName)
        let fileManager = FileManager.default
        let hasAccelerometer = fileManager.fileExists(atPath: accelerometerURL.path)
        let hasDeviceMotion = fileManager.fileExists(atPath: deviceMotionURL.path)
        guard hasAccelerometer || hasDeviceMotion else {
            throw .unrecognizedFormat(
                file: directory.path,
                reason: "no \(accelerometerFileName) or \(deviceMotionFileName) (interchange CSV layout)")
        }
        var metadata = RecordingMetadata()
        let metadataURL = directory.appendingPathComponent(metadataFileName)
        if fileManager.fileExists(atPath: metadataURL.path) {
            metadata = try readMetadata(metadataURL)
        }
        metadata.sourceFormat = metadata.sourceFormat ?? RecordingFormat.interchangeCSV.name
        var imported = ImportedRecording(metadata: metadata)
        if hasAccelerometer { imported.accelerometer = try readAccelerometer(accelerometerURL) }
        if hasDeviceMotion { imported.deviceMotion = try readDeviceMotion(deviceMotionURL) }
        try readRawIMU(directory: directory, into: &imported)
        try readWorkoutStreams(directory: directory, into: &imported)
        return imported
    }

    static func readMetadata(_ url: URL) throws(RecordingError) -> RecordingMetadata {
        try FileKind.requireReadableFile(url.path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(file: url.path, reason: describeFileError(error))
        }
        do {
            return try metadataDecoder().decode(RecordingMetadata.self, from: data)
        } catch {
            throw .malformed(file: url.path, line: nil, column: nil, columnName: nil, reason: "invalid metadata JSON: \(describeDecodingError(error))")
        }
    }

    static func metadataDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func metadataEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    /// Reads the first line of the file as the header of the layout `expected` (columns found by name, see
    /// ``HeaderColumns``); leaves the scanner after it. A first line of data names the missing header.
    static func checkHeader(_ scanner: inout CSVScanner, expected: [String], file: String) throws(RecordingError)
        -> HeaderColumns
    {
        guard let line = scanner.nextLine() else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        let names = csvHeaderNames(scanner, line)
        if let first = names.first, names != expected,
            DecimalParser.parseDouble(scanner.slice(line.lowerBound..<min(line.upperBound, line.lowerBound + first.utf8.count))) != nil
        {
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "missing header: expected \"\(expected.joined(separator: ","))\"")
        }
        return try HeaderColumns(names: names, required: expected, file: file)
    }

    /// The reader of a numeric interchange file's rows: `expected`'s columns taken from where `header` found them;
    /// `configure` sets each column's options from its position in `expected`.
    static func numericReader(
        file: String, expected: [String], header: HeaderColumns,
        configure: (_ position: Int, _ column: inout NumericCSVReader.Column) -> Void
    ) -> NumericCSVReader {
        NumericCSVReader(
            file: file,
            columns: expected.enumerated().map { position, name in
                var column = NumericCSVReader.Column(field: header.fields[position], name: name, isFloat: position > 0)
                configure(position, &column)
                return column
            },
            expectedFieldCount: header.fieldCount)
    }

    /// Whether `headerLine` (a file's first line) names device motion's columns, in any order: a stream file
    /// given alone is device motion then, otherwise an accelerometer.
    static func isDeviceMotionHeader(_ headerLine: String) -> Bool {
        let names = Set(RecordingImporter.headerNames(headerLine))
        return deviceMotionHeader.allSatisfy(names.contains)
    }

    static func readAccelerometer(_ url: URL) throws(RecordingError) -> ImportedStream<AccelerometerData> {
        let mapping = try SpreadsheetText.open(url)
        return try readAccelerometer(bytes: mapping.bytes, file: url.path, mapping: mapping)
    }

    /// Reads `bytes`; when they are `mapping`'s, the pages already parsed are released as parsing goes
    /// (``ReadBehindRelease``), so the text never stays resident whole.
    static func readAccelerometer(bytes: UnsafeBufferPointer<UInt8>, file: String, mapping: MappedFile? = nil)
        throws(RecordingError) -> ImportedStream<AccelerometerData>
    {
        // Columns sized from an estimate of the rows (the line count of the first 64 KiB scaled to the file, with a
        // margin), written in place. Should the estimate fall short, the rest of the file goes into a second set of
        // columns sized by an exact line count, appended at the end.
        var parts: [(samples: AccelerometerData, lines: [UInt32])] = []
        let findings = try parseAccelerometer(bytes: bytes, file: file, mapping: mapping, chunkRows: nil) {
            parts.append(($0, $1))
        }
        var (data, lines) = parts[0]
        for part in parts.dropFirst() {
            data.timestamps += part.samples.timestamps
            data.x += part.samples.x
            data.y += part.samples.y
            data.z += part.samples.z
            lines += part.lines
        }
        return ImportedStream(samples: data, lines: lines, file: file, batchEnds: nil, findings: findings)
    }

    /// Parses an `accelerometer.csv` text, handing its samples (time s, acceleration g) and their 1-based source
    /// lines to `part` in order, in chunks of `chunkRows` rows — or, when `nil`, a first chunk sized from an estimate
    /// of the file's rows and a second sized by an exact count should the estimate fall short — and returns the
    /// findings made while reading. Every chunk, the last included, is handed over (possibly empty).
    static func parseAccelerometer(
        bytes: UnsafeBufferPointer<UInt8>, file: String, mapping: MappedFile?, chunkRows: Int?,
        part: (AccelerometerData, [UInt32]) throws(RecordingError) -> Void
    ) throws(RecordingError) -> [HygieneFinding] {
        var behind = ReadBehindRelease(mapping)
        do {
            var scanner = CSVScanner(bytes)
            try scanner.rejectBinary(file: file)
            let header = try checkHeader(&scanner, expected: accelerometerHeader, file: file)
            let reader = numericReader(file: file, expected: accelerometerHeader, header: header) {
                $1.emptyIsNaN = $0 > 0
            }
            // The single-pass row scanner reads `timestamp,x,y,z` in that order only.
            let isExact = header.isExact
            var findings = [mapping?.layoutFinding].compactMap { $0 } + header.findings
            var atEnd = false
            var first = true
            while !atEnd {
                let capacity = chunkRows
                    ?? (first ? scanner.estimatedRemainingLineCount() : scanner.remainingLineCount())
                first = false
                let (samples, lines) = try AccelerometerRowBuffer.collect(capacity: capacity) { rows throws(RecordingError) in
                    let general = NumericCSVReader.LineReader(reader, readableEnd: bytes.count)
                    while rows.count < rows.capacity {
                        behind.advance(to: scanner.offset)
                        // Rows in the common shape in one pass; every other line through the general reader.
                        if isExact, let base = bytes.baseAddress,
                            let row = AccelerometerCSVRow.scan(base, scanner.offset, readableEnd: bytes.count)
                        {
                            scanner.offset = row.end
                            scanner.lineNumber += 1
                            rows.append(
                                timestamp: row.timestamp, x: row.x, y: row.y, z: row.z,
                                line: UInt32(truncatingIfNeeded: scanner.lineNumber))
                            continue
                        }
                        let outcome = try general.readLine(&scanner, blankLine: { _ in }) { row, line in
                            rows.append(
                                timestamp: row[0], x: Float(row[1]), y: Float(row[2]), z: Float(row[3]),
                                line: UInt32(truncatingIfNeeded: line))
                        }
                        switch outcome {
                        case .line: continue
                        case .end: break
                        case .endInsideLastLine(let finding): findings.append(finding)
                        }
                        atEnd = true
                        break
                    }
                }
                try part(header.converts ? convertedUnits(samples, header) : samples, lines)
            }
            return findings
        }
    }

    static func readDeviceMotion(_ url: URL) throws(RecordingError) -> ImportedStream<DeviceMotionData> {
        let mapping = try SpreadsheetText.open(url)
        return try readDeviceMotion(bytes: mapping.bytes, file: url.path, mapping: mapping)
    }

    /// Reads `bytes`, releasing `mapping`'s parsed pages as parsing goes (as ``readAccelerometer(bytes:file:mapping:)``).
    static func readDeviceMotion(bytes: UnsafeBufferPointer<UInt8>, file: String, mapping: MappedFile? = nil)
        throws(RecordingError) -> ImportedStream<DeviceMotionData>
    {
        var whole: (samples: DeviceMotionData, lines: [UInt32]) = (DeviceMotionData(), [])
        let findings = try parseDeviceMotion(bytes: bytes, file: file, mapping: mapping, chunkRows: nil) {
            whole = ($0, $1)
        }
        return ImportedStream(samples: whole.samples, lines: whole.lines, file: file, batchEnds: nil, findings: findings)
    }

    /// Parses a `device_motion.csv` text, handing its samples (present column groups only) and their 1-based source
    /// lines to `part` in order, in chunks of `chunkRows` rows (all in one chunk when `nil`; the last chunk is handed
    /// over even when empty), and returns the findings made while reading.
    static func parseDeviceMotion(
        bytes: UnsafeBufferPointer<UInt8>, file: String, mapping: MappedFile?, chunkRows: Int?,
        part: (DeviceMotionData, [UInt32]) throws(RecordingError) -> Void
    ) throws(RecordingError) -> [HygieneFinding] {
        do {
            var scanner = CSVScanner(bytes)
            try scanner.rejectBinary(file: file)
            let header = try checkHeader(&scanner, expected: deviceMotionHeader, file: file)
            var builder = DeviceMotionBuilder(components: [])
            var present: DeviceMotionComponents? = nil
            var lines: [UInt32] = []
            let reader = numericReader(file: file, expected: deviceMotionHeader, header: header) {
                $1.allowsEmpty = $0 > 0
            }
            let appendRow = { (row: UnsafeBufferPointer<Double>, line: Int) throws(RecordingError) in
                if present == nil {
                    var components: DeviceMotionComponents = []
                    // A group is present when any of its fields holds a number on the first data line (an empty
                    // field inside a present group is a missing value, read as NaN and reported by the checks).
                    for (component, first, width) in deviceMotionGroups
                    where (first..<(first + width)).contains(where: { !isEmptyFieldMarker(row[$0]) }) {
                        components.insert(component)
                    }
                    present = components
                    builder = DeviceMotionBuilder(components: components)
                }
                for (component, first, width) in deviceMotionGroups where !present!.contains(component) {
                    for field in first..<(first + width) where !isEmptyFieldMarker(row[field]) {
                        throw .malformed(
                            file: file, line: line, column: header.fields[field] + 1, columnName: deviceMotionHeader[field],
                            reason: "value in a column group that is empty on the first data line")
                    }
                }
                builder.append(row: row)
                lines.append(UInt32(truncatingIfNeeded: line))
                if let chunkRows, lines.count >= chunkRows {
                    try part(convertedUnits(builder.data, header), lines)
                    builder.data.removeAll(keepingCapacity: true)
                    lines.removeAll(keepingCapacity: true)
                }
            }
            let droppedLastLine = try reader.read(&scanner, releasingBehindIn: mapping, row: appendRow)
            try part(convertedUnits(builder.data, header), lines)
            return [mapping?.layoutFinding].compactMap { $0 } + header.findings + [droppedLastLine].compactMap { $0 }
        }
    }
}

extension InterchangeCSV {
    /// `samples` with each column whose header states a unit converted from (``HeaderColumns/factors``) in the
    /// layout's unit (s, g).
    static func convertedUnits(_ samples: AccelerometerData, _ header: HeaderColumns) -> AccelerometerData {
        var samples = samples
        header.convertedTimeXYZ(&samples.timestamps, &samples.x, &samples.y, &samples.z)
        return samples
    }

    /// `samples` (device motion) with each column whose header states a unit converted from in the layout's unit
    /// (s, g, rad/s); the attitude has none.
    static func convertedUnits(_ samples: DeviceMotionData, _ header: HeaderColumns) -> DeviceMotionData {
        guard header.converts else { return samples }
        var samples = samples
        header.converted(&samples.timestamps, position: 0)
        header.converted(&samples.gravityX, position: 5)
        header.converted(&samples.gravityY, position: 6)
        header.converted(&samples.gravityZ, position: 7)
        header.converted(&samples.userAccelerationX, position: 8)
        header.converted(&samples.userAccelerationY, position: 9)
        header.converted(&samples.userAccelerationZ, position: 10)
        header.converted(&samples.rotationRateX, position: 11)
        header.converted(&samples.rotationRateY, position: 12)
        header.converted(&samples.rotationRateZ, position: 13)
        return samples
    }
}

/// Appends rows in the interchange device-motion column order (timestamp, attitude wxyz, gravity xyz, user
/// acceleration xyz, rotation rate xyz) to the present column groups only.
struct DeviceMotionBuilder {
    var data = DeviceMotionData()
    let components: DeviceMotionComponents

    init(components: DeviceMotionComponents) { self.components = components }

    mutating func append(row: UnsafeBufferPointer<Double>) {
        data.timestamps.append(row[0])
        if components.contains(.attitude) {
            data.attitudeW.append(Float(row[1]))
            data.attitudeX.append(Float(row[2]))
            data.attitudeY.append(Float(row[3]))
            data.attitudeZ.append(Float(row[4]))
        }
        if components.contains(.gravity) {
            data.gravityX.append(Float(row[5]))
            data.gravityY.append(Float(row[6]))
            data.gravityZ.append(Float(row[7]))
        }
        if components.contains(.userAcceleration) {
            data.userAccelerationX.append(Float(row[8]))
            data.userAccelerationY.append(Float(row[9]))
            data.userAccelerationZ.append(Float(row[10]))
        }
        if components.contains(.rotationRate) {
            data.rotationRateX.append(Float(row[11]))
            data.rotationRateY.append(Float(row[12]))
            data.rotationRateZ.append(Float(row[13]))
        }
    }
}
