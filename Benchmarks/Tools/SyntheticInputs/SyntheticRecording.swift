import MotionRecording

/// Seeded recordings for the benchmark suites and probes, generated in memory (no file to ship).
public enum SyntheticRecording {
    /// `seconds` of a watch at rest from t = 100 s: a 798.7 Hz accelerometer (g: noise in ±0.5 around (0, 0, −1))
    /// and 200 Hz device motion with every column (noise in ±0.5). The noise is a fixed 64-bit LCG, so every run
    /// reads and writes the same values.
    public static func restingWatch(seconds: Double) -> Recording {
        var state: UInt64 = 42
        func noise() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: state >> 11) % 1_000_000) / 1_000_000 - 0.5
        }
        var accelerometer = AccelerometerData()
        let n = Int(seconds * 798.7)
        accelerometer.reserveCapacity(n)
        for index in 0..<n {
            accelerometer.append(timestamp: 100 + Double(index) / 798.7, x: noise(), y: noise(), z: -1 + noise())
        }
        let m = Int(seconds * 200)
        var motion = DeviceMotionData(timestamps: (0..<m).map { 100 + Double($0) / 200 })
        let columns: [WritableKeyPath<DeviceMotionData, [Float]>] = [
            \.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ, \.gravityX, \.gravityY, \.gravityZ,
            \.userAccelerationX, \.userAccelerationY, \.userAccelerationZ, \.rotationRateX, \.rotationRateY,
            \.rotationRateZ,
        ]
        for column in columns { motion[keyPath: column] = (0..<m).map { _ in noise() } }
        return Recording(accelerometer: accelerometer, deviceMotion: motion)
    }
}
