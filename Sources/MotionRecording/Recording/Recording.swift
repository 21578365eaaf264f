/// One recorded session: the 800 Hz accelerometer stream, the 200 Hz device-motion stream, the raw gyroscope
/// and magnetometer streams of IMU recordings, and the slower streams a workout records beside them (barometric
/// pressure, location, headphone motion, the device's own pedometer and activity); any may be absent. Also what is
/// known about it, and what the import found and repaired.
///
/// Streams are whole (not batched); `accelerometerBatchEnds` / `deviceMotionBatchEnds` keep the batch structure
/// when the source preserved it (raw `CMBatchedSensorManager` dumps): each entry is the exclusive end index of one
/// delivered batch, strictly increasing, the last equal to the stream's count. `nil` means "cut at whole seconds".
public struct Recording: Sendable {
    /// Raw accelerometer, g, gravity included; `nil` when the source had none.
    public var accelerometer: AccelerometerData?
    /// Device motion; `nil` when the source had none.
    public var deviceMotion: DeviceMotionData?
    /// Raw gyroscope, rad/s, bias not removed; `nil` when the source had none.
    public var gyroscope: GyroscopeData?
    /// Raw magnetometer, µT; `nil` when the source had none.
    public var magnetometer: MagnetometerData?
    /// Barometric pressure, kPa; `nil` when the source had none.
    public var pressure: PressureData?
    /// Location fixes; `nil` when the source had none.
    public var location: LocationData?
    /// Head motion from headphones; `nil` when the source had none.
    public var headphoneMotion: HeadphoneMotionData?
    /// The device's own cumulative step, distance and floor counts; `nil` when the source had none.
    public var pedometer: PedometerData?
    /// The device's own activity classification; `nil` when the source had none.
    public var motionActivity: MotionActivityData?
    /// Batch boundaries of the accelerometer stream as delivered, or `nil`.
    public var accelerometerBatchEnds: [Int]?
    /// Batch boundaries of the device-motion stream as delivered, or `nil`.
    public var deviceMotionBatchEnds: [Int]?
    public var metadata: RecordingMetadata
    /// Findings and repairs of the data-hygiene checks run at import.
    public var hygiene: HygieneReport

    public init(
        accelerometer: AccelerometerData? = nil, deviceMotion: DeviceMotionData? = nil,
        accelerometerBatchEnds: [Int]? = nil, deviceMotionBatchEnds: [Int]? = nil,
        metadata: RecordingMetadata = RecordingMetadata(), hygiene: HygieneReport = HygieneReport(),
        gyroscope: GyroscopeData? = nil, magnetometer: MagnetometerData? = nil,
        pressure: PressureData? = nil, location: LocationData? = nil, headphoneMotion: HeadphoneMotionData? = nil,
        pedometer: PedometerData? = nil, motionActivity: MotionActivityData? = nil
    ) {
        self.pressure = pressure
        self.location = location
        self.headphoneMotion = headphoneMotion
        self.pedometer = pedometer
        self.motionActivity = motionActivity
        self.gyroscope = gyroscope
        self.magnetometer = magnetometer
        self.accelerometer = accelerometer
        self.deviceMotion = deviceMotion
        self.accelerometerBatchEnds = accelerometerBatchEnds
        self.deviceMotionBatchEnds = deviceMotionBatchEnds
        self.metadata = metadata
        self.hygiene = hygiene
    }

    /// First to last timestamp over the motion streams (accelerometer, device motion, gyroscope, magnetometer), s
    /// (0 when empty). The slower streams (pressure, location, headphones, the device's counts) do not extend it.
    public var duration: Double {
        let starts = [
            accelerometer?.timestamps.first, deviceMotion?.timestamps.first, gyroscope?.timestamps.first,
            magnetometer?.timestamps.first,
        ].compactMap { $0 }
        let ends = [
            accelerometer?.timestamps.last, deviceMotion?.timestamps.last, gyroscope?.timestamps.last,
            magnetometer?.timestamps.last,
        ].compactMap { $0 }
        guard let start = starts.min(), let end = ends.max() else { return 0 }
        return end - start
    }
}
