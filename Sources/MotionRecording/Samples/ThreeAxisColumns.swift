/// The struct-of-arrays storage of a three-axis sensor stream: a timestamp column (s, recording clock) and the `x`,
/// `y`, `z` columns of the same count, in the unit of the conforming type (``AccelerometerData``: g;
/// ``GyroscopeData``: rad/s; ``MagnetometerData``: µT). The operations below are written once for all of them.
public protocol ThreeAxisColumns: Sendable, Equatable {
    /// Sample times, s, recording clock.
    var timestamps: [Double] { get set }
    var x: [Float] { get set }
    var y: [Float] { get set }
    var z: [Float] { get set }
    /// - Precondition: the four columns have the same count.
    init(timestamps: [Double], x: [Float], y: [Float], z: [Float])
}

extension ThreeAxisColumns {
    /// Number of samples.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }

    /// Appends one sample (time in s, the axes in the type's unit).
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
    public subscript(range: Range<Int>) -> Self {
        Self(timestamps: Array(timestamps[range]), x: Array(x[range]), y: Array(y[range]), z: Array(z[range]))
    }
}
