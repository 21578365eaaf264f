/// Accelerometer samples borrowed from where they are stored — a ``AccelerometerData``'s arrays or a memory-mapped
/// native file's columns — without copying: timestamps (s) and x, y, z (g), all of ``count`` elements. Valid only
/// inside the closure that provides them (``BatchSource/withAccelerometerColumns(_:scratch:_:)``,
/// ``AccelerometerData/withColumns(_:_:)``).
public struct AccelerometerColumns {
    public let timestamps: UnsafeBufferPointer<Double>
    public let x: UnsafeBufferPointer<Float>
    public let y: UnsafeBufferPointer<Float>
    public let z: UnsafeBufferPointer<Float>

    /// - Precondition: all four have the same count.
    public init(
        timestamps: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>,
        z: UnsafeBufferPointer<Float>
    ) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "AccelerometerColumns: columns of different lengths")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }

    public var count: Int { timestamps.count }
}

extension AccelerometerData {
    /// Calls `body` with samples `range` as borrowed columns (no copy).
    public func withColumns<Result>(_ range: Range<Int>, _ body: (AccelerometerColumns) -> Result) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        return timestamps.withUnsafeBufferPointer { t in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeBufferPointer { y in
                    z.withUnsafeBufferPointer { z in
                        body(
                            AccelerometerColumns(
                                timestamps: UnsafeBufferPointer(rebasing: t[range]), x: UnsafeBufferPointer(rebasing: x[range]),
                                y: UnsafeBufferPointer(rebasing: y[range]), z: UnsafeBufferPointer(rebasing: z[range])))
                    }
                }
            }
        }
    }
}
