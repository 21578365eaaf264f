/// What the data-hygiene checks found in a recording and what they repaired (docs/architecture.md, data hygiene): nothing is dropped
/// silently, so every repair is listed in ``findings``.
public struct HygieneReport: Sendable, Equatable, Codable {
    /// Findings in the order they were made.
    public var findings: [HygieneFinding]
    /// Figures of the accelerometer stream after repairs, or `nil` when absent.
    public var accelerometer: StreamSummary?
    /// Figures of the device-motion stream after repairs, or `nil` when absent.
    public var deviceMotion: StreamSummary?
    /// Figures of the raw gyroscope and magnetometer streams after repairs, or `nil` when absent.
    public var gyroscope: StreamSummary?
    public var magnetometer: StreamSummary?
    /// Figures of the slower streams (pressure, location, headphone motion, the device's pedometer and activity)
    /// after repairs, or `nil` when absent. The pedometer's and activity's rows are reports of changes, so their
    /// rate is only the median spacing of those reports and gaps are not looked for.
    public var pressure: StreamSummary?
    public var location: StreamSummary?
    public var headphoneMotion: StreamSummary?
    public var pedometer: StreamSummary?
    public var motionActivity: StreamSummary?

    public init(
        findings: [HygieneFinding] = [], accelerometer: StreamSummary? = nil, deviceMotion: StreamSummary? = nil
    ) {
        self.findings = findings
        self.accelerometer = accelerometer
        self.deviceMotion = deviceMotion
    }

    /// True when nothing was found.
    public var isClean: Bool { findings.isEmpty }

    /// The findings of one kind.
    public func findings(ofKind kind: HygieneFinding.Kind) -> [HygieneFinding] {
        findings.filter { $0.kind == kind.rawValue }
    }
}

/// Timing figures of one stream.
public struct StreamSummary: Sendable, Equatable, Codable {
    /// Samples after repairs.
    public var sampleCount: Int
    /// First and last timestamp, s, recording clock (0 when empty).
    public var start: Double
    public var end: Double
    /// Median spacing of consecutive timestamps, s (0 when fewer than two distinct times).
    public var medianSpacing: Double
    /// 1 / median spacing, Hz (0 when unknown). Real "800 Hz" streams give ~798.7 Hz.
    public var estimatedRate: Double
    /// Gaps longer than 5 median spacings.
    public var gaps: [Gap]
    /// Batches as delivered (kept boundaries) or cut at whole seconds.
    public var batchCount: Int

    public init(
        sampleCount: Int, start: Double, end: Double, medianSpacing: Double, estimatedRate: Double, gaps: [Gap],
        batchCount: Int
    ) {
        self.sampleCount = sampleCount
        self.start = start
        self.end = end
        self.medianSpacing = medianSpacing
        self.estimatedRate = estimatedRate
        self.gaps = gaps
        self.batchCount = batchCount
    }
}

/// A stretch without samples: from `start` (time of the last sample before it), s, lasting `duration` s (the
/// spacing between the samples either side).
public struct Gap: Sendable, Equatable, Codable {
    public var start: Double
    public var duration: Double
    public init(start: Double, duration: Double) {
        self.start = start
        self.duration = duration
    }
}

/// One finding of the hygiene checks: what, where, and what was done about it.
///
/// Serialised (Codable) as `{"kind", "file", "line", "column", "message"}` with absent keys omitted — the form of
/// the `issues` array of `swing-metrics analyze --format json`.
public struct HygieneFinding: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The kinds the checks produce (``kind`` stays a `String` so that other tools can add their own).
    public enum Kind: String, Sendable, CaseIterable {
        /// Rows holding NaN or ±Inf: dropped.
        case nan
        /// Rows with physically impossible values (|v| > 1000): dropped.
        case outOfRange = "out-of-range"
        /// Rows identical to the row before: dropped.
        case duplicateRows = "duplicate-rows"
        /// Equal timestamps with different values: kept, reported.
        case duplicateTimestamps = "duplicate-timestamps"
        /// Timestamps going backwards: samples sorted by time (stable), batch boundaries recut at whole seconds.
        case nonMonotonic = "non-monotonic"
        /// Spacing above 5 median spacings: reported, batches split at the gap.
        case gap
        /// Runs of ≥ 3 equal samples at an axis's extreme: reported (no repair possible).
        case saturation
        /// Values in m/s² (|a| or |gravity| ≈ 9.81): converted to g; or timestamps in ms, µs or ns: converted
        /// to seconds.
        case units
        /// Accelerometer and device-motion clocks overlap little or not at all: reported.
        case clockOverlap = "clock-overlap"
        /// How an ambiguous raw dump was assigned to a stream: reported.
        case streamDetection = "stream-detection"
        /// A stream has no samples left: reported.
        case empty
        /// The file ends inside its last line, with no line break after it and that line short of fields or
        /// cut inside its last number (a recording cut short while being written): the line is dropped.
        case truncated
        /// An isolated jump no physical motion makes (pressure: more than 5 kPa within a second and back, out of
        /// water): the sample is dropped.
        case spike
        /// A file's columns were found by header name: reordered, or extra columns ignored (named in the message).
        case columns
        /// A text table saved by a spreadsheet in a layout other than plain CSV — fields separated by semicolons
        /// (with decimal commas) or tabs, or fields in quotes — read as the same numbers (named in the message).
        case layout
        /// A stream whose values change only every n-th sample: a slower sensor repeated onto a faster table's
        /// rows (sample-and-hold); the message names the true rate. Reported; the values are kept.
        case sampleAndHold = "sample-and-hold"
        /// The importer adjusted something else (documented in the message).
        case other
    }

    /// Short machine-readable kind, e.g. "gap", "duplicate-rows", "non-monotonic", "nan", "saturation", "units"
    /// (see ``Kind``).
    public var kind: String
    /// File the finding refers to, if any.
    public var file: String?
    /// 1-based line in that file, if any.
    public var line: Int?
    /// 1-based column in that file, if any.
    public var column: Int?
    /// Human-readable explanation, including the repair made, if any.
    public var message: String

    public init(kind: String, file: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = RecordingError.oneLine(message)
    }

    public init(kind: Kind, file: String? = nil, line: Int? = nil, column: Int? = nil, message: String) {
        self.init(kind: kind.rawValue, file: file, line: line, column: column, message: message)
    }

    public var description: String {
        var location = file ?? ""
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        return location.isEmpty ? "\(kind): \(message)" : "\(location): \(kind): \(message)"
    }

    /// A flat dictionary form (`kind`, `message`, and `file`, `line`, `column` when known).
    public var dictionary: [String: any Sendable] {
        var result: [String: any Sendable] = ["kind": kind, "message": message]
        if let file { result["file"] = file }
        if let line { result["line"] = line }
        if let column { result["column"] = column }
        return result
    }
}
