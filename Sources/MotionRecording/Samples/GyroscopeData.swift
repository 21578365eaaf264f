/// Raw gyroscope samples, modelled on `CMGyroData`, stored as a struct of arrays (the shape of
/// `AccelerometerData`). The interchange layout's `gyroscope.csv` and the native file's `gyroscope_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; any rate (50–1000 Hz), jitter allowed.
/// - `x`, `y`, `z`: rotation rate in rad/s, device frame, right-hand rule, bias not removed.
public struct GyroscopeData: ThreeAxisColumns {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Rotation rate about the device x axis, rad/s.
    public var x: [Float]
    /// Rotation rate about the device y axis, rad/s.
    public var y: [Float]
    /// Rotation rate about the device z axis, rad/s.
    public var z: [Float]

    public init(timestamps: [Double] = [], x: [Float] = [], y: [Float] = [], z: [Float] = []) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "GyroscopeData columns must have equal counts")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }
}
