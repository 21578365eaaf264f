/// One accelerometer sample, like `CMAccelerometerData`: time (s, recording clock) and acceleration (g).
public struct AccelerometerSample: Sendable, Equatable {
    public var timestamp: Double
    public var x: Float
    public var y: Float
    public var z: Float

    public init(timestamp: Double, x: Float, y: Float, z: Float) {
        self.timestamp = timestamp
        self.x = x
        self.y = y
        self.z = z
    }
}

extension AccelerometerData {
    /// Sample `index`.
    @inlinable public func sample(at index: Int) -> AccelerometerSample {
        AccelerometerSample(timestamp: timestamps[index], x: x[index], y: y[index], z: z[index])
    }
}
