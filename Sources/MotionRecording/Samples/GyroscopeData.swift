/// Raw gyroscope samples, modelled on `CMGyroData`, stored as a struct of arrays (the shape of
/// `AccelerometerData`). The interchange layout's `gyroscope.csv` and the native file's `gyroscope_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; any rate (50–1000 Hz), jitter allowed.
/// - `x`, `y`, `z`: rotation rate in rad/s, device frame, right-hand rule, bias not removed.
public struct GyroscopeData: Sendable, Equatable {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Rotation rate about the device x axis, rad/s.
    public var x: [Float]
    /// Rotation rate about the device y axis, rad/s.
    public var y: [Float]
    /// Rotation rate about the device z axis, rad/s.
    public var z: [Float]

    public init(timestamps: [Double] = [], x: [Float] = [], y: [Float] = [], z: [Float] = []) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "GyroscopeData columns must have equal counts")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }

    /// Number of samples.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }

    /// Appends one sample (time in s, rate in rad/s).
    @inlinable public mutating func append(timestamp: Double, x: Float, y: Float, z: Float) {
        timestamps.append(timestamp)
        self.x.append(x)
        self.y.append(y)
        self.z.append(z)
    }

    /// Reserves room for `capacity` samples in every column.
    public mutating func reserveCapacity(_ capacity: Int) {
        timestamps.reserveCapacity(capacity)
        x.reserveCapacity(capacity)
        y.reserveCapacity(capacity)
        z.reserveCapacity(capacity)
    }

    /// Removes all samples, keeping capacity (no reallocation when refilled to the same size).
    public mutating func removeAll(keepingCapacity: Bool = true) {
        timestamps.removeAll(keepingCapacity: keepingCapacity)
        x.removeAll(keepingCapacity: keepingCapacity)
        y.removeAll(keepingCapacity: keepingCapacity)
        z.removeAll(keepingCapacity: keepingCapacity)
    }

    /// The samples with indices in `range`, as a new value.
    public subscript(range: Range<Int>) -> GyroscopeData {
        GyroscopeData(
            timestamps: Array(timestamps[range]), x: Array(x[range]), y: Array(y[range]), z: Array(z[range]))
    }
}
