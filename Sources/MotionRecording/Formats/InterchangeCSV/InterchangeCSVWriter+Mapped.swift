import Foundation

extension InterchangeCSVWriter {
    /// Rows read from a mapped file per piece written: 65,536 (82 s of 800 Hz accelerometer, under 4 MB of text).
    static let mappedRowsPerPiece = 1 << 16

    /// Writes `source` in the interchange CSV layout: a recording in memory as ``write(_:to:)-(Recording,_)`` does,
    /// a memory-mapped one streamed from its mapping (``write(_:to:)-(NativeRecordingFile,_)``), byte for byte the
    /// same files either way.
    public static func write(_ source: RecordingSource, to directory: URL) throws(RecordingError) {
        switch source.storage {
        case .inMemory(let recording): try write(recording, to: directory)
        case .mapped(let file): try write(file, to: directory)
        }
    }

    /// Writes a memory-mapped native recording in the interchange CSV layout, byte for byte as writing its loaded
    /// ``NativeRecordingFile/recording()`` would, without loading it: each motion stream is read
    /// ``mappedRowsPerPiece`` rows at a time, printed, and the mapped pages behind the rows released
    /// (``NativeRecordingFile/didRead(_:_:)``), so memory stays flat in the recording's length. The slower streams
    /// (≤ 25 Hz) are read whole. Throws when the file shrank while it was read.
    public static func write(_ file: NativeRecordingFile, to directory: URL) throws(RecordingError) {
        try write(file, to: directory, rowsPerPiece: mappedRowsPerPiece)
    }

    /// ``write(_:to:)-(NativeRecordingFile,_)`` reading `rowsPerPiece` rows at a time (tests read small pieces).
    static func write(_ file: NativeRecordingFile, to directory: URL, rowsPerPiece: Int) throws(RecordingError) {
        try createDirectory(directory)
        func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
        /// Writes `header` and `count` rows of `stream`, `append` printing the rows of each range.
        func stream(
            _ stream: SensorStream, _ header: [String], count: Int, to name: String,
            _ append: (Range<Int>, inout ChunkedFileWriter) throws(RecordingError) -> Void
        ) throws(RecordingError) {
            var output = try ChunkedFileWriter(url(name))
            output.appendHeader(header)
            var start = 0
            while start < count {
                let range = start..<min(count, start + rowsPerPiece)
                try append(range, &output)
                file.didRead(stream, range)
                if let truncation = file.truncation { throw truncation }
                start = range.upperBound
            }
            try output.close()
        }
        if file.hasAccelerometer {
            try stream(.accelerometer, InterchangeCSV.accelerometerHeader, count: file.accelerometerCount, to: InterchangeCSV.accelerometerFileName) {
                (range, output) throws(RecordingError) in
                let a = file.accelerometer(range)
                try appendTriples(a.timestamps, a.x, a.y, a.z, to: &output)
            }
        }
        if file.hasDeviceMotion {
            try stream(.deviceMotion, InterchangeCSV.deviceMotionHeader, count: file.deviceMotionCount, to: InterchangeCSV.deviceMotionFileName) {
                (range, output) throws(RecordingError) in
                try appendDeviceMotionRows(file.deviceMotion(range), to: &output)
            }
        }
        if file.arrays["gyroscope_timestamp"] != nil {
            try stream(.gyroscope, InterchangeCSV.gyroscopeHeader, count: file.gyroscopeCount, to: InterchangeCSV.gyroscopeFileName) {
                (range, output) throws(RecordingError) in
                let g = file.gyroscope(range)
                try appendTriples(g.timestamps, g.x, g.y, g.z, to: &output)
            }
        }
        if file.arrays["magnetometer_timestamp"] != nil {
            try stream(.magnetometer, InterchangeCSV.magnetometerHeader, count: file.magnetometerCount, to: InterchangeCSV.magnetometerFileName) {
                (range, output) throws(RecordingError) in
                let m = file.magnetometer(range)
                try appendTriples(m.timestamps, m.x, m.y, m.z, to: &output)
            }
        }
        try writeWorkoutStreams(try file.slowerStreams(), to: directory)
        try writeMetadata(file.metadata, to: directory)
    }
}
