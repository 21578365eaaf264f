/// Something batches can be served from: an in-memory ``Recording`` or a memory-mapped ``NativeRecordingFile``.
public protocol BatchSource: Sendable {
    /// The streams with at least one sample.
    var streams: Set<SensorStream> { get }
    /// Batches of both streams in delivery order (see ``Recording/batchRanges()``).
    func batchRanges() -> [BatchRange]
    /// The same batches handed out one at a time; see ``BatchSchedule`` for a schedule that finds them as they are
    /// taken, whose order must be checked at the end.
    func batchSchedule() -> BatchSchedule
    /// Timestamp of sample `index` of `stream`, s.
    func timestamp(_ stream: SensorStream, at index: Int) -> Double
    /// Replaces the contents of `buffer` with accelerometer samples `range`, reusing its capacity.
    func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData)
    /// The device-motion column groups the source holds (empty without device motion).
    var deviceMotionComponents: DeviceMotionComponents { get }
    /// Replaces the contents of `buffer` with device-motion samples `range` of the column groups in `components`
    /// (groups the source lacks, or not asked for, are left empty), reusing its capacity. A reader of only some
    /// groups (the swing analyzer: rotation rate and gravity) copies — and, from a mapped file, touches — only those.
    func copyDeviceMotion(_ range: Range<Int>, components: DeviceMotionComponents, into buffer: inout DeviceMotionData)
    /// Called once a batch has been handed out (lets a mapped file release the pages behind it).
    func didDeliver(_ batch: BatchRange)
    /// Calls `body` with accelerometer samples `range` as borrowed columns: straight from the source's storage when
    /// it holds them as `Double` timestamps and `Float` values, otherwise copied into `scratch` first.
    func withAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result
    /// Calls `body` with device-motion samples `range` of the rotation-rate, gravity and attitude columns in
    /// `components` as borrowed columns: straight from the source's storage when it holds them as `Double`
    /// timestamps and `Float` values, otherwise copied into `scratch` first.
    func withDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result
}

extension BatchSource {
    public func didDeliver(_ batch: BatchRange) {}

    /// ``batchRanges()``, listed.
    public func batchSchedule() -> BatchSchedule {
        BatchSchedule(listing: batchRanges())
    }

    /// Replaces the contents of `buffer` with device-motion samples `range`, every column group the source holds.
    public func copyDeviceMotion(_ range: Range<Int>, into buffer: inout DeviceMotionData) {
        copyDeviceMotion(range, components: deviceMotionComponents, into: &buffer)
    }

    public func withAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result {
        withCopiedAccelerometerColumns(range, scratch: &scratch, body)
    }

    public func withDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        withCopiedDeviceMotionRotationColumns(range, components: components, scratch: &scratch, body)
    }

    /// ``withDeviceMotionRotationColumns(_:components:scratch:_:)`` by copying into `scratch` (the default, and the
    /// fallback of sources that can lend only some of their data).
    func withCopiedDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        copyDeviceMotion(range, components: components.intersection([.rotationRate, .gravity, .attitude]), into: &scratch)
        return scratch.withRotationColumns(0..<scratch.count, components: components, body)
    }

    /// ``withAccelerometerColumns(_:scratch:_:)`` by copying into `scratch` (the default, and the fallback of
    /// sources that can lend only some of their data).
    func withCopiedAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result {
        copyAccelerometer(range, into: &scratch)
        return scratch.withColumns(0..<scratch.count, body)
    }
}

extension Recording: BatchSource {
    public var streams: Set<SensorStream> {
        var streams: Set<SensorStream> = []
        if let accelerometer, !accelerometer.isEmpty { streams.insert(.accelerometer) }
        if let deviceMotion, !deviceMotion.isEmpty { streams.insert(.deviceMotion) }
        if let gyroscope, !gyroscope.isEmpty { streams.insert(.gyroscope) }
        if let magnetometer, !magnetometer.isEmpty { streams.insert(.magnetometer) }
        return streams
    }

    public func withAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result {
        guard let accelerometer else {
            scratch.removeAll()
            return scratch.withColumns(0..<0, body)
        }
        return accelerometer.withColumns(range, body)
    }

    public func timestamp(_ stream: SensorStream, at index: Int) -> Double {
        switch stream {
        case .accelerometer: accelerometer!.timestamps[index]
        case .deviceMotion: deviceMotion!.timestamps[index]
        case .gyroscope: gyroscope!.timestamps[index]
        case .magnetometer: magnetometer!.timestamps[index]
        }
    }

    public func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData) {
        guard let accelerometer else { return buffer.removeAll() }
        buffer.replace(with: accelerometer, range)
    }

    public var deviceMotionComponents: DeviceMotionComponents { deviceMotion?.components ?? [] }

    public func withDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        guard let deviceMotion else {
            scratch.removeAll()
            return scratch.withRotationColumns(0..<0, components: components, body)
        }
        return deviceMotion.withRotationColumns(range, components: components, body)
    }

    public func copyDeviceMotion(
        _ range: Range<Int>, components: DeviceMotionComponents, into buffer: inout DeviceMotionData
    ) {
        guard let deviceMotion else { return buffer.removeAll() }
        buffer.replace(with: deviceMotion, range, components: components)
    }
}

extension AccelerometerData {
    /// Replaces the contents with `source[range]`, keeping capacity (no allocation once large enough).
    @inlinable
    public mutating func replace(with source: AccelerometerData, _ range: Range<Int>) {
        removeAll(keepingCapacity: true)
        timestamps.append(contentsOf: source.timestamps[range])
        x.append(contentsOf: source.x[range])
        y.append(contentsOf: source.y[range])
        z.append(contentsOf: source.z[range])
    }
}

extension DeviceMotionData {
    /// Removes all samples, keeping capacity and which column groups are present.
    public mutating func removeAll(keepingCapacity: Bool = true) {
        timestamps.removeAll(keepingCapacity: keepingCapacity)
        for column in DeviceMotionColumn.all { self[keyPath: column.keyPath].removeAll(keepingCapacity: keepingCapacity) }
    }

    /// Replaces the contents with `source[range]` of the column groups in `components` (all by default; groups not
    /// asked for are left empty), keeping capacity.
    public mutating func replace(
        with source: DeviceMotionData, _ range: Range<Int>, components: DeviceMotionComponents = .everyGroup
    ) {
        timestamps.removeAll(keepingCapacity: true)
        timestamps.append(contentsOf: source.timestamps[range])
        for column in DeviceMotionColumn.all {
            self[keyPath: column.keyPath].removeAll(keepingCapacity: true)
            let values = source[keyPath: column.keyPath]
            guard !values.isEmpty, components.contains(column.group) else { continue }
            self[keyPath: column.keyPath].append(contentsOf: values[range])
        }
    }
}
