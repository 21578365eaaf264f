/// Raw accelerometer samples, modelled on `CMAccelerometerData`, stored as a struct of arrays.
///
/// - `timestamps`: seconds on the recording's own clock (Core Motion: seconds since device boot), non-decreasing
///   once the recording has passed its hygiene checks. Never assume a rate: real "800 Hz" streams run at ~798.7 Hz
///   with jitter.
/// - `x`, `y`, `z`: acceleration in g (1 g = 9.80665 m/s²) in the device frame, gravity included; a watch lying
///   face-up reads (0, 0, −1).
///
/// The same type holds one batch (about one second, as `CMBatchedSensorManager` delivers it) or a whole stream.
/// All four arrays always have the same count.
public struct AccelerometerData: ThreeAxisColumns {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Acceleration along the device x axis, g.
    public var x: [Float]
    /// Acceleration along the device y axis, g.
    public var y: [Float]
    /// Acceleration along the device z axis, g.
    public var z: [Float]

    public init(timestamps: [Double] = [], x: [Float] = [], y: [Float] = [], z: [Float] = []) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "AccelerometerData columns must have equal counts")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }
}
