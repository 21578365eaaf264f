import Foundation

/// Writes a ``Recording`` in the interchange CSV layout (docs/architecture.md, file layouts; ``InterchangeCSV``).
///
/// Values are printed with Swift's shortest round-tripping `description` (`Float` samples, `Double` timestamps),
/// so reading the files back gives the identical bits. Streams the recording lacks are not written; device-motion
/// column groups it lacks are written as empty fields. Magnetic field and heading are not part of the layout.
public enum InterchangeCSVWriter {
    /// Creates `directory` if needed and writes `accelerometer.csv`, `device_motion.csv`, `gyroscope.csv`,
    /// `magnetometer.csv`, the slower streams' files (`pressure.csv`, `location.csv`, `headphone_motion.csv`,
    /// `pedometer.csv`, `activity.csv`; each when the stream exists) and `metadata.json`.
    public static func write(_ recording: Recording, to directory: URL) throws(RecordingError) {
        try createDirectory(directory)
        if let accelerometer = recording.accelerometer {
            try writeAccelerometer(accelerometer, to: directory.appendingPathComponent(InterchangeCSV.accelerometerFileName))
        }
        if let deviceMotion = recording.deviceMotion {
            try writeDeviceMotion(deviceMotion, to: directory.appendingPathComponent(InterchangeCSV.deviceMotionFileName))
        }
        try writeRawIMU(recording, to: directory)
        try writeWorkoutStreams(recording, to: directory)
        try writeMetadata(recording.metadata, to: directory)
    }

    /// Creates `directory` (and its parents) when missing.
    static func createDirectory(_ directory: URL) throws(RecordingError) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(file: directory.path, reason: describeFileError(error))
        }
    }

    /// Writes `metadata.json` into `directory`.
    static func writeMetadata(_ metadata: RecordingMetadata, to directory: URL) throws(RecordingError) {
        let metadataURL = directory.appendingPathComponent(InterchangeCSV.metadataFileName)
        do {
            try InterchangeCSV.metadataEncoder().encode(metadata).write(to: metadataURL)
        } catch {
            throw .cannotWrite(file: metadataURL.path, reason: describeFileError(error))
        }
    }

    static func writeAccelerometer(_ data: AccelerometerData, to url: URL) throws(RecordingError) {
        try writeTriples(InterchangeCSV.accelerometerHeader, data.timestamps, data.x, data.y, data.z, to: url)
    }

    static func writeDeviceMotion(_ data: DeviceMotionData, to url: URL) throws(RecordingError) {
        var output = try ChunkedFileWriter(url)
        output.appendHeader(InterchangeCSV.deviceMotionHeader)
        try appendDeviceMotionRows(data, to: &output)
        try output.close()
    }

    /// Appends one `device_motion.csv` row per sample of `data`; column groups it lacks are empty fields.
    static func appendDeviceMotionRows(_ data: DeviceMotionData, to output: inout ChunkedFileWriter) throws(RecordingError) {
        let columns: [[Float]] = [
            data.attitudeW, data.attitudeX, data.attitudeY, data.attitudeZ, data.gravityX, data.gravityY,
            data.gravityZ, data.userAccelerationX, data.userAccelerationY, data.userAccelerationZ,
            data.rotationRateX, data.rotationRateY, data.rotationRateZ,
        ]
        for index in 0..<data.count {
            output.append(data.timestamps[index].description)
            for column in columns {
                output.comma()
                if !column.isEmpty { output.append(column[index].description) }
            }
            output.newline()
            try output.flushIfFull()
        }
    }
}

/// Buffers text bytes and writes them to a file in chunks of about 1 MiB.
struct ChunkedFileWriter {
    private var buffer: [UInt8] = []
    private let handle: FileHandle
    private let path: String
    private static let chunkSize = 1 << 20

    init(_ url: URL) throws(RecordingError) {
        path = url.path
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw .cannotWrite(file: url.path, reason: "cannot create file") }
        self.handle = handle
        buffer.reserveCapacity(Self.chunkSize + 4096)
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// The header line: `columns` joined by commas.
    mutating func appendHeader(_ columns: [String]) {
        append(columns.joined(separator: ","))
        newline()
    }

    mutating func comma() { buffer.append(0x2C) }
    mutating func newline() { buffer.append(0x0A) }

    mutating func flushIfFull() throws(RecordingError) {
        if buffer.count >= Self.chunkSize { try flush() }
    }

    mutating func flush() throws(RecordingError) {
        do { try handle.write(contentsOf: buffer) } catch {
            throw .cannotWrite(file: path, reason: describeFileError(error))
        }
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func close() throws(RecordingError) {
        try flush()
        do { try handle.close() } catch { throw .cannotWrite(file: path, reason: describeFileError(error)) }
    }
}
