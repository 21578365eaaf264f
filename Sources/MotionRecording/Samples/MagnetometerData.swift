/// Raw gyroscope samples, modelled on `CMMagnetometerData`, stored as a struct of arrays (the shape of
/// `AccelerometerData`). The interchange layout's `magnetometer.csv` and the native file's `magnetometer_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; any rate (10–200 Hz), jitter allowed.
/// - `x`, `y`, `z`: magnetic field in µT, device frame, uncalibrated (hard- and soft-iron effects not removed).
public struct MagnetometerData: Sendable, Equatable {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Magnetic field along the device x axis, µT.
    public var x: [Float]
    /// Magnetic field along the device y axis, µT.
    public var y: [Float]
    /// Magnetic field along the device z axis, µT.
    public var z: [Float]

    public init(timestamps: [Double] = [], x: [Float] = [], y: [Float] = [], z: [Float] = []) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "MagnetometerData columns must have equal counts")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }

    /// Number of samples.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }

    /// Appends one sample (time in s, field in µT).
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
    public subscript(range: Range<Int>) -> MagnetometerData {
        MagnetometerData(
            timestamps: Array(timestamps[range]), x: Array(x[range]), y: Array(y[range]), z: Array(z[range]))
    }
}
