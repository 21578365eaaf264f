/// Raw magnetometer samples, modelled on `CMMagnetometerData`, stored as a struct of arrays (the shape of
/// `AccelerometerData`). The interchange layout's `magnetometer.csv` and the native file's `magnetometer_*` arrays.
///
/// - `timestamps`: s on the recording's own clock, non-decreasing; any rate (10–200 Hz), jitter allowed.
/// - `x`, `y`, `z`: magnetic field in µT, device frame, uncalibrated (hard- and soft-iron effects not removed).
public struct MagnetometerData: ThreeAxisColumns {
    /// Sample times, s, recording clock.
    public var timestamps: [Double]
    /// Magnetic field along the device x axis, µT.
    public var x: [Float]
    /// Magnetic field along the device y axis, µT.
    public var y: [Float]
    /// Magnetic field along the device z axis, µT.
    public var z: [Float]

    public init(timestamps: [Double] = [], x: [Float] = [], y: [Float] = [], z: [Float] = []) {
        precondition(
            x.count == timestamps.count && y.count == timestamps.count && z.count == timestamps.count,
            "MagnetometerData columns must have equal counts")
        self.timestamps = timestamps
        self.x = x
        self.y = y
        self.z = z
    }
}
