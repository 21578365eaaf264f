/// Accelerometer rows accumulated in raw column storage while a text file is read: one capacity check and five
/// stores per row, where five `Array.append`s each checked uniqueness and capacity (~114 instructions per row).
/// Grows by doubling; ``finish()`` copies the columns into an ``AccelerometerData`` and the per-sample source lines
/// and frees the storage. Call ``deallocate()`` instead when the read fails (the storage is not reference-counted).
struct AccelerometerRowBuffer {
    private(set) var count = 0
    private var capacity: Int
    private var timestamps: UnsafeMutablePointer<Double>
    private var x: UnsafeMutablePointer<Float>
    private var y: UnsafeMutablePointer<Float>
    private var z: UnsafeMutablePointer<Float>
    private var lines: UnsafeMutablePointer<UInt32>

    /// Room for `capacity` rows before the first growth (at least 1).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        timestamps = .allocate(capacity: self.capacity)
        x = .allocate(capacity: self.capacity)
        y = .allocate(capacity: self.capacity)
        z = .allocate(capacity: self.capacity)
        lines = .allocate(capacity: self.capacity)
    }

    /// Appends one row: time in s, acceleration in g, 1-based source line.
    @inline(__always)
    mutating func append(timestamp: Double, x: Float, y: Float, z: Float, line: UInt32) {
        if count == capacity { grow() }
        timestamps[count] = timestamp
        self.x[count] = x
        self.y[count] = y
        self.z[count] = z
        lines[count] = line
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        func moved<T>(_ old: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        timestamps = moved(timestamps)
        x = moved(x)
        y = moved(y)
        z = moved(z)
        lines = moved(lines)
        capacity = newCapacity
    }

    /// The rows as samples and source lines; frees the storage (do not use the buffer afterwards).
    mutating func finish() -> (samples: AccelerometerData, lines: [UInt32]) {
        func array<T>(_ pointer: UnsafeMutablePointer<T>) -> [T] {
            Array(UnsafeBufferPointer(start: pointer, count: count))
        }
        let result = (
            AccelerometerData(timestamps: array(timestamps), x: array(x), y: array(y), z: array(z)),
            array(lines))
        deallocate()
        return result
    }

    /// Frees the storage without producing a result.
    mutating func deallocate() {
        timestamps.deallocate()
        x.deallocate()
        y.deallocate()
        z.deallocate()
        lines.deallocate()
        count = 0
        capacity = 0
    }
}
