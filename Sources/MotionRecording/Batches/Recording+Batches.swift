/// Which of the two Core Motion streams a batch belongs to.
public enum SensorStream: String, Sendable, Hashable, CaseIterable {
    /// 800 Hz raw accelerometer (`CMBatchedSensorManager.accelerometerUpdates()`).
    case accelerometer
    /// 200 Hz device motion (`CMBatchedSensorManager.deviceMotionUpdates()`).
    case deviceMotion
    /// Raw gyroscope, rad/s, bias not removed (`CMGyroData`; IMU recordings, phone exports). Not batched: an
    /// analysis that needs device motion fuses it with the accelerometer (SensorFusion).
    case gyroscope
    /// Raw magnetometer, µT (`CMMagnetometerData`). Not batched.
    case magnetometer
}

/// One delivered batch: a stream and the index range of its samples in the recording's column arrays.
public struct BatchRange: Sendable, Hashable {
    public var stream: SensorStream
    /// Sample indices in the stream's columns (non-empty).
    public var range: Range<Int>

    public init(stream: SensorStream, range: Range<Int>) {
        self.stream = stream
        self.range = range
    }
}

extension Recording {
    /// The batches of both streams in the order the watch would deliver them (by the time of each batch's last
    /// sample; accelerometer first on ties), about one second each.
    ///
    /// Where the source kept the app's own batch boundaries (``accelerometerBatchEnds``,
    /// ``deviceMotionBatchEnds``) those are used; otherwise a stream is cut at whole seconds of the recording's
    /// clock, i.e. a new batch starts at the first sample whose `floor(timestamp)` differs from the previous one.
    public func batchRanges() -> [BatchRange] {
        func timed(_ timestamps: [Double]?, keptEnds: [Int]?) -> BatchRange.Timed {
            guard let timestamps, !timestamps.isEmpty else { return BatchRange.Timed(ends: []) { _ in 0 } }
            let ends = keptEnds ?? Self.wholeSecondBatchEnds(timestamps)
            return BatchRange.Timed(ends: ends) { timestamps[ends[$0] - 1] }
        }
        return BatchRange.deliveryOrder(
            accelerometer: timed(accelerometer?.timestamps, keptEnds: accelerometerBatchEnds),
            deviceMotion: timed(deviceMotion?.timestamps, keptEnds: deviceMotionBatchEnds))
    }

    /// Exclusive end indices of batches cut where `floor(timestamp)` changes.
    public static func wholeSecondBatchEnds(_ timestamps: [Double]) -> [Int] {
        guard let first = timestamps.first else { return [] }
        var cutter = WholeSecondBatchCutter(firstTimestamp: first)
        timestamps.withUnsafeBufferPointer { cutter.scan(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
        return cutter.finish().ends
    }
}
