import MotionRecording

/// Fused device-motion rows gathered while the filter drains its queues, then appended to the caller's
/// ``DeviceMotionData`` with one bulk copy per column.
///
/// Appending 14 columns sample by sample costs a uniqueness and a capacity check per column and sample (about a sixth
/// of the filter's work at 200 Hz); writing a row here is 14 stores. Holds up to ``capacity`` rows (the filter
/// flushes when full and at the end of every batch, so between calls it is empty). The storage is allocated once; a
/// copied filter that writes gets storage of its own (``prepare()``).
struct DeviceMotionStaging: Sendable {
    /// Rows held before a flush.
    static let capacity = 256
    private var storage = DeviceMotionStagingStorage(capacity: capacity)
    private(set) var count = 0

    var isFull: Bool { count == Self.capacity }

    /// Makes the storage this staging's own (once per batch, before the first row is appended).
    @inline(__always)
    mutating func prepare() {
        if !isKnownUniquelyReferenced(&storage) { storage = DeviceMotionStagingStorage(capacity: Self.capacity) }
    }

    /// One row: time (s), attitude (w, x, y, z), gravity (g), user acceleration (g), rotation rate (rad/s), converted
    /// to Float as ``DeviceMotionData`` stores them. The staging must be prepared and not full.
    @inline(__always)
    mutating func append(
        timestamp: Double, attitude q: SIMD4<Double>, gravity: SIMD3<Double>, userAcceleration user: SIMD3<Double>,
        rotationRate rate: SIMD3<Double>
    ) {
        let s = storage, i = count, n = Self.capacity
        s.timestamps[i] = timestamp
        let row = s.columns + i
        row[0] = Float(q.x)
        row[n] = Float(q.y)
        row[2 * n] = Float(q.z)
        row[3 * n] = Float(q.w)
        row[4 * n] = Float(gravity.x)
        row[5 * n] = Float(gravity.y)
        row[6 * n] = Float(gravity.z)
        row[7 * n] = Float(user.x)
        row[8 * n] = Float(user.y)
        row[9 * n] = Float(user.z)
        row[10 * n] = Float(rate.x)
        row[11 * n] = Float(rate.y)
        row[12 * n] = Float(rate.z)
        count = i + 1
    }

    /// Appends the held rows to `output`'s timestamps, attitude, gravity, user acceleration and rotation rate, and
    /// empties the staging.
    mutating func flush(into output: inout DeviceMotionData) {
        guard count > 0 else { return }
        let s = storage, n = Self.capacity
        let rows = count
        func column(_ c: Int) -> UnsafeBufferPointer<Float> {
            UnsafeBufferPointer(start: s.columns + c * n, count: rows)
        }
        output.timestamps.append(contentsOf: UnsafeBufferPointer(start: s.timestamps, count: rows))
        output.attitudeW.append(contentsOf: column(0))
        output.attitudeX.append(contentsOf: column(1))
        output.attitudeY.append(contentsOf: column(2))
        output.attitudeZ.append(contentsOf: column(3))
        output.gravityX.append(contentsOf: column(4))
        output.gravityY.append(contentsOf: column(5))
        output.gravityZ.append(contentsOf: column(6))
        output.userAccelerationX.append(contentsOf: column(7))
        output.userAccelerationY.append(contentsOf: column(8))
        output.userAccelerationZ.append(contentsOf: column(9))
        output.rotationRateX.append(contentsOf: column(10))
        output.rotationRateY.append(contentsOf: column(11))
        output.rotationRateZ.append(contentsOf: column(12))
        count = 0
    }
}

/// The memory of a ``DeviceMotionStaging``: `capacity` timestamps and 13 Float columns of `capacity` each, one after
/// the other. Written only by a staging that holds the sole reference (checked once per batch), so sharing it between
/// threads is safe.
final class DeviceMotionStagingStorage: @unchecked Sendable {
    let timestamps: UnsafeMutablePointer<Double>
    let columns: UnsafeMutablePointer<Float>

    init(capacity: Int) {
        timestamps = .allocate(capacity: capacity)
        timestamps.initialize(repeating: 0, count: capacity)
        columns = .allocate(capacity: 13 * capacity)
        columns.initialize(repeating: 0, count: 13 * capacity)
    }

    deinit {
        timestamps.deallocate()
        columns.deallocate()
    }
}
