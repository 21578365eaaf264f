public import MotionRecording

extension SensorFusionFilter {
    /// Fuses two whole streams (or long stretches of them): feeds them in alternating one-second batches, the way
    /// `CMBatchedSensorManager` delivers them, so that neither runs ahead of the other by more than the maximum stream
    /// skew, then finishes. The result equals feeding the same samples as live batches.
    ///
    /// - Parameters:
    ///   - accelerometer: g, Core Motion sign, non-decreasing timestamps (s).
    ///   - gyroscope: rad/s, raw, non-decreasing timestamps (s).
    ///   - output: device motion appended at the gyroscope's timestamps.
    public mutating func fuse(
        accelerometer: AccelerometerData, gyroscope: GyroscopeData, into output: inout DeviceMotionData
    ) {
        var a = 0
        var g = 0
        let start = min(accelerometer.timestamps.first ?? .infinity, gyroscope.timestamps.first ?? .infinity)
        var edge = start + 1
        while a < accelerometer.count || g < gyroscope.count {
            var a1 = a
            while a1 < accelerometer.count && accelerometer.timestamps[a1] < edge { a1 += 1 }
            var g1 = g
            while g1 < gyroscope.count && gyroscope.timestamps[g1] < edge { g1 += 1 }
            if a1 > a { append(accelerometer: accelerometer[a..<a1], into: &output) }
            if g1 > g { append(gyroscope: gyroscope[g..<g1], into: &output) }
            a = a1
            g = g1
            edge += 1
        }
        finish(into: &output)
    }
}
