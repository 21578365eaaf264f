/// Fused device-motion samples, modelled on `CMDeviceMotion`, stored as a struct of arrays.
///
/// Conventions (docs/architecture.md, units and frames):
/// - `timestamps`: s on the recording's own clock, nominally 200 Hz.
/// - attitude: unit quaternion (w, x, y, z), Hamilton, rotating device-frame vectors into the reference frame, so
///   rotate(q, gravity) = (0, 0, −1). Core Motion's own convention; its quaternions import unchanged.
/// - gravity: unit vector in the device frame, in g, pointing down.
/// - userAcceleration: acceleration without gravity, g, device frame.
/// - rotationRate: rad/s in the device frame, right-hand rule.
/// - magneticField: µT, device frame (optional); heading: degrees from north, 0..<360 (optional).
///
/// A column group that the source did not record is *empty* (count 0) rather than filled with NaN: for example a
/// raw rotation-only dump has `rotationRate*` and `timestamps` and nothing else. Every non-empty column has the
/// same count as `timestamps`. Use ``components`` to ask what is present.
public struct DeviceMotionData: Sendable, Equatable {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]

    /// Attitude quaternion scalar part.
    public var attitudeW: [Float]
    /// Attitude quaternion vector part, x.
    public var attitudeX: [Float]
    /// Attitude quaternion vector part, y.
    public var attitudeY: [Float]
    /// Attitude quaternion vector part, z.
    public var attitudeZ: [Float]

    /// Gravity, device frame, g (unit length).
    public var gravityX: [Float]
    public var gravityY: [Float]
    public var gravityZ: [Float]

    /// User acceleration (gravity removed), device frame, g.
    public var userAccelerationX: [Float]
    public var userAccelerationY: [Float]
    public var userAccelerationZ: [Float]

    /// Rotation rate, device frame, rad/s, right-hand rule.
    public var rotationRateX: [Float]
    public var rotationRateY: [Float]
    public var rotationRateZ: [Float]

    /// Calibrated magnetic field, device frame, µT (optional: empty when not recorded).
    public var magneticFieldX: [Float]
    public var magneticFieldY: [Float]
    public var magneticFieldZ: [Float]

    /// Heading, degrees clockwise from north (optional: empty when not recorded).
    public var heading: [Float]

    public init(
        timestamps: [Double] = [],
        attitudeW: [Float] = [], attitudeX: [Float] = [], attitudeY: [Float] = [], attitudeZ: [Float] = [],
        gravityX: [Float] = [], gravityY: [Float] = [], gravityZ: [Float] = [],
        userAccelerationX: [Float] = [], userAccelerationY: [Float] = [], userAccelerationZ: [Float] = [],
        rotationRateX: [Float] = [], rotationRateY: [Float] = [], rotationRateZ: [Float] = [],
        magneticFieldX: [Float] = [], magneticFieldY: [Float] = [], magneticFieldZ: [Float] = [],
        heading: [Float] = []
    ) {
        self.timestamps = timestamps
        self.attitudeW = attitudeW
        self.attitudeX = attitudeX
        self.attitudeY = attitudeY
        self.attitudeZ = attitudeZ
        self.gravityX = gravityX
        self.gravityY = gravityY
        self.gravityZ = gravityZ
        self.userAccelerationX = userAccelerationX
        self.userAccelerationY = userAccelerationY
        self.userAccelerationZ = userAccelerationZ
        self.rotationRateX = rotationRateX
        self.rotationRateY = rotationRateY
        self.rotationRateZ = rotationRateZ
        self.magneticFieldX = magneticFieldX
        self.magneticFieldY = magneticFieldY
        self.magneticFieldZ = magneticFieldZ
        self.heading = heading
        precondition(columnsAreConsistent, "DeviceMotionData: every non-empty column must match timestamps.count")
    }

    /// Number of samples.
    @inlinable public var count: Int { timestamps.count }
    @inlinable public var isEmpty: Bool { timestamps.isEmpty }

    /// Which column groups are present.
    public var components: DeviceMotionComponents {
        var c: DeviceMotionComponents = []
        if !attitudeW.isEmpty { c.insert(.attitude) }
        if !gravityX.isEmpty { c.insert(.gravity) }
        if !userAccelerationX.isEmpty { c.insert(.userAcceleration) }
        if !rotationRateX.isEmpty { c.insert(.rotationRate) }
        if !magneticFieldX.isEmpty { c.insert(.magneticField) }
        if !heading.isEmpty { c.insert(.heading) }
        return c
    }

    /// True when every column is either empty or as long as `timestamps`.
    public var columnsAreConsistent: Bool {
        let n = timestamps.count
        let columns: [[Float]] = [
            attitudeW, attitudeX, attitudeY, attitudeZ, gravityX, gravityY, gravityZ,
            userAccelerationX, userAccelerationY, userAccelerationZ, rotationRateX, rotationRateY, rotationRateZ,
            magneticFieldX, magneticFieldY, magneticFieldZ, heading,
        ]
        return columns.allSatisfy { $0.isEmpty || $0.count == n }
    }

    /// The samples with indices in `range`, as a new value (absent columns stay absent).
    public subscript(range: Range<Int>) -> DeviceMotionData {
        func slice(_ column: [Float]) -> [Float] { column.isEmpty ? [] : Array(column[range]) }
        return DeviceMotionData(
            timestamps: Array(timestamps[range]),
            attitudeW: slice(attitudeW), attitudeX: slice(attitudeX), attitudeY: slice(attitudeY),
            attitudeZ: slice(attitudeZ),
            gravityX: slice(gravityX), gravityY: slice(gravityY), gravityZ: slice(gravityZ),
            userAccelerationX: slice(userAccelerationX), userAccelerationY: slice(userAccelerationY),
            userAccelerationZ: slice(userAccelerationZ),
            rotationRateX: slice(rotationRateX), rotationRateY: slice(rotationRateY),
            rotationRateZ: slice(rotationRateZ),
            magneticFieldX: slice(magneticFieldX), magneticFieldY: slice(magneticFieldY),
            magneticFieldZ: slice(magneticFieldZ), heading: slice(heading))
    }
}

/// The column groups a ``DeviceMotionData`` carries.
public struct DeviceMotionComponents: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let attitude = DeviceMotionComponents(rawValue: 1 << 0)
    public static let gravity = DeviceMotionComponents(rawValue: 1 << 1)
    public static let userAcceleration = DeviceMotionComponents(rawValue: 1 << 2)
    public static let rotationRate = DeviceMotionComponents(rawValue: 1 << 3)
    public static let magneticField = DeviceMotionComponents(rawValue: 1 << 4)
    public static let heading = DeviceMotionComponents(rawValue: 1 << 5)

    /// What `CMDeviceMotion` always provides.
    public static let full: DeviceMotionComponents = [.attitude, .gravity, .userAcceleration, .rotationRate]

    /// Every column group there is.
    public static let everyGroup: DeviceMotionComponents = [
        .attitude, .gravity, .userAcceleration, .rotationRate, .magneticField, .heading,
    ]
}
