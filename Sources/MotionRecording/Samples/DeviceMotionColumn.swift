/// One `Float` column of ``DeviceMotionData``: where it lives, its name in files (after `device_motion_` in a native
/// file; the interchange CSV header uses the same names for the columns it carries) and the column group it belongs
/// to. ``all`` lists every column once, in file order — the one table the native format, hygiene checks and batch
/// copies iterate.
struct DeviceMotionColumn {
    let keyPath: WritableKeyPath<DeviceMotionData, [Float]>
    let name: String
    let group: DeviceMotionComponents

    // nonisolated(unsafe): key paths are immutable, but not declared Sendable.
    nonisolated(unsafe) static let all: [DeviceMotionColumn] = [
        .init(keyPath: \.attitudeW, name: "attitude_w", group: .attitude),
        .init(keyPath: \.attitudeX, name: "attitude_x", group: .attitude),
        .init(keyPath: \.attitudeY, name: "attitude_y", group: .attitude),
        .init(keyPath: \.attitudeZ, name: "attitude_z", group: .attitude),
        .init(keyPath: \.gravityX, name: "gravity_x", group: .gravity),
        .init(keyPath: \.gravityY, name: "gravity_y", group: .gravity),
        .init(keyPath: \.gravityZ, name: "gravity_z", group: .gravity),
        .init(keyPath: \.userAccelerationX, name: "user_acceleration_x", group: .userAcceleration),
        .init(keyPath: \.userAccelerationY, name: "user_acceleration_y", group: .userAcceleration),
        .init(keyPath: \.userAccelerationZ, name: "user_acceleration_z", group: .userAcceleration),
        .init(keyPath: \.rotationRateX, name: "rotation_rate_x", group: .rotationRate),
        .init(keyPath: \.rotationRateY, name: "rotation_rate_y", group: .rotationRate),
        .init(keyPath: \.rotationRateZ, name: "rotation_rate_z", group: .rotationRate),
        .init(keyPath: \.magneticFieldX, name: "magnetic_field_x", group: .magneticField),
        .init(keyPath: \.magneticFieldY, name: "magnetic_field_y", group: .magneticField),
        .init(keyPath: \.magneticFieldZ, name: "magnetic_field_z", group: .magneticField),
        .init(keyPath: \.heading, name: "heading", group: .heading),
    ]

    /// The columns of ``DeviceMotionRotationColumns``, in its order: rotation rate x, y, z; gravity x, y, z;
    /// attitude w, x, y, z.
    nonisolated(unsafe) static let rotationAnalysis: [DeviceMotionColumn] = [
        \DeviceMotionData.rotationRateX, \.rotationRateY, \.rotationRateZ, \.gravityX, \.gravityY, \.gravityZ,
        \.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ,
    ].map { keyPath in all.first { $0.keyPath == keyPath }! }
}
