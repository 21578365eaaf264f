/// The device-motion columns that rotation analysis reads — timestamps (s), rotation rate (rad/s), gravity (g) and
/// attitude (unit quaternion) — borrowed from where they are stored (a ``DeviceMotionData``'s arrays or a
/// memory-mapped native file's columns) without copying. A group the source lacks (or holds only some columns of),
/// or that was not asked for, is empty; every other column has ``count`` elements. Valid only inside the closure that provides them
/// (``BatchSource/withDeviceMotionRotationColumns(_:components:scratch:_:)``,
/// ``DeviceMotionData/withRotationColumns(_:components:_:)``).
public struct DeviceMotionRotationColumns {
    public let timestamps: UnsafeBufferPointer<Double>
    public let rotationRateX: UnsafeBufferPointer<Float>
    public let rotationRateY: UnsafeBufferPointer<Float>
    public let rotationRateZ: UnsafeBufferPointer<Float>
    public let gravityX: UnsafeBufferPointer<Float>
    public let gravityY: UnsafeBufferPointer<Float>
    public let gravityZ: UnsafeBufferPointer<Float>
    public let attitudeW: UnsafeBufferPointer<Float>
    public let attitudeX: UnsafeBufferPointer<Float>
    public let attitudeY: UnsafeBufferPointer<Float>
    public let attitudeZ: UnsafeBufferPointer<Float>

    /// - Precondition: each group (rotation rate, gravity, attitude) is empty or has `timestamps.count` elements in
    ///   every column.
    public init(
        timestamps: UnsafeBufferPointer<Double>,
        rotationRate: (x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>),
        gravity: (x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>),
        attitude: (
            w: UnsafeBufferPointer<Float>, x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>,
            z: UnsafeBufferPointer<Float>
        )
    ) {
        // Per group: every column empty or every column `count` long (counts compared directly: a variadic
        // helper would allocate an array per batch).
        let count = timestamps.count
        let (r, g, a) = (rotationRate, gravity, attitude)
        let rotationValid =
            (r.x.isEmpty && r.y.isEmpty && r.z.isEmpty) || (r.x.count == count && r.y.count == count && r.z.count == count)
        let gravityValid =
            (g.x.isEmpty && g.y.isEmpty && g.z.isEmpty) || (g.x.count == count && g.y.count == count && g.z.count == count)
        let attitudeValid =
            (a.w.isEmpty && a.x.isEmpty && a.y.isEmpty && a.z.isEmpty)
            || (a.w.count == count && a.x.count == count && a.y.count == count && a.z.count == count)
        precondition(
            rotationValid && gravityValid && attitudeValid,
            "DeviceMotionRotationColumns: a column group of a different length")
        self.timestamps = timestamps
        (rotationRateX, rotationRateY, rotationRateZ) = rotationRate
        (gravityX, gravityY, gravityZ) = gravity
        (attitudeW, attitudeX, attitudeY, attitudeZ) = attitude
    }

    /// Number of samples.
    public var count: Int { timestamps.count }
    /// Which of the three groups are present.
    public var components: DeviceMotionComponents {
        var present: DeviceMotionComponents = []
        if !rotationRateX.isEmpty { present.insert(.rotationRate) }
        if !gravityX.isEmpty { present.insert(.gravity) }
        if !attitudeW.isEmpty { present.insert(.attitude) }
        return present
    }
}

extension DeviceMotionData {
    /// Calls `body` with samples `range` of the timestamps and of the rotation-rate, gravity and attitude columns in
    /// `components` (the others empty, as is a group with an empty column), borrowed without copying.
    public func withRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents = .everyGroup,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        let n = count
        let lent: DeviceMotionComponents = components.intersection([
            rotationRateX.count == n && rotationRateY.count == n && rotationRateZ.count == n ? .rotationRate : [],
            gravityX.count == n && gravityY.count == n && gravityZ.count == n ? .gravity : [],
            attitudeW.count == n && attitudeX.count == n && attitudeY.count == n && attitudeZ.count == n
                ? .attitude : [],
        ])
        func slice(_ column: UnsafeBufferPointer<Float>, _ group: DeviceMotionComponents) -> UnsafeBufferPointer<Float> {
            lent.contains(group) ? UnsafeBufferPointer(rebasing: column[range]) : UnsafeBufferPointer(start: nil, count: 0)
        }
        return timestamps.withUnsafeBufferPointer { t in
            Self.withBuffers(rotationRateX, rotationRateY, rotationRateZ) { rx, ry, rz in
                Self.withBuffers(gravityX, gravityY, gravityZ) { gx, gy, gz in
                    Self.withBuffers(attitudeW, attitudeX, attitudeY, attitudeZ) { aw, ax, ay, az in
                        body(
                            DeviceMotionRotationColumns(
                                timestamps: UnsafeBufferPointer(rebasing: t[range]),
                                rotationRate: (slice(rx, .rotationRate), slice(ry, .rotationRate), slice(rz, .rotationRate)),
                                gravity: (slice(gx, .gravity), slice(gy, .gravity), slice(gz, .gravity)),
                                attitude: (slice(aw, .attitude), slice(ax, .attitude), slice(ay, .attitude), slice(az, .attitude))))
                    }
                }
            }
        }
    }

    private static func withBuffers<Result>(
        _ a: [Float], _ b: [Float], _ c: [Float],
        _ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Result
    ) -> Result {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in c.withUnsafeBufferPointer { c in body(a, b, c) } } }
    }

    private static func withBuffers<Result>(
        _ a: [Float], _ b: [Float], _ c: [Float], _ d: [Float],
        _ body: (UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>) -> Result
    ) -> Result {
        withBuffers(a, b, c) { a, b, c in d.withUnsafeBufferPointer { d in body(a, b, c, d) } }
    }
}
