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
///    values (`duplicate-timestamps`) are kept and reported;
/// 4. units (`units`): a median |acceleration| (accelerometer) or |gravity| (device motion) between 7 and 13 means
///    m/s²; those columns are **converted** to g (÷ 9.80665);
/// 5. rate: median spacing → ``StreamSummary/estimatedRate``; gaps (`gap`) wider than 5 median spacings are
///    reported and batches are **split** there;
/// 6. saturation (`saturation`): runs of ≥ 3 equal samples at an axis's extreme, with |value| ≥ 2 g for the
///    accelerometer or ≥ 5 rad/s for rotation rate: reported.
///
/// A stream left without samples (header only, or every row dropped) is reported (`empty`) and removed, so the
/// recording behaves as if the source lacked it.
///
/// Raw gyroscope: rates no wrist reaches in rad/s (deg/s written as rad/s) are **converted** (`units`); a gyroscope
/// that starts late or stops early against the accelerometer is reported (`gap`).
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
        var imported = ImportedRecording(metadata: recording.metadata)
        if let accelerometer = recording.accelerometer {
            imported.accelerometer = ImportedStream(
                samples: accelerometer, lines: [], file: "accelerometer", batchEnds: recording.accelerometerBatchEnds)
        }
        if let deviceMotion = recording.deviceMotion {
            imported.deviceMotion = ImportedStream(
                samples: deviceMotion, lines: [], file: "device motion", batchEnds: recording.deviceMotionBatchEnds)
        }
        if let gyroscope = recording.gyroscope {
            imported.gyroscope = ImportedStream(samples: gyroscope, lines: [], file: "gyroscope", batchEnds: nil)
        }
        if let magnetometer = recording.magnetometer {
            imported.magnetometer = ImportedStream(samples: magnetometer, lines: [], file: "magnetometer", batchEnds: nil)
        }
        return repairing(imported, repair: false).hygiene
    }

    /// Checks and repairs `recording` (as the importers do) and returns the repaired recording, whose
    /// ``Recording/hygiene`` lists every finding.
    public static func repaired(_ recording: Recording) -> Recording {
        var imported = ImportedRecording(metadata: recording.metadata, findings: recording.hygiene.findings)
        if let accelerometer = recording.accelerometer {
            imported.accelerometer = ImportedStream(
                samples: accelerometer, lines: [], file: "accelerometer", batchEnds: recording.accelerometerBatchEnds)
        }
        if let deviceMotion = recording.deviceMotion {
            imported.deviceMotion = ImportedStream(
                samples: deviceMotion, lines: [], file: "device motion", batchEnds: recording.deviceMotionBatchEnds)
        }
        if let gyroscope = recording.gyroscope {
            imported.gyroscope = ImportedStream(samples: gyroscope, lines: [], file: "gyroscope", batchEnds: nil)
        }
        if let magnetometer = recording.magnetometer {
            imported.magnetometer = ImportedStream(samples: magnetometer, lines: [], file: "magnetometer", batchEnds: nil)
        }
        return repairing(imported)
    }

    static func repairing(_ imported: ImportedRecording, repair: Bool = true) -> Recording {
        var findings = imported.findings
        var recording = Recording(metadata: imported.metadata)
        var report = HygieneReport()
        if var stream = imported.accelerometer {
            findings += stream.findings
            var columns = StreamColumns(accelerometer: stream.samples)
            let summary = StreamRepairer(
                stream: .accelerometer, file: stream.file, lines: stream.lines, repair: repair
            ).run(&columns, batchEnds: &stream.batchEnds, findings: &findings)
            if summary.sampleCount > 0 || !repair {
                report.accelerometer = summary
                recording.accelerometer = columns.accelerometer
                recording.accelerometerBatchEnds = stream.batchEnds
            }
        }
        if var stream = imported.deviceMotion {
            findings += stream.findings
            var columns = StreamColumns(deviceMotion: stream.samples)
            let summary = StreamRepairer(
                stream: .deviceMotion, file: stream.file, lines: stream.lines, repair: repair
            ).run(&columns, batchEnds: &stream.batchEnds, findings: &findings)
            if summary.sampleCount > 0 || !repair {
                report.deviceMotion = summary
                recording.deviceMotion = columns.deviceMotion
                recording.deviceMotionBatchEnds = stream.batchEnds
            }
        }
        if var stream = imported.gyroscope {
            findings += stream.findings
            var columns = StreamColumns(gyroscope: stream.samples)
            let summary = StreamRepairer(
                stream: .gyroscope, file: stream.file, lines: stream.lines, repair: repair
            ).run(&columns, batchEnds: &stream.batchEnds, findings: &findings)
            if summary.sampleCount > 0 || !repair {
                report.gyroscope = summary
                recording.gyroscope = columns.gyroscope
            }
        }
        if var stream = imported.magnetometer {
            findings += stream.findings
            var columns = StreamColumns(magnetometer: stream.samples)
            let summary = StreamRepairer(
                stream: .magnetometer, file: stream.file, lines: stream.lines, repair: repair
            ).run(&columns, batchEnds: &stream.batchEnds, findings: &findings)
            if summary.sampleCount > 0 || !repair {
                report.magnetometer = summary
                recording.magnetometer = columns.magnetometer
            }
        }
        findings += acrossStreams(report, gyroscopeFile: imported.gyroscope?.file)
        report.findings = findings
        recording.hygiene = report
        return recording
    }

    /// The findings that compare the streams' summaries in `report`: gyroscope coverage and clock overlap.
    static func acrossStreams(_ report: HygieneReport, gyroscopeFile: String?) -> [HygieneFinding] {
        var findings: [HygieneFinding] = []
        if let a = report.accelerometer, let g = report.gyroscope {
            findings += RawIMUChecks.coverage(accelerometer: a, gyroscope: g, file: gyroscopeFile)
        }
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
}

/// A stream as a timestamp column and named `Float` columns, so that one repair routine serves both streams.
struct StreamColumns {
    var timestamps: [Double]
    var columns: [[Float]]
    var names: [String]
    /// Which columns are "acceleration-like" for the units check (converted together), and which one triple
    /// decides the units.
    var unitColumns: [Int]
    var unitProbe: [Int]
    /// Column triples checked for saturation, with the magnitude a flat top must reach.
    var saturationGroups: [([Int], Float, String)]
    private var deviceMotionPresence: [Bool] = []

    init(accelerometer data: AccelerometerData) {
        timestamps = data.timestamps
        columns = [data.x, data.y, data.z]
        names = ["x", "y", "z"]
        unitColumns = [0, 1, 2]
        unitProbe = [0, 1, 2]
        saturationGroups = [([0, 1, 2], 2, "g")]
    }

    var accelerometer: AccelerometerData {
        AccelerometerData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
    }

    init(deviceMotion data: DeviceMotionData) {
        timestamps = data.timestamps
        columns = []
        names = []
        unitColumns = []
        unitProbe = []
        saturationGroups = []
        for column in DeviceMotionColumn.all {
            let values = data[keyPath: column.keyPath]
            deviceMotionPresence.append(!values.isEmpty)
            guard !values.isEmpty else { continue }
            let index = columns.count
            columns.append(values)
            names.append(column.name)
            if column.group == .gravity || column.group == .userAcceleration { unitColumns.append(index) }
            if column.group == .gravity { unitProbe.append(index) }
        }
        let rotation = names.indices.filter { names[$0].hasPrefix("rotation_rate") }
        if rotation.count == 3 { saturationGroups.append((rotation, 5, "rad/s")) }
        let user = names.indices.filter { names[$0].hasPrefix("user_acceleration") }
        if user.count == 3 { saturationGroups.append((user, 2, "g")) }
    }

    /// Raw gyroscope columns: no units probe (see ``StreamRepairer``'s deg/s check), saturation from 5 rad/s.
    init(gyroscope data: GyroscopeData) {
        timestamps = data.timestamps
        columns = [data.x, data.y, data.z]
        names = ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"]
        unitColumns = []
        unitProbe = []
        saturationGroups = [([0, 1, 2], 5, "rad/s")]
    }

    var gyroscope: GyroscopeData {
        GyroscopeData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
    }

    /// Raw magnetometer columns, µT: no units probe, no saturation check.
    init(magnetometer data: MagnetometerData) {
        timestamps = data.timestamps
        columns = [data.x, data.y, data.z]
        names = ["magnetic_field_x", "magnetic_field_y", "magnetic_field_z"]
        unitColumns = []
        unitProbe = []
        saturationGroups = []
    }

    var magnetometer: MagnetometerData {
        MagnetometerData(timestamps: timestamps, x: columns[0], y: columns[1], z: columns[2])
    }

    var deviceMotion: DeviceMotionData {
        var data = DeviceMotionData()
        data.timestamps = timestamps
        var next = 0
        for (index, column) in DeviceMotionColumn.all.enumerated() where deviceMotionPresence[index] {
            data[keyPath: column.keyPath] = columns[next]
            next += 1
        }
        return data
    }

    var count: Int { timestamps.count }

    /// Keeps the rows where `keep` is true, in every column, and in `lines` when it is not empty.
    mutating func compact(keep: [Bool], lines: inout [UInt32], batchEnds: inout [Int]?) {
        func filter<T>(_ array: inout [T]) {
            var write = 0
            for read in array.indices where keep[read] {
                array[write] = array[read]
                write += 1
            }
            array.removeLast(array.count - write)
        }
        filter(&timestamps)
        for index in columns.indices { filter(&columns[index]) }
        if !lines.isEmpty { filter(&lines) }
        if let ends = batchEnds {
            // Kept rows before each old end.
            var keptBefore = 0
            var read = 0
            var newEnds: [Int] = []
            for end in ends {
                while read < end {
                    if keep[read] { keptBefore += 1 }
                    read += 1
                }
                if keptBefore > (newEnds.last ?? 0) { newEnds.append(keptBefore) }
            }
            batchEnds = newEnds
        }
    }

    /// Applies a permutation (new row i = old row order[i]).
    mutating func permute(_ order: [Int], lines: inout [UInt32]) {
        timestamps = order.map { timestamps[$0] }
        for index in columns.indices {
            let old = columns[index]
            columns[index] = order.map { old[$0] }
        }
        if !lines.isEmpty {
            let old = lines
            lines = order.map { old[$0] }
        }
    }
}
