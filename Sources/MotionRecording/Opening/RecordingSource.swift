import Foundation

/// A recording opened from any supported path — the one way in for every analysis.
///
/// ```swift
/// let source = try RecordingSource.open(URL(fileURLWithPath: "session.npz"))
/// print(source.format, source.streams, source.duration, source.hygiene.findings.count)
/// for batch in source.batchRanges() { /* or hand `source` to SwingAnalyzer.analyze(_:configuration:) */ }
/// let everySample = try source.loaded()   // the whole Recording in memory, when an analysis needs it
/// ```
///
/// A native `.npz` file is only memory-mapped (directory and array headers parsed): its batches are read from the
/// mapping as they are delivered and the pages behind them released, so memory stays flat however long it is —
/// unless a streaming scan finds something to repair (or the file has no stored hygiene report), in which case it is
/// loaded and checked as a text import is. A long interchange CSV recording, raw dump, Sensor Logger export (file,
/// directory or zip), column-mapped CSV or SensorLog export is parsed into a temporary native file and served the
/// same way, repaired there when the checks repair it (``open(_:format:spillThreshold:)``). Recordings that are
/// short are imported into memory and checked by ``HygieneChecker`` on opening.
///
/// Which streams a recording has is answered here once (``streams``, ``availability(of:)``,
/// ``deviceMotionComponents``); an analysis asks for the streams it needs rather than inspecting how the samples are
/// held. A stream added later (gyroscope, magnetometer, pressure, location, headphone motion) becomes one more
/// ``SensorStream`` case that ``streams`` lists, with its own accessor here.
public struct RecordingSource: Sendable {
    /// How the samples are held.
    public enum Storage: Sendable {
        /// Imported into memory (every format but native).
        case inMemory(Recording)
        /// A native file, memory-mapped: streamed batch by batch, never loaded whole.
        case mapped(NativeRecordingFile)
    }

    /// The path as given to ``open(_:format:)``, for messages.
    public let path: String
    /// The format the recording was read as (detected from the contents unless forced).
    public let format: RecordingFormat
    public let storage: Storage

    /// Stream text above which an interchange CSV recording is spilled to a temporary native file rather than
    /// imported into memory: 32 MiB, about ten minutes of 800 Hz accelerometer and 200 Hz device motion.
    public static let defaultSpillThreshold = 32 << 20

    /// Opens `url` (a file, a directory, a zip or an npz) as `format`, or as detected from its contents when `format`
    /// is `nil`. Errors name the file, line and problem.
    ///
    /// An interchange CSV recording whose motion stream files (accelerometer, device motion, gyroscope,
    /// magnetometer) hold `spillThreshold` bytes or more is parsed into a temporary native file (in `TMPDIR`,
    /// unlinked at once, so it goes with the last copy of this value or the process), checked and repaired there,
    /// and served memory-mapped, with the same samples, findings and summaries as an import into memory. So are raw
    /// dumps (one file or a directory) of `spillThreshold` bytes or more, unless their rows need repairs; Sensor
    /// Logger exports whose high-rate files (WristMotion, accelerometer, Gravity, Gyroscope, magnetometer) hold
    /// `spillThreshold` bytes or more (a zip's members inflated into temporary files first); and column-mapped CSV
    /// files (with an accelerometer) and SensorLog exports of `spillThreshold` bytes or more.
    public static func open(
        _ url: URL, format: RecordingFormat? = nil, spillThreshold: Int = defaultSpillThreshold
    ) throws(RecordingError) -> RecordingSource {
        let resolved: RecordingFormat
        if let format { resolved = format } else { resolved = try RecordingImporter.detectFormat(url) }
        if case .interchangeCSV = resolved, let file = try InterchangeCSV.openSpilled(url, spillAbove: spillThreshold) {
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        if case .rawBatchedDump(let stream) = resolved,
            let file = try RawBatchedDump.openSpilled(url, stream: stream, spillAbove: spillThreshold)
        {
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        if case .sensorLogger = resolved, let file = try SensorLogger.openSpilled(url, spillAbove: spillThreshold) {
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        if case .columnMapped(let map) = resolved,
            let file = try ColumnMappedCSV.openSpilled(url, map: map, spillAbove: spillThreshold)
        {
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        if case .sensorLog = resolved, let file = try SensorLog.openSpilled(url, spillAbove: spillThreshold) {
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        if case .native = resolved {
            let file = try NativeFormat.open(url)
            // A file that needs repairs (or was written by another tool) is checked as a text import is.
            if file.hygieneScan() != nil {
                return RecordingSource(path: url.path, format: resolved, storage: .inMemory(try file.checkedRecording()))
            }
            return RecordingSource(path: url.path, format: resolved, storage: .mapped(file))
        }
        return RecordingSource(
            path: url.path, format: resolved, storage: .inMemory(try RecordingImporter.load(url, format: resolved)))
    }

    /// Wraps a recording already in memory (simulated, or built by hand).
    public init(_ recording: Recording, path: String = "", format: RecordingFormat? = nil) {
        self.path = path
        self.format = format ?? recording.metadata.sourceFormat.flatMap(RecordingFormat.init(name:)) ?? .interchangeCSV
        self.storage = .inMemory(recording)
    }

    /// Wraps a native recording already opened memory-mapped (a temporary file written from another source, such as
    /// its fusion); `path` and `format` are the original's, for messages and output.
    public init(_ file: NativeRecordingFile, path: String, format: RecordingFormat) {
        self.init(path: path, format: format, storage: .mapped(file))
    }

    init(path: String, format: RecordingFormat, storage: Storage) {
        self.path = path
        self.format = format
        self.storage = storage
    }

    /// What the source states about the recording (device, wrist, sport, …).
    public var metadata: RecordingMetadata { either(\.metadata, \.metadata) }

    /// Findings and repairs of the data-hygiene checks (for a clean native file: those stored when it was written).
    public var hygiene: HygieneReport { either(\.hygiene, \.hygiene) }

    /// First to last timestamp over every stream, s (0 when empty).
    public var duration: Double { either(\.duration, \.duration) }

    /// The same property of whichever storage holds the samples.
    private func either<Value>(
        _ inMemory: KeyPath<Recording, Value>, _ mapped: KeyPath<NativeRecordingFile, Value>
    ) -> Value {
        switch storage {
        case .inMemory(let recording): recording[keyPath: inMemory]
        case .mapped(let file): file[keyPath: mapped]
        }
    }

    /// The whole recording in memory: the imported value itself, or one copy per column of a mapped file.
    public func loaded() throws(RecordingError) -> Recording {
        switch storage {
        case .inMemory(let recording): recording
        case .mapped(let file): try file.recording()
        }
    }

    /// Why the batches delivered so far are incomplete (a mapped file shrank while being read), or `nil`. Ask after
    /// an analysis: a non-nil value makes its result an error for this recording.
    public var readFailure: RecordingError? {
        if case .mapped(let file) = storage { return file.truncation }
        return nil
    }

    /// Number of samples of `stream` (0 when absent).
    public func sampleCount(_ stream: SensorStream) -> Int {
        switch (storage, stream) {
        case (.inMemory(let recording), .accelerometer): recording.accelerometer?.count ?? 0
        case (.inMemory(let recording), .deviceMotion): recording.deviceMotion?.count ?? 0
        case (.mapped(let file), .accelerometer): file.accelerometerCount
        case (.mapped(let file), .deviceMotion): file.deviceMotionCount
        case (.inMemory(let recording), .gyroscope): recording.gyroscope?.count ?? 0
        case (.inMemory(let recording), .magnetometer): recording.magnetometer?.count ?? 0
        case (.mapped(let file), .gyroscope): file.gyroscopeCount
        case (.mapped(let file), .magnetometer): file.magnetometerCount
        }
    }
}

/// Every batch request goes to the storage's own ``BatchSource`` conformance. (``SwingAnalyzer`` dispatches on
/// ``RecordingSource/storage`` once per recording instead, so its batch loop is specialised for each storage.)
extension RecordingSource: BatchSource {
    private var batches: any BatchSource {
        switch storage {
        case .inMemory(let recording): recording
        case .mapped(let file): file
        }
    }

    public var streams: Set<SensorStream> { batches.streams }
    public var deviceMotionComponents: DeviceMotionComponents { batches.deviceMotionComponents }
    public func batchRanges() -> [BatchRange] { batches.batchRanges() }
    public func batchSchedule() -> BatchSchedule { batches.batchSchedule() }
    public func timestamp(_ stream: SensorStream, at index: Int) -> Double { batches.timestamp(stream, at: index) }
    public func didDeliver(_ batch: BatchRange) { batches.didDeliver(batch) }

    public func copyAccelerometer(_ range: Range<Int>, into buffer: inout AccelerometerData) {
        batches.copyAccelerometer(range, into: &buffer)
    }

    public func copyDeviceMotion(
        _ range: Range<Int>, components: DeviceMotionComponents, into buffer: inout DeviceMotionData
    ) {
        batches.copyDeviceMotion(range, components: components, into: &buffer)
    }

    public func withAccelerometerColumns<Result>(
        _ range: Range<Int>, scratch: inout AccelerometerData, _ body: (AccelerometerColumns) -> Result
    ) -> Result {
        batches.withAccelerometerColumns(range, scratch: &scratch, body)
    }

    public func withDeviceMotionRotationColumns<Result>(
        _ range: Range<Int>, components: DeviceMotionComponents, scratch: inout DeviceMotionData,
        _ body: (DeviceMotionRotationColumns) -> Result
    ) -> Result {
        batches.withDeviceMotionRotationColumns(range, components: components, scratch: &scratch, body)
    }
}

extension RecordingSource {
    /// A recording holding the source's slower streams (pressure, location, headphone motion, the device's pedometer
    /// and activity): a loaded recording itself; for a memory-mapped native file, those streams copied out of the
    /// mapping (checked when it was opened), the motion streams left mapped.
    public var slowerStreams: Recording {
        switch storage {
        case .inMemory(let recording): recording
        case .mapped(let file): (try? file.slowerStreams()) ?? Recording(metadata: file.metadata)
        }
    }
}
