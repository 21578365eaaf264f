import Foundation

/// The interchange layout's optional raw IMU files: `gyroscope.csv` (`timestamp,rotation_rate_x,rotation_rate_y,
/// rotation_rate_z`: s, rad/s, device frame, bias not removed) and `magnetometer.csv` (`timestamp,magnetic_field_x,
/// magnetic_field_y,magnetic_field_z`: s, µT, uncalibrated).
extension InterchangeCSV {
    public static let gyroscopeFileName = "gyroscope.csv"
    public static let magnetometerFileName = "magnetometer.csv"
    public static let gyroscopeHeader = ["timestamp", "rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
    public static let magnetometerHeader = ["timestamp", "magnetic_field_x", "magnetic_field_y", "magnetic_field_z"]

    /// A four-column file's rows as columns: timestamps (s), x, y, z and each row's 1-based source line.
    typealias Triples = (timestamps: [Double], x: [Float], y: [Float], z: [Float], lines: [UInt32])

    /// Reads a four-column file (`header`: timestamp and x, y, z) into columns, with the source line of each row.
    static func readTriples(_ url: URL, header: [String]) throws(RecordingError)
        -> (timestamps: [Double], x: [Float], y: [Float], z: [Float], lines: [UInt32], findings: [HygieneFinding])
    {
        var whole: Triples = ([], [], [], [], [])
        let findings = try parseTriples(url, header: header, chunkRows: nil) { whole = $0 }
        return (whole.timestamps, whole.x, whole.y, whole.z, whole.lines, findings)
    }

    /// Parses a four-column file (`header`: timestamp and x, y, z), handing its rows to `part` in order, in chunks
    /// of `chunkRows` rows (all in one chunk when `nil`; the last chunk is handed over even when empty), with the
    /// pages already parsed released (``ReadBehindRelease``); returns the findings made while reading.
    static func parseTriples(
        _ url: URL, header: [String], chunkRows: Int?, part: (Triples) throws(RecordingError) -> Void
    ) throws(RecordingError) -> [HygieneFinding] {
        let file = url.path
        let mapping = try SpreadsheetText.open(url)
        let bytes = mapping.bytes
        var scanner = CSVScanner(bytes)
        try scanner.rejectBinary(file: file)
        let columns = try checkHeader(&scanner, expected: header, file: file)
        let reader = numericReader(file: file, expected: header, header: columns) { $1.emptyIsNaN = $0 > 0 }
        var rows: Triples = ([], [], [], [], [])
        /// The rows with each column whose header states a unit converted from in the layout's unit.
        func converted(_ rows: Triples) -> Triples {
            guard columns.converts else { return rows }
            var rows = rows
            columns.convertedTimeXYZ(&rows.timestamps, &rows.x, &rows.y, &rows.z)
            return rows
        }
        let appendRow = { (row: UnsafeBufferPointer<Double>, line: Int) throws(RecordingError) in
            rows.timestamps.append(row[0])
            rows.x.append(Float(row[1]))
            rows.y.append(Float(row[2]))
            rows.z.append(Float(row[3]))
            rows.lines.append(UInt32(truncatingIfNeeded: line))
            if let chunkRows, rows.lines.count >= chunkRows {
                try part(converted(rows))
                rows = ([], [], [], [], [])
            }
        }
        let droppedLastLine = try reader.read(&scanner, releasingBehindIn: mapping, row: appendRow)
        try part(converted(rows))
        return [mapping.layoutFinding].compactMap { $0 } + columns.findings + [droppedLastLine].compactMap { $0 }
    }

    static func readGyroscope(_ url: URL) throws(RecordingError) -> ImportedStream<GyroscopeData> {
        let read = try readTriples(url, header: gyroscopeHeader)
        return ImportedStream(
            samples: GyroscopeData(timestamps: read.timestamps, x: read.x, y: read.y, z: read.z), lines: read.lines,
            file: url.path, batchEnds: nil, findings: read.findings)
    }

    static func readMagnetometer(_ url: URL) throws(RecordingError) -> ImportedStream<MagnetometerData> {
        let read = try readTriples(url, header: magnetometerHeader)
        return ImportedStream(
            samples: MagnetometerData(timestamps: read.timestamps, x: read.x, y: read.y, z: read.z), lines: read.lines,
            file: url.path, batchEnds: nil, findings: read.findings)
    }

    /// Adds `gyroscope.csv` and `magnetometer.csv` of `directory` to `imported`, when present.
    static func readRawIMU(directory: URL, into imported: inout ImportedRecording) throws(RecordingError) {
        let fileManager = FileManager.default
        let gyroscopeURL = directory.appendingPathComponent(gyroscopeFileName)
        if fileManager.fileExists(atPath: gyroscopeURL.path) { imported.gyroscope = try readGyroscope(gyroscopeURL) }
        let magnetometerURL = directory.appendingPathComponent(magnetometerFileName)
        if fileManager.fileExists(atPath: magnetometerURL.path) {
            imported.magnetometer = try readMagnetometer(magnetometerURL)
        }
    }
}

extension InterchangeCSVWriter {
    /// Writes `x`, `y`, `z` columns under `header` with their timestamps (shortest round-tripping text).
    static func writeTriples(
        _ header: [String], _ timestamps: [Double], _ x: [Float], _ y: [Float], _ z: [Float], to url: URL
    ) throws(RecordingError) {
        var output = try ChunkedFileWriter(url)
        output.appendHeader(header)
        try appendTriples(timestamps, x, y, z, to: &output)
        try output.close()
    }

    /// Appends one `timestamp,x,y,z` row per sample.
    static func appendTriples(
        _ timestamps: [Double], _ x: [Float], _ y: [Float], _ z: [Float], to output: inout ChunkedFileWriter
    ) throws(RecordingError) {
        for index in timestamps.indices {
            output.append(timestamps[index].description)
            output.comma()
            output.append(x[index].description)
            output.comma()
            output.append(y[index].description)
            output.comma()
            output.append(z[index].description)
            output.newline()
            try output.flushIfFull()
        }
    }

    /// Writes `gyroscope.csv` and `magnetometer.csv` into `directory` for the streams the recording has.
    static func writeRawIMU(_ recording: Recording, to directory: URL) throws(RecordingError) {
        if let g = recording.gyroscope {
            try writeTriples(
                InterchangeCSV.gyroscopeHeader, g.timestamps, g.x, g.y, g.z,
                to: directory.appendingPathComponent(InterchangeCSV.gyroscopeFileName))
        }
        if let m = recording.magnetometer {
            try writeTriples(
                InterchangeCSV.magnetometerHeader, m.timestamps, m.x, m.y, m.z,
                to: directory.appendingPathComponent(InterchangeCSV.magnetometerFileName))
        }
    }
}
