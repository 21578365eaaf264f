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
        fuse(InMemoryRawIMU(accelerometer: accelerometer, gyroscope: gyroscope), into: &output, afterEachSecond: { _ in })
    }

    /// ``fuse(accelerometer:gyroscope:into:)`` reading the two streams from `reader` a second at a time (into reused
    /// buffers, so a mapped file is never copied whole), with `afterEachSecond` called on `output` after each
    /// one-second step and after the finish: where a caller moves the device motion made so far elsewhere (and
    /// empties `output`), so that it never holds the whole recording's. The batches fed, and so the device motion,
    /// are the same whatever the reader.
    mutating func fuse<Reader: RawIMUReader, Failure: Error>(
        _ reader: Reader, into output: inout DeviceMotionData,
        afterEachSecond: (inout DeviceMotionData) throws(Failure) -> Void
    ) throws(Failure) {
        let accelerometerCount = reader.accelerometerCount
        let gyroscopeCount = reader.gyroscopeCount
        var accelerometer = AccelerometerData()
        var gyroscope = GyroscopeData()
        var a = 0
        var g = 0
        let start = min(
            accelerometerCount > 0 ? reader.accelerometerTimestamp(at: 0) : .infinity,
            gyroscopeCount > 0 ? reader.gyroscopeTimestamp(at: 0) : .infinity)
        var edge = start + 1
        while (a < accelerometerCount || g < gyroscopeCount) && reader.isIntact {
            var a1 = a
            while a1 < accelerometerCount && reader.accelerometerTimestamp(at: a1) < edge { a1 += 1 }
            var g1 = g
            while g1 < gyroscopeCount && reader.gyroscopeTimestamp(at: g1) < edge { g1 += 1 }
            if a1 > a {
                reader.copyAccelerometer(a..<a1, into: &accelerometer)
                append(accelerometer: accelerometer, into: &output)
            }
            if g1 > g {
                reader.copyGyroscope(g..<g1, into: &gyroscope)
                append(gyroscope: gyroscope, into: &output)
            }
            reader.didRead(accelerometer: a..<a1, gyroscope: g..<g1)
            a = a1
            g = g1
            edge += 1
            try afterEachSecond(&output)
        }
        finish(into: &output)
        try afterEachSecond(&output)
    }
}
