import MotionRecording

/// The compact binary batch frame, version 1 (a WebSocket binary message). All integers and floats little-endian.
///
/// | offset | size | field |
/// |---|---|---|
/// | 0 | 2 | magic `0x42 0x4D` ("BM") |
/// | 2 | 1 | version, 1 |
/// | 3 | 1 | stream: 0 accelerometer, 1 device motion |
/// | 4 | 8 | sequence number, UInt64 |
/// | 12 | 4 | sample count n, UInt32, ≥ 1 |
/// | 16 | 2 | column groups, UInt16: 0 for the accelerometer; for device motion the ``DeviceMotionComponents`` bits (1 attitude, 2 gravity, 4 user acceleration, 8 rotation rate, 16 magnetic field, 32 heading) |
/// | 18 | 6 | reserved, zero |
/// | 24 | 8n | timestamps, Float64, s |
/// | 24 + 8n | 4n per column | Float32 columns: accelerometer x, y, z (g); device motion the present groups in bit order, components in order (attitude w x y z; gravity, user acceleration, rotation rate, magnetic field x y z; heading) |
///
/// The frame is exactly `24 + 8n + 4n × columns` bytes. An 800-sample accelerometer batch is 16 024 bytes; a
/// 200-sample device-motion batch with the four groups Core Motion always gives (13 columns) is 12 024 bytes.
public enum BinaryBatchFrame {
    public static let magic: (UInt8, UInt8) = (0x42, 0x4D)
    public static let version: UInt8 = 1
    public static let headerBytes = 24

    /// The device-motion columns in frame order: group bit and column key path (immutable; key paths are not
    /// `Sendable`).
    nonisolated(unsafe) package static let deviceMotionColumns: [(group: DeviceMotionComponents, column: WritableKeyPath<DeviceMotionData, [Float]>)] = [
        (.attitude, \.attitudeW), (.attitude, \.attitudeX), (.attitude, \.attitudeY), (.attitude, \.attitudeZ),
        (.gravity, \.gravityX), (.gravity, \.gravityY), (.gravity, \.gravityZ),
        (.userAcceleration, \.userAccelerationX), (.userAcceleration, \.userAccelerationY),
        (.userAcceleration, \.userAccelerationZ),
        (.rotationRate, \.rotationRateX), (.rotationRate, \.rotationRateY), (.rotationRate, \.rotationRateZ),
        (.magneticField, \.magneticFieldX), (.magneticField, \.magneticFieldY), (.magneticField, \.magneticFieldZ),
        (.heading, \.heading),
    ]

    /// Encodes `batch` as a version-1 frame.
    public static func encode(_ batch: LiveBatch) -> [UInt8] {
        var out: [UInt8] = []
        let n = batch.count
        var floatColumns: [[Float]] = []
        var groups: UInt16 = 0
        var timestamps: [Double] = []
        switch batch.samples {
        case .accelerometer(let data):
            timestamps = data.timestamps
            floatColumns = [data.x, data.y, data.z]
        case .deviceMotion(let data):
            timestamps = data.timestamps
            let present = data.components
            groups = UInt16(present.rawValue)
            floatColumns = deviceMotionColumns.filter { present.contains($0.group) }.map { data[keyPath: $0.column] }
        }
        out.reserveCapacity(headerBytes + 8 * n + 4 * n * floatColumns.count)
        out += [magic.0, magic.1, version, batch.stream == .accelerometer ? 0 : 1]
        appendLittleEndian(batch.sequence, to: &out)
        appendLittleEndian(UInt32(n), to: &out)
        appendLittleEndian(groups, to: &out)
        out += [0, 0, 0, 0, 0, 0]
        for t in timestamps { appendLittleEndian(t.bitPattern, to: &out) }
        for column in floatColumns {
            for v in column { appendLittleEndian(v.bitPattern, to: &out) }
        }
        return out
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        var v = value.littleEndian
        withUnsafeBytes(of: &v) { out += $0 }
    }

    /// Decodes a frame; any deviation from the layout is a ``LiveFrameError/malformedBinary(offset:problem:)``
    /// naming the byte offset. `maximumSamples` bounds n before anything is allocated.
    public static func decode(_ bytes: UnsafeRawBufferPointer, maximumSamples: Int) throws(LiveFrameError) -> LiveBatch {
        func fail(_ offset: Int, _ problem: String) -> LiveFrameError { .malformedBinary(offset: offset, problem: problem) }
        guard bytes.count >= headerBytes else {
            throw fail(bytes.count, "frame of \(bytes.count) bytes is shorter than the \(headerBytes)-byte header")
        }
        guard bytes[0] == magic.0, bytes[1] == magic.1 else { throw fail(0, "magic is not \"BM\"") }
        guard bytes[2] == version else { throw fail(2, "version \(bytes[2]) (this server reads version \(version))") }
        let streamByte = bytes[3]
        guard streamByte <= 1 else { throw fail(3, "stream \(streamByte) (expected 0 accelerometer or 1 device motion)") }
        let sequence = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self))
        let count32 = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let groupBits = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 16, as: UInt16.self))
        for offset in 18..<24 where bytes[offset] != 0 { throw fail(offset, "reserved byte is not zero") }
        guard count32 >= 1 else { throw fail(12, "sample count is 0") }
        guard count32 <= maximumSamples else {
            throw fail(12, "sample count \(count32) is above this server's limit of \(maximumSamples)")
        }
        let n = Int(count32)
        let columnCount: Int
        var components: DeviceMotionComponents = []
        if streamByte == 0 {
            guard groupBits == 0 else { throw fail(16, "column groups must be 0 for the accelerometer") }
            columnCount = 3
        } else {
            guard groupBits & ~UInt16(DeviceMotionComponents.everyGroup.rawValue) == 0 else {
                throw fail(16, "unknown column group bits 0x\(String(groupBits, radix: 16))")
            }
            components = DeviceMotionComponents(rawValue: UInt8(groupBits))
            columnCount = deviceMotionColumns.count(where: { components.contains($0.group) })
        }
        let expected = headerBytes + 8 * n + 4 * n * columnCount
        guard bytes.count == expected else {
            throw fail(
                min(bytes.count, expected),
                "frame is \(bytes.count) bytes; \(n) samples of \(columnCount) columns need \(expected)")
        }
        var timestamps = [Double](repeating: 0, count: n)
        for i in 0..<n {
            timestamps[i] = Double(
                bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: headerBytes + 8 * i, as: UInt64.self)))
        }
        var offset = headerBytes + 8 * n
        func column() -> [Float] {
            defer { offset += 4 * n }
            let start = offset
            return [Float](unsafeUninitializedCapacity: n) { buffer, initialized in
                for i in 0..<n {
                    buffer[i] = Float(
                        bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self)))
                }
                initialized = n
            }
        }
        if streamByte == 0 {
            let (x, y, z) = (column(), column(), column())
            return LiveBatch(
                sequence: sequence, samples: .accelerometer(AccelerometerData(timestamps: timestamps, x: x, y: y, z: z)))
        }
        var data = DeviceMotionData(timestamps: timestamps)
        for entry in deviceMotionColumns where components.contains(entry.group) { data[keyPath: entry.column] = column() }
        return LiveBatch(sequence: sequence, samples: .deviceMotion(data))
    }
}
