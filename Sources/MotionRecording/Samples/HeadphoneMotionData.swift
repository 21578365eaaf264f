/// Which headphone's sensor produced a sample (`CMDeviceMotion.SensorLocation` from `CMHeadphoneMotionManager`).
public enum HeadphoneSensorLocation: String, Sendable, Hashable, CaseIterable {
    /// The manager's default (either bud, or the headset's single sensor).
    case `default`
    /// The left earbud.
    case left
    /// The right earbud.
    case right
}

/// Head motion from headphones (`CMHeadphoneMotionManager`, AirPods; about 25 Hz): device motion in the
/// headphones' frame plus, per sample, which bud measured it. The interchange layout's `headphone_motion.csv` (the
/// columns of `device_motion.csv` plus `sensor_location`) and the native file's `headphone_*` arrays.
///
/// `motion` follows every convention of ``DeviceMotionData`` (attitude, gravity in g, rotation rate in rad/s,
/// absent column groups empty) in the headphones' own frame, not the watch's.
public struct HeadphoneMotionData: Sendable, Equatable {
    /// Device motion of the headphones.
    public var motion: DeviceMotionData
    /// Per sample, the bud that measured it; empty when the source did not say (then all are `.default`).
    public var sensorLocation: [HeadphoneSensorLocation]

    public init(motion: DeviceMotionData = DeviceMotionData(), sensorLocation: [HeadphoneSensorLocation] = []) {
        precondition(
            sensorLocation.isEmpty || sensorLocation.count == motion.count,
            "HeadphoneMotionData.sensorLocation must be empty or as long as the motion")
        self.motion = motion
        self.sensorLocation = sensorLocation
    }

    /// Number of samples.
    @inlinable public var count: Int { motion.count }
    @inlinable public var isEmpty: Bool { motion.isEmpty }
    /// Sample times, s, recording clock.
    @inlinable public var timestamps: [Double] { motion.timestamps }
}
