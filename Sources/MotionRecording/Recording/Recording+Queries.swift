/// Pull access in the spirit of `CMSensorRecorder` and `CMMotionManager`'s polled properties: the latest sample at or
/// before a time, and the samples between two times. Binary searches over the timestamps: O(log n) to locate,
/// then a copy of the slice.
extension Recording {
    /// Index of the first timestamp ≥ `time` (or > `time` when `strictly`), assuming non-decreasing timestamps.
    @inlinable
    static func lowerBound(_ timestamps: [Double], _ time: Double, strictly: Bool = false) -> Int {
        BinarySearch.firstIndex(in: timestamps, atOrAfter: time, strictly: strictly)
    }

    /// Indices of the accelerometer samples with `t0 ≤ timestamp < t1` (s); empty when the stream is absent.
    public func accelerometerIndices(from t0: Double, to t1: Double) -> Range<Int> {
        guard let timestamps = accelerometer?.timestamps else { return 0..<0 }
        let start = Self.lowerBound(timestamps, t0)
        return start..<max(start, Self.lowerBound(timestamps, t1))
    }

    /// Indices of the device-motion samples with `t0 ≤ timestamp < t1` (s); empty when the stream is absent.
    public func deviceMotionIndices(from t0: Double, to t1: Double) -> Range<Int> {
        guard let timestamps = deviceMotion?.timestamps else { return 0..<0 }
        let start = Self.lowerBound(timestamps, t0)
        return start..<max(start, Self.lowerBound(timestamps, t1))
    }

    /// Accelerometer samples with `t0 ≤ timestamp < t1` (s), like `CMSensorRecorder.accelerometerData(from:to:)`.
    public func accelerometer(from t0: Double, to t1: Double) -> AccelerometerData {
        guard let accelerometer else { return AccelerometerData() }
        return accelerometer[accelerometerIndices(from: t0, to: t1)]
    }

    /// Device-motion samples with `t0 ≤ timestamp < t1` (s).
    public func deviceMotion(from t0: Double, to t1: Double) -> DeviceMotionData {
        guard let deviceMotion else { return DeviceMotionData() }
        return deviceMotion[deviceMotionIndices(from: t0, to: t1)]
    }

    /// The last accelerometer sample with timestamp ≤ `time` (s), like polling `CMMotionManager.accelerometerData`;
    /// `nil` before the first sample or when the stream is absent.
    public func latestAccelerometerSample(atOrBefore time: Double) -> AccelerometerSample? {
        guard let accelerometer else { return nil }
        let index = Self.lowerBound(accelerometer.timestamps, time, strictly: true) - 1
        return index >= 0 ? accelerometer.sample(at: index) : nil
    }

    /// The last device-motion sample with timestamp ≤ `time` (s), as a one-sample ``DeviceMotionData``.
    public func latestDeviceMotionSample(atOrBefore time: Double) -> DeviceMotionData? {
        guard let deviceMotion else { return nil }
        let index = Self.lowerBound(deviceMotion.timestamps, time, strictly: true) - 1
        return index >= 0 ? deviceMotion[index..<(index + 1)] : nil
    }
}
