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
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(file: directory.path, reason: describeFileError(error))
        }
        if let accelerometer = recording.accelerometer {
            try writeAccelerometer(accelerometer, to: directory.appendingPathComponent(InterchangeCSV.accelerometerFileName))
        }
        if let deviceMotion = recording.deviceMotion {
            try writeDeviceMotion(deviceMotion, to: directory.appendingPathComponent(InterchangeCSV.deviceMotionFileName))
        }
        try writeRawIMU(recording, to: directory)
        try writeWorkoutStreams(recording, to: directory)
        let metadataURL = directory.appendingPathComponent(InterchangeCSV.metadataFileName)
        do {
            try InterchangeCSV.metadataEncoder().encode(recording.metadata).write(to: metadataURL)
        } catch {
            throw .cannotWrite(file: metadataURL.path, reason: describeFileError(error))
        }
    }

    static func writeAccelerometer(_ data: AccelerometerData, to url: URL) throws(RecordingError) {
        var output = try ChunkedFileWriter(url)
        output.append(InterchangeCSV.accelerometerHeader.joined(separator: ","))
        output.newline()
        for index in 0..<data.count {
            output.append(data.timestamps[index].description)
            output.comma()
            output.append(data.x[index].description)
            output.comma()
            output.append(data.y[index].description)
            output.comma()
            output.append(data.z[index].description)
            output.newline()
            try output.flushIfFull()
        }
        try output.close()
    }

    static func writeDeviceMotion(_ data: DeviceMotionData, to url: URL) throws(RecordingError) {
        var output = try ChunkedFileWriter(url)
        output.append(InterchangeCSV.deviceMotionHeader.joined(separator: ","))
        output.newline()
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
        try output.close()
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
