import Foundation

/// Steps 5 (gaps) and 6 (saturation) of ``StreamRepairer/run(_:batchEnds:findings:)`` from statistics already
/// gathered, so that a stream held in memory and a stream read from a mapping in chunks
/// (``StreamRepairer/checkMapped(_:batchEnds:chunkRows:sortWindow:findings:)``) report them with the same words.
extension StreamRepairer {
    /// The gaps before `gapRows` (rows whose spacing from the row before exceeds ``HygieneChecker/gapFactor`` ×
    /// `medianSpacing`, s), reading the timestamps there (s) through `timestamps`; appends their finding.
    func gaps(
        at gapRows: [Int], timestamps: (Int) -> Double, medianSpacing: Double, findings: inout [HygieneFinding]
    ) -> [Gap] {
        guard let first = gapRows.first else { return [] }
        let gaps = gapRows.map { Gap(start: timestamps($0 - 1), duration: timestamps($0) - timestamps($0 - 1)) }
        let listed = gaps.prefix(5).map { String(format: "%.3f s at %.3f s", $0.duration, $0.start) }
            .joined(separator: ", ")
        let more = gaps.count > 5 ? ", …" : ""
        findings.append(finding(
            .gap, at: first,
            "\(gaps.count) gap(s) in \(stream.rawValue) longer than \(Int(HygieneChecker.gapFactor)) × the median spacing \(String(format: "%.3g", medianSpacing)) s (first before \(location(first).text)): \(listed)\(more); \(verb("batches split at each gap", "an import splits batches there"))"))
        return gaps
    }

    /// The saturation findings of the column `name` with these ``extremes(_:)`` (`nil`: no samples): a flat top at
    /// an extreme of magnitude ≥ `minimum` (in `unit`). `runs` gives ``flatRuns(_:high:low:)`` for the column, asked
    /// only when an extreme occurs three times or more.
    /// `minimumRun`: the samples a flat top must last, 3 readings (3 × the hold length of a sample-and-hold stream,
    /// whose every reading repeats; ``SampleAndHoldScanner``).
    func saturation(
        of name: String, _ extremes: (high: Float, low: Float, highCount: Int, lowCount: Int)?, minimum: Float,
        unit: String, minimumRun: Int = 3,
        runs: (_ high: Float, _ low: Float) -> (high: (flat: Int, first: Int?), low: (flat: Int, first: Int?))
    ) -> [HygieneFinding] {
        guard let (high, low, highCount, lowCount) = extremes,
            abs(high) >= minimum || abs(low) >= minimum, highCount >= minimumRun || lowCount >= minimumRun
        else { return [] }
        let found = runs(high, low)
        var findings: [HygieneFinding] = []
        let perExtreme: [(Float, Int, Int?)] = [(high, found.high.flat, found.high.first), (low, found.low.flat, found.low.first)]
        for (extreme, flat, first) in perExtreme where abs(extreme) >= minimum {
            if let first {
                findings.append(finding(
                    .saturation, at: first,
                    "\(stream.rawValue) \(name) flat at \(extreme) \(unit) for \(flat) samples in runs of ≥ \(minimumRun) (first at \(location(first).text)): clipped at the sensor's range"))
            }
            if high == low { break }
        }
        return findings
    }

    /// ``extremes(_:)`` of a column from those of its first part (`earlier`) and of the part right after it
    /// (`later`), exactly as one pass over both would give them for a column without NaN: the first of equal
    /// extremes keeps its place (and the sign of a zero), and the counts of equal extremes add up.
    static func joinedExtremes(
        _ earlier: (high: Float, low: Float, highCount: Int, lowCount: Int)?,
        _ later: (high: Float, low: Float, highCount: Int, lowCount: Int)?
    ) -> (high: Float, low: Float, highCount: Int, lowCount: Int)? {
        guard var joined = earlier else { return later }
        guard let later else { return joined }
        if joined.high < later.high {
            (joined.high, joined.highCount) = (later.high, later.highCount)
        } else if joined.high == later.high {
            joined.highCount += later.highCount
        }
        if later.low < joined.low {
            (joined.low, joined.lowCount) = (later.low, later.lowCount)
        } else if later.low == joined.low {
            joined.lowCount += later.lowCount
        }
        return joined
    }
}

/// The findings of steps 0–4 of ``StreamRepairer/run(_:batchEnds:findings:)``, worded once for a stream held in
/// memory and for one repaired where it is mapped (``StreamRepairer/checkMapped(_:batchEnds:chunkRows:sortWindow:findings:)``). `place`
/// is the source line of the first row concerned and how messages name it (``StreamRepairer/location(_:)``).
extension StreamRepairer {
    typealias SourcePlace = (line: Int?, text: String)

    /// The place of a row read from source line `line`.
    static func place(line: UInt32) -> SourcePlace { (Int(line), "line \(line)") }

    func finding(_ kind: HygieneFinding.Kind, at place: SourcePlace, _ message: String) -> HygieneFinding {
        HygieneFinding(kind: kind, file: file, line: place.line, column: nil, message: message)
    }

    /// Step 0: timestamps in `unit` (median spacing `spacing` in that unit; `factor` to seconds).
    func timeUnitFinding(spacing: Double, unit: String, factor: Double) -> HygieneFinding {
        finding(
            .units, at: nil,
            "median timestamp spacing \(String(format: "%.4g", spacing)) (\(String(format: "%.3g", 1 / spacing)) Hz if seconds): timestamps are in \(unit); \(verb("converted to seconds", "an import converts them to seconds")) (× \(String(format: "%g", factor)))")
    }

    /// Step 0b: a rotation rate in °/s (`count` impossible rates in rad/s, the largest `largest`).
    func degreesPerSecondFinding(count: Int, largest: Float) -> HygieneFinding {
        finding(.units, at: nil, "\(count) rotation rate(s) beyond \(Int(RawIMUChecks.impossibleRate)) rad/s (up to \(largest)), impossible for a wrist: values are in °/s; \(verb("converted to rad/s (× π/180)", "an import converts them to rad/s"))")
    }

    /// Step 1: rows with NaN/Inf, the first in column `name`.
    func nonFiniteFinding(count: Int, at place: SourcePlace, column name: String) -> HygieneFinding {
        finding(
            .nan, at: place,
            "\(count) \(stream.rawValue) row(s) with NaN/Inf (first at \(place.text), \(name)); \(verb("dropped", "an import drops them"))")
    }

    /// Step 1: rows beyond a column's limit, the first `name` = `value` (both as text).
    func outOfRangeFinding(count: Int, at place: SourcePlace, column name: String, limit: String, value: String)
        -> HygieneFinding
    {
        finding(
            .outOfRange, at: place,
            "\(count) \(stream.rawValue) row(s) with |value| > \(limit) (first at \(place.text), \(name) = \(value)); \(verb("dropped", "an import drops them"))")
    }

    /// Step 2: samples earlier than the one before, the first at `time` after `earlier` (s).
    func backwardsFinding(count: Int, at place: SourcePlace, time: Double, after earlier: Double) -> HygieneFinding {
        finding(
            .nonMonotonic, at: place,
            "\(count) \(stream.rawValue) sample(s) earlier than the one before (first at \(place.text): \(time) s after \(earlier) s); \(verb("sorted by timestamp, batches recut at whole seconds", "an import sorts them by timestamp"))")
    }

    /// Step 3: rows identical to the row before.
    func duplicateRowsFinding(count: Int, at place: SourcePlace) -> HygieneFinding {
        finding(
            .duplicateRows, at: place,
            "\(count) \(stream.rawValue) row(s) identical to the row before (first at \(place.text)); \(verb("dropped", "an import drops them"))")
    }

    /// Step 3: samples sharing the timestamp (`time`, s, of the first) of the one before, with other values.
    /// `coarse`: so many (``StreamRepairer/timestampsTooCoarse(duplicateTimes:kept:)``, of `kept` samples) that the
    /// timestamps are unusable and the stream is dropped. `resolution`: the kept samples' (``TimestampResolution``),
    /// named whenever it is coarser than a tenth of their spacing.
    func duplicateTimestampsFinding(
        count: Int, of kept: Int, at place: SourcePlace, time: Double, coarse: Bool, resolution: TimestampResolution
    ) -> HygieneFinding {
        guard coarse else {
            let rounded = resolution.isCoarse ? ": \(resolution.text) — rounded, each time off by up to half a step" : ""
            return finding(
                .duplicateTimestamps, at: place,
                "\(count) \(stream.rawValue) sample(s) share the timestamp of the one before with different values (first at \(place.text), t = \(time) s)\(rounded); kept")
        }
        return finding(
            .duplicateTimestamps, at: place,
            "\(count) of \(kept) \(stream.rawValue) samples share the timestamp of the one before with different values (first at \(place.text), t = \(time) s): \(resolution.text); the timestamps were rounded (too few digits, e.g. 5.63E+04 s or 1.70004E+12 ms from a spreadsheet) and no longer say when each sample was taken; \(verb("stream dropped", "an import drops the stream")) — save the time column with all its digits (a number format with enough decimals, not General or Scientific) or read the original file")
    }

    /// Step 4: acceleration-like columns in m/s² (median magnitude `median` of the probe triple).
    func metresPerSecondSquaredFinding(median: Double) -> HygieneFinding {
        let what = stream == .accelerometer ? "|acceleration|" : "|gravity|"
        return finding(
            .units, at: nil,
            "median \(what) = \(String(format: "%.2f", median)): values are in m/s²; \(verb("converted to g (÷ 9.80665)", "an import converts them to g"))")
    }
}

/// Runs of ≥ `minimumRun` (3) equal samples at a column's `high` and `low`, fed the column in consecutive parts of
/// any sizes (the same result for any split): per extreme, the samples in such runs and the index where the first
/// run starts.
struct FlatRunScanner {
    let high: Float
    let low: Float
    let minimumRun: Int
    private var runHigh = 0
    private var runLow = 0
    private var flatHigh = 0
    private var flatLow = 0
    private var firstHigh: Int? = nil
    private var firstLow: Int? = nil
    /// Samples scanned so far (the index of the next one).
    private var scanned = 0

    init(high: Float, low: Float, minimumRun: Int = 3) { (self.high, self.low, self.minimumRun) = (high, low, minimumRun) }

    /// Scans the next `column.count` samples.
    mutating func scan(_ column: UnsafeBufferPointer<Float>) {
        for offset in 0..<column.count {
            let (value, row) = (column[offset], scanned + offset)
            runHigh = value == high ? runHigh + 1 : 0
            runLow = value == low ? runLow + 1 : 0
            if runHigh >= minimumRun {
                flatHigh += runHigh == minimumRun ? minimumRun : 1
                if firstHigh == nil { firstHigh = row - (minimumRun - 1) }
            }
            if runLow >= minimumRun {
                flatLow += runLow == minimumRun ? minimumRun : 1
                if firstLow == nil { firstLow = row - (minimumRun - 1) }
            }
        }
        scanned += column.count
    }

    var runs: (high: (flat: Int, first: Int?), low: (flat: Int, first: Int?)) {
        ((flatHigh, firstHigh), (flatLow, firstLow))
    }
}
