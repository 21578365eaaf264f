/// One delivered batch of either stream.
public enum SensorBatch: Sendable, Equatable {
    case accelerometer(AccelerometerData)
    case deviceMotion(DeviceMotionData)

    public var stream: SensorStream {
        switch self {
        case .accelerometer: .accelerometer
        case .deviceMotion: .deviceMotion
        }
    }
}

/// How batches are paced.
public enum BatchPacing: Sendable, Equatable {
    /// Each batch as soon as it is asked for.
    case asFastAsPossible
    /// Each batch when the recording time of its last sample has passed since the start, divided by `speed`
    /// (1 = the watch's own pace, 10 = ten times faster), as `CMBatchedSensorManager` delivers a batch once it is
    /// complete.
    case realTime(speed: Double = 1)
}

/// The synchronous core of the batch streams: walks the delivery schedule, copying each batch into a reused
/// buffer. Once the buffers have grown to the largest batch, `next()` allocates nothing — provided the caller does
/// not keep the previous batch (keeping it only costs a copy-on-write).
public struct BatchCursor<Source: BatchSource>: Sendable {
    public let source: Source
    @usableFromInline let schedule: [BatchRange]
    @usableFromInline var position = 0
    /// Reused buffers holding the current batch.
    public private(set) var accelerometer = AccelerometerData()
    public private(set) var deviceMotion = DeviceMotionData()

    /// A cursor over the batches of `streams` in delivery order.
    public init(_ source: Source, streams: Set<SensorStream> = Set(SensorStream.allCases)) {
        self.source = source
        schedule = source.batchRanges().filter { streams.contains($0.stream) }
        var largest: [SensorStream: Int] = [:]
        for batch in schedule { largest[batch.stream] = max(largest[batch.stream] ?? 0, batch.range.count) }
        accelerometer.reserveCapacity(largest[.accelerometer] ?? 0)
        deviceMotion.reserveCapacity(largest[.deviceMotion] ?? 0, like: nil)
    }

    /// Number of batches in the schedule.
    public var batchCount: Int { schedule.count }

    /// Time of the first sample of any stream, s (the start of pacing).
    public var startTime: Double? {
        // Batches of a stream start at increasing indices, so each stream's first sample is its earliest.
        SensorStream.allCases.compactMap { stream in
            schedule.first { $0.stream == stream }.map { _ in source.timestamp(stream, at: 0) }
        }.min()
    }

    /// Recording time at which the batch `index` is complete (its last sample), s.
    public func deliveryTime(ofBatch index: Int) -> Double {
        let batch = schedule[index]
        return source.timestamp(batch.stream, at: batch.range.upperBound - 1)
    }

    /// Starts again from the first batch, keeping the buffers.
    public mutating func rewind() { position = 0 }

    /// Index of the batch the next call to ``next()`` returns.
    public var nextBatchIndex: Int { position }

    /// Loads the next batch into ``accelerometer`` or ``deviceMotion`` and returns its range, or `nil` at the end.
    public mutating func next() -> BatchRange? {
        guard position < schedule.count else { return nil }
        let batch = schedule[position]
        position += 1
        switch batch.stream {
        case .accelerometer: source.copyAccelerometer(batch.range, into: &accelerometer)
        case .deviceMotion: source.copyDeviceMotion(batch.range, into: &deviceMotion)
        case .gyroscope, .magnetometer: break  // not batched (batchRanges() never lists them)
        }
        source.didDeliver(batch)
        return batch
    }
}

extension DeviceMotionData {
    /// Reserves room for `capacity` samples in the timestamps and in every column present in `template` (all
    /// columns when `nil`).
    public mutating func reserveCapacity(_ capacity: Int, like template: DeviceMotionData?) {
        timestamps.reserveCapacity(capacity)
        for column in DeviceMotionColumn.all where template.map({ !$0[keyPath: column.keyPath].isEmpty }) ?? true {
            self[keyPath: column.keyPath].reserveCapacity(capacity)
        }
    }
}

/// Batches of one or both streams as an `AsyncSequence`, in the spirit of `CMBatchedSensorManager`'s
/// `accelerometerUpdates()` / `deviceMotionUpdates()`: about one second each (or as the source delivered them),
/// in delivery order, paced in real time on `clock` or as fast as possible.
public struct SensorBatchSequence<Source: BatchSource, C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    public typealias Element = SensorBatch
    public typealias Failure = Never

    let source: Source
    let streams: Set<SensorStream>
    let pacing: BatchPacing
    let clock: C

    public init(_ source: Source, streams: Set<SensorStream>, pacing: BatchPacing, clock: C) {
        if case .realTime(let speed) = pacing { precondition(speed > 0 && speed.isFinite, "speed must be positive") }
        self.source = source
        self.streams = streams
        self.pacing = pacing
        self.clock = clock
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var cursor: BatchCursor<Source>
        let pacing: BatchPacing
        let clock: C
        var origin: C.Instant? = nil
        let startTime: Double

        public mutating func next() async -> SensorBatch? {
            await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> SensorBatch? {
            guard cursor.nextBatchIndex < cursor.batchCount else { return nil }
            if case .realTime(let speed) = pacing {
                let now = clock.now
                if origin == nil { origin = now }
                let due = (cursor.deliveryTime(ofBatch: cursor.nextBatchIndex) - startTime) / speed
                let deadline = origin!.advanced(by: .seconds(due))
                if deadline > now {
                    do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return nil }  // cancelled
                }
            } else if Task.isCancelled {
                return nil
            }
            guard let batch = cursor.next() else { return nil }
            switch batch.stream {
            case .accelerometer: return .accelerometer(cursor.accelerometer)
            case .deviceMotion: return .deviceMotion(cursor.deviceMotion)
            case .gyroscope, .magnetometer: preconditionFailure("batchRanges() never lists raw IMU streams")
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        let cursor = BatchCursor(source, streams: streams)
        return AsyncIterator(cursor: cursor, pacing: pacing, clock: clock, startTime: cursor.startTime ?? 0)
    }
}

/// Accelerometer batches only, as ``AccelerometerData`` (see ``SensorBatchSequence``).
public struct AccelerometerBatchSequence<Source: BatchSource, C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    public typealias Element = AccelerometerData
    public typealias Failure = Never
    let base: SensorBatchSequence<Source, C>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SensorBatchSequence<Source, C>.AsyncIterator
        public mutating func next() async -> AccelerometerData? { await next(isolation: nil) }
        public mutating func next(isolation actor: isolated (any Actor)?) async -> AccelerometerData? {
            while let batch = await base.next(isolation: actor) {
                if case .accelerometer(let data) = batch { return data }
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}

/// Device-motion batches only, as ``DeviceMotionData`` (see ``SensorBatchSequence``).
public struct DeviceMotionBatchSequence<Source: BatchSource, C: Clock>: AsyncSequence, Sendable where C.Duration == Duration {
    public typealias Element = DeviceMotionData
    public typealias Failure = Never
    let base: SensorBatchSequence<Source, C>

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: SensorBatchSequence<Source, C>.AsyncIterator
        public mutating func next() async -> DeviceMotionData? { await next(isolation: nil) }
        public mutating func next(isolation actor: isolated (any Actor)?) async -> DeviceMotionData? {
            while let batch = await base.next(isolation: actor) {
                if case .deviceMotion(let data) = batch { return data }
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}

extension BatchSource {
    /// Both streams' batches in delivery order.
    public func batches<C: Clock>(pacing: BatchPacing = .asFastAsPossible, clock: C) -> SensorBatchSequence<Self, C>
    where C.Duration == Duration {
        SensorBatchSequence(self, streams: Set(SensorStream.allCases), pacing: pacing, clock: clock)
    }

    /// Both streams' batches in delivery order, paced on `ContinuousClock`.
    public func batches(pacing: BatchPacing = .asFastAsPossible) -> SensorBatchSequence<Self, ContinuousClock> {
        batches(pacing: pacing, clock: ContinuousClock())
    }

    /// Like `CMBatchedSensorManager.accelerometerUpdates()`. Throws `streamNotAvailable` when there is no
    /// accelerometer stream.
    public func accelerometerUpdates<C: Clock>(pacing: BatchPacing = .asFastAsPossible, clock: C)
        throws(RecordingError) -> AccelerometerBatchSequence<Self, C> where C.Duration == Duration
    {
        guard batchRanges().contains(where: { $0.stream == .accelerometer }) else {
            throw .streamNotAvailable(.accelerometer, reason: "the recording has no accelerometer samples")
        }
        return AccelerometerBatchSequence(base: SensorBatchSequence(self, streams: [.accelerometer], pacing: pacing, clock: clock))
    }

    public func accelerometerUpdates(pacing: BatchPacing = .asFastAsPossible)
        throws(RecordingError) -> AccelerometerBatchSequence<Self, ContinuousClock>
    {
        try accelerometerUpdates(pacing: pacing, clock: ContinuousClock())
    }

    /// Like `CMBatchedSensorManager.deviceMotionUpdates()`. Throws `streamNotAvailable` when there is no
    /// device-motion stream.
    public func deviceMotionUpdates<C: Clock>(pacing: BatchPacing = .asFastAsPossible, clock: C)
        throws(RecordingError) -> DeviceMotionBatchSequence<Self, C> where C.Duration == Duration
    {
        guard batchRanges().contains(where: { $0.stream == .deviceMotion }) else {
            throw .streamNotAvailable(.deviceMotion, reason: "the recording has no device-motion samples")
        }
        return DeviceMotionBatchSequence(base: SensorBatchSequence(self, streams: [.deviceMotion], pacing: pacing, clock: clock))
    }

    public func deviceMotionUpdates(pacing: BatchPacing = .asFastAsPossible)
        throws(RecordingError) -> DeviceMotionBatchSequence<Self, ContinuousClock>
    {
        try deviceMotionUpdates(pacing: pacing, clock: ContinuousClock())
    }
}
