import Foundation

/// The data-hygiene checks and repairs run on every import (issue §5), also usable on their own.
///
/// Per stream, in this order:
/// 0. time units (`units`): a median timestamp spacing over 0.5 s that is 0.1–100 ms in milliseconds,
///    microseconds or nanoseconds means those units; timestamps are **converted** to seconds;
/// 1. rows with NaN/±Inf (`nan`) or with |value| > 1000 (`out-of-range`, e.g. 1e30) are **dropped**;
/// 2. timestamps going backwards (`non-monotonic`): samples are **stably sorted** by time and batch boundaries
///    recut at whole seconds;
/// 3. rows identical to the previous row (`duplicate-rows`) are **dropped**; equal timestamps with different
///    values (`duplicate-timestamps`) are kept and reported — unless more than half of the samples share the time
///    before: such rounded timestamps no longer say when a sample was taken, and the stream is **dropped**;
/// 4. units (`units`): a median |acceleration| (accelerometer) or |gravity| (device motion) between 7 and 13 means
///    m/s²; those columns are **converted** to g (÷ 9.80665);
/// 5. rate: median spacing → ``StreamSummary/estimatedRate``; gaps (`gap`) wider than 5 median spacings are
///    reported and batches are **split** there;
/// 6. sample-and-hold (`sample-and-hold`): a slower sensor's readings repeated onto faster rows, reported with the
///    true rate (``SampleAndHoldScanner``); saturation (`saturation`): runs of ≥ 3 equal readings (3 n rows of a
///    stream held n rows per reading) at an axis's extreme, with |value| ≥ 2 g for the accelerometer or ≥ 5 rad/s
///    for rotation rate: reported.
///
/// A stream left without samples (header only, or every row dropped) is reported (`empty`) and removed, so the
/// recording behaves as if the source lacked it.
///
/// Rotation rate (the raw gyroscope, device motion's `rotation_rate_*`): rates no wrist reaches in rad/s (°/s
/// written as rad/s) are **converted** (`units`), before step 1 would drop them; a gyroscope that starts late or stops
/// early against the accelerometer is reported (`gap`).
///
/// The slower streams (pressure, location, headphone motion, the device's pedometer and activity) take steps 1–3
/// and 5 with per-column limits, NaN meaning "unknown" where a column allows it (``StreamColumns``), no time-unit
/// check (they share the motion clock) and no gap check for the change-only pedometer and activity. Pressure in
/// hPa or Pa is **converted** to kPa (`units`) and isolated spikes out of water are **dropped** (`spike`;
/// ``PressureChecks``); pressure, location or headphone motion that stops while the motion goes on is reported
/// (`gap`).
///
/// Across streams: `clock-overlap` when the two streams' time spans overlap by less than half the shorter one.
/// Every repair is a finding naming the file and the first source line it touched. Findings the importers made
/// while reading come first: a text file that ends inside its last line (`truncated`) has that line dropped.
public enum HygieneChecker {
    /// Gap threshold, in median spacings.
    public static let gapFactor = 5.0
    /// Values beyond this magnitude are impossible for any stream (g, rad/s, µT, degrees all stay far below).
    public static let outOfRangeLimit: Float = 1000
    /// Standard gravity, m/s² per g.
    public static let standardGravity = 9.80665

    /// Runs the checks on `recording` without changing it. Findings name sample indices (no source lines are known
    /// here) and say what the import would repair.
    public static func check(_ recording: Recording) -> HygieneReport {
        repairing(ImportedRecording(recording, findings: [], label: \.words), repair: false).hygiene
    }

    /// Checks and repairs `recording` (as the importers do) and returns the repaired recording, whose
    /// ``Recording/hygiene`` lists every finding.
    public static func repaired(_ recording: Recording) -> Recording {
        repairing(ImportedRecording(recording, findings: recording.hygiene.findings, label: \.words))
    }

    /// One stream through ``StreamRepairer``: the repaired samples, their figures and batch ends, or `nil` when
    /// the stream is absent or (when repairing) left without samples.
    static func repairStream<Samples: HygieneSamples>(
        _ imported: ImportedStream<Samples>?, repair: Bool, findings: inout [HygieneFinding]
    ) -> (samples: Samples, summary: StreamSummary, batchEnds: [Int]?)? {
        guard var stream = imported else { return nil }
        findings += stream.findings
        var columns = stream.samples.hygieneColumns
        let summary = StreamRepairer(stream: Samples.hygieneStream, file: stream.file, lines: stream.lines, repair: repair)
            .run(&columns, batchEnds: &stream.batchEnds, findings: &findings)
        guard summary.sampleCount > 0 || !repair else { return nil }
        return (Samples(hygieneColumns: columns), summary, stream.batchEnds)
    }

    static func repairing(_ imported: ImportedRecording, repair: Bool = true) -> Recording {
        var findings = imported.findings
        var recording = Recording(metadata: imported.metadata)
        var report = HygieneReport()
        func apply<Samples: HygieneSamples>(
            _ stream: ImportedStream<Samples>?, _ samples: WritableKeyPath<Recording, Samples?>,
            _ summary: WritableKeyPath<HygieneReport, StreamSummary?>, batchEnds: WritableKeyPath<Recording, [Int]?>? = nil
        ) {
            guard let repaired = repairStream(stream, repair: repair, findings: &findings) else { return }
            recording[keyPath: samples] = repaired.samples
            report[keyPath: summary] = repaired.summary
            if let batchEnds { recording[keyPath: batchEnds] = repaired.batchEnds }
        }
        apply(imported.accelerometer, \.accelerometer, \.accelerometer, batchEnds: \.accelerometerBatchEnds)
        apply(imported.deviceMotion, \.deviceMotion, \.deviceMotion, batchEnds: \.deviceMotionBatchEnds)
        apply(imported.gyroscope, \.gyroscope, \.gyroscope)
        apply(imported.magnetometer, \.magnetometer, \.magnetometer)
        apply(imported.pressure, \.pressure, \.pressure)
        apply(imported.location, \.location, \.location)
        apply(imported.headphoneMotion, \.headphoneMotion, \.headphoneMotion)
        apply(imported.pedometer, \.pedometer, \.pedometer)
        apply(imported.motionActivity, \.motionActivity, \.motionActivity)
        findings += acrossStreams(report, gyroscopeFile: imported.gyroscope?.file, imported: imported)
        report.findings = findings
        recording.hygiene = report
        return recording
    }

    /// The findings that compare the streams' summaries in `report`: gyroscope coverage, the slower streams'
    /// coverage (when `imported` holds them) and clock overlap.
    static func acrossStreams(_ report: HygieneReport, gyroscopeFile: String?, imported: ImportedRecording? = nil)
        -> [HygieneFinding]
    {
        var findings: [HygieneFinding] = []
        if let a = report.accelerometer, let g = report.gyroscope {
            findings += RawIMUChecks.coverage(accelerometer: a, gyroscope: g, file: gyroscopeFile)
        }
        if let imported { findings += slowStreamCoverage(report, imported) }
        if let a = report.accelerometer, let d = report.deviceMotion, a.sampleCount > 1, d.sampleCount > 1 {
            let overlap = min(a.end, d.end) - max(a.start, d.start)
            let shorter = min(a.end - a.start, d.end - d.start)
            if overlap < 0.5 * shorter {
                let span = { (s: StreamSummary) in String(format: "%.3f–%.3f s", s.start, s.end) }
                let what = overlap <= 0 ? "do not overlap" : String(format: "overlap by only %.3f s", overlap)
                findings.append(HygieneFinding(
                    kind: .clockOverlap,
                    message: "accelerometer (\(span(a))) and device motion (\(span(d))) \(what): different clocks or sessions?"))
            }
        }
        return findings
    }

    /// Pressure, location and headphone motion that stop (or start) while the motion streams go on: beyond
    /// `max(2 s, 5 median spacings)` of the accelerometer's (else device motion's) span, reported (`gap`). The
    /// pedometer and activity report changes only, so a quiet end is normal for them.
    static func slowStreamCoverage(_ report: HygieneReport, _ imported: ImportedRecording) -> [HygieneFinding] {
        guard let reference = report.accelerometer ?? report.deviceMotion else { return [] }
        let referenceName = report.accelerometer != nil ? "the accelerometer" : "device motion"
        let streams: [(StreamSummary?, String, String?, String)] = [
            (report.pressure, "pressure", imported.pressure?.file, "pressure"),
            (report.location, "location", imported.location?.file, "location fixes"),
            (report.headphoneMotion, "headphone motion", imported.headphoneMotion?.file, "head motion"),
        ]
        return streams.flatMap { summary, name, file, missing -> [HygieneFinding] in
            guard let summary else { return [] }
            return RawIMUChecks.coverage(
                of: summary, named: name, against: reference, named: referenceName, file: file,
                tolerance: max(2, gapFactor * summary.medianSpacing), missing: missing)
        }
    }
}
