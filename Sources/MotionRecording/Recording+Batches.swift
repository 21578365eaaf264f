/// Which of the two Core Motion streams a batch belongs to.
public enum SensorStream: String, Sendable, Hashable, CaseIterable {
    /// 800 Hz raw accelerometer (`CMBatchedSensorManager.accelerometerUpdates()`).
    case accelerometer
    /// 200 Hz device motion (`CMBatchedSensorManager.deviceMotionUpdates()`).
    case deviceMotion
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
        var batches: [BatchRange] = []
        if let accelerometer, !accelerometer.isEmpty {
            let ends = accelerometerBatchEnds ?? Self.wholeSecondBatchEnds(accelerometer.timestamps)
            batches += Self.ranges(ends: ends).map { BatchRange(stream: .accelerometer, range: $0) }
        }
        if let deviceMotion, !deviceMotion.isEmpty {
            let ends = deviceMotionBatchEnds ?? Self.wholeSecondBatchEnds(deviceMotion.timestamps)
            batches += Self.ranges(ends: ends).map { BatchRange(stream: .deviceMotion, range: $0) }
        }
        func lastTime(_ batch: BatchRange) -> Double {
            switch batch.stream {
            case .accelerometer: accelerometer!.timestamps[batch.range.upperBound - 1]
            case .deviceMotion: deviceMotion!.timestamps[batch.range.upperBound - 1]
            }
        }
        // Stable order: by last sample time, accelerometer before device motion on ties.
        return batches.enumerated().sorted { lhs, rhs in
            let (l, r) = (lastTime(lhs.element), lastTime(rhs.element))
            if l != r { return l < r }
            if lhs.element.stream != rhs.element.stream { return lhs.element.stream == .accelerometer }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Exclusive end indices of batches cut where `floor(timestamp)` changes.
    public static func wholeSecondBatchEnds(_ timestamps: [Double]) -> [Int] {
        guard let first = timestamps.first else { return [] }
        var cutter = WholeSecondBatchCutter(firstTimestamp: first)
        timestamps.withUnsafeBufferPointer { cutter.scan(UnsafeBufferPointer(rebasing: $0.dropFirst())) }
        return cutter.finish().ends
    }

    private static func ranges(ends: [Int]) -> [Range<Int>] {
        var start = 0
        var result: [Range<Int>] = []
        for end in ends where end > start {
            result.append(start..<end)
            start = end
        }
        return result
    }
}
