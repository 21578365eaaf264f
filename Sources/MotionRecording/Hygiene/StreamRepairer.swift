import Foundation

/// The per-stream part of ``HygieneChecker`` (see there for the rules).
struct StreamRepairer {
    var stream: SensorStream
    var file: String
    /// Source line of each sample (empty when unknown: findings then name sample indices).
    var lines: [UInt32]
    /// When false, nothing is changed and the messages say what an import would do.
    var repair: Bool

    /// Source line of each sample in a mapping (in place of ``lines``, for a stream checked where it is mapped).
    var mappedLines: UnsafeBufferPointer<UInt32>? = nil

    func location(_ index: Int) -> (line: Int?, text: String) {
        if let mappedLines, index < mappedLines.count { return (Int(mappedLines[index]), "line \(mappedLines[index])") }
        if index < lines.count { return (Int(lines[index]), "line \(lines[index])") }
        return (nil, "sample \(index)")
    }

    func finding(_ kind: HygieneFinding.Kind, at index: Int?, column: Int? = nil, _ message: String)
        -> HygieneFinding
    {
        let line = index.flatMap { location($0).line }
        return HygieneFinding(kind: kind, file: file, line: line, column: column, message: message)
    }

    func verb(_ done: String, _ wouldDo: String) -> String { repair ? done : wouldDo }

    /// True when `holds` is true for every window of `width` consecutive elements taken `lanes` at a time: vector
    /// compares whose masks are and-ed together, and a scalar tail. The optimiser kept the plain loops of these
    /// checks scalar with a branch per element (a tenth of an import's time); these vector loops are bound by
    /// memory bandwidth instead.
    @inline(__always)
    static func allLanes<Vector: SIMD>(
        _ values: UnsafeBufferPointer<Vector.Scalar>, offset: Int, as _: Vector.Type,
        _ holds: (_ current: Vector, _ previous: Vector) -> SIMDMask<Vector.MaskStorage>,
        tail: (_ index: Int) -> Bool
    ) -> Bool {
        guard let base = values.baseAddress, values.count > offset else { return true }
        let raw = UnsafeRawPointer(base)
        let stride = MemoryLayout<Vector.Scalar>.stride
        var index = offset
        var holding = SIMDMask<Vector.MaskStorage>(repeating: true)
        while index + Vector.scalarCount <= values.count {
            let current = raw.loadUnaligned(fromByteOffset: index * stride, as: Vector.self)
            let previous = raw.loadUnaligned(fromByteOffset: (index - offset) * stride, as: Vector.self)
            holding .&= holds(current, previous)
            index += Vector.scalarCount
        }
        var result = all(holding)
        while index < values.count {
            result = result && tail(index)
            index += 1
        }
        return result
    }

    /// True when every value is finite.
    static func allFinite(_ values: UnsafeBufferPointer<Double>) -> Bool {
        // x − x is 0 exactly for finite x (NaN for ±∞ and NaN).
        allLanes(values, offset: 0, as: SIMD4<Double>.self, { value, _ in value - value .== 0 }) { values[$0].isFinite }
    }

    /// True when every value is finite with |value| ≤ `limit` (NaN fails the comparison).
    static func allWithinLimit(_ values: UnsafeBufferPointer<Float>, _ limit: Float) -> Bool {
        allLanes(values, offset: 0, as: SIMD8<Float>.self, { value, _ in (value .<= limit) .& (value .>= -limit) }) {
            abs(values[$0]) <= limit
        }
    }

    /// True when every timestamp is greater than the one before: no sample earlier than its predecessor and no
    /// repeated timestamp, so steps 2 and 3 have nothing to find.
    static func strictlyIncreasing(_ timestamps: UnsafeBufferPointer<Double>) -> Bool {
        allLanes(timestamps, offset: 1, as: SIMD4<Double>.self, { current, previous in current .> previous }) {
            timestamps[$0] > timestamps[$0 - 1]
        }
    }

    /// Rows whose spacing from the row before exceeds `threshold` (s); empty when there is none, which a
    /// vector pass checks first.
    static func gapRows(_ timestamps: UnsafeBufferPointer<Double>, threshold: Double) -> [Int] {
        let noGap = allLanes(timestamps, offset: 1, as: SIMD4<Double>.self, { current, previous in
            .!(current - previous .> threshold)
        }) { !(timestamps[$0] - timestamps[$0 - 1] > threshold) }
        if noGap { return [] }
        return (1..<timestamps.count).filter { timestamps[$0] - timestamps[$0 - 1] > threshold }
    }

    /// `(column.max(), column.min())` in one pass, with the same comparisons (so the same results, NaN included),
    /// and how many samples equal each (`==`, as ``flatRuns(_:high:low:)`` compares): fewer than three means no
    /// flat run. A new extreme is larger (smaller) than every sample before it, so none of those equals it and
    /// its count restarts at one.
    static func extremes(_ column: UnsafeBufferPointer<Float>)
        -> (high: Float, low: Float, highCount: Int, lowCount: Int)?
    {
        if let vector = vectorExtremes(column) { return vector }
        guard var high = column.first else { return nil }
        var low = high
        var (highCount, lowCount) = high == high ? (1, 1) : (0, 0)  // NaN equals nothing
        for value in column.dropFirst() {
            if high < value {
                high = value
                highCount = 0
            }
            if value < low {
                low = value
                lowCount = 0
            }
            highCount &+= value == high ? 1 : 0
            lowCount &+= value == low ? 1 : 0
        }
        return (high, low, highCount, lowCount)
    }

    /// ``extremes(_:)`` with vector compares (eight lanes, then the lanes reduced), or `nil` to leave it to the
    /// sequential loop: for columns shorter than 64, with a NaN (whose place in the order decides the scalar
    /// answer), or with a zero extreme (whose sign the first occurrence decides). Otherwise the largest and
    /// smallest values are unique numbers with unique bit patterns, so the order of the comparisons does not
    /// matter, and a second vector pass counts the samples equal to each.
    static func vectorExtremes(_ column: UnsafeBufferPointer<Float>)
        -> (high: Float, low: Float, highCount: Int, lowCount: Int)?
    {
        guard column.count >= 64, let base = column.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let vectorEnd = column.count / 8 * 8
        var high = SIMD8<Float>(repeating: column[0])
        var low = high
        var ordered = SIMDMask<SIMD8<Int32>>(repeating: true)
        for index in stride(from: 0, to: vectorEnd, by: 8) {
            let value = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            ordered .&= value .== value  // false for NaN
            high.replace(with: value, where: high .< value)
            low.replace(with: value, where: value .< low)
        }
        var (highest, lowest) = (high.max(), low.min())
        for value in column[vectorEnd...] {
            guard value == value else { return nil }
            highest = max(highest, value)
            lowest = min(lowest, value)
        }
        guard all(ordered), highest != 0, lowest != 0 else { return nil }
        var highLanes = SIMD8<Int32>()
        var lowLanes = SIMD8<Int32>()
        for index in stride(from: 0, to: vectorEnd, by: 8) {
            let value = raw.loadUnaligned(fromByteOffset: index * 4, as: SIMD8<Float>.self)
            highLanes &-= unsafeBitCast(value .== highest, to: SIMD8<Int32>.self)  // a true lane is −1
            lowLanes &-= unsafeBitCast(value .== lowest, to: SIMD8<Int32>.self)
        }
        var (highCount, lowCount) = (Int(highLanes.wrappedSum()), Int(lowLanes.wrappedSum()))
        for value in column[vectorEnd...] {
            highCount += value == highest ? 1 : 0
            lowCount += value == lowest ? 1 : 0
        }
        return (highest, lowest, highCount, lowCount)
    }

    /// Runs of ≥ 3 equal samples at `high` and at `low` in one pass: per extreme, the samples in such runs and
    /// the index where the first such run starts.
    static func flatRuns(_ column: UnsafeBufferPointer<Float>, high: Float, low: Float)
        -> (high: (flat: Int, first: Int?), low: (flat: Int, first: Int?))
    {
        // A run of three needs three equal samples: when neither extreme occurs three times (the usual case, an
        // extreme is reached once), a branch-free count answers without the run-tracking loop.
        var (highCount, lowCount) = (0, 0)
        for value in column {
            highCount &+= value == high ? 1 : 0
            lowCount &+= value == low ? 1 : 0
        }
        if highCount < 3 && lowCount < 3 { return ((0, nil), (0, nil)) }
        var scanner = FlatRunScanner(high: high, low: low)
        scanner.scan(column)
        return scanner.runs
    }

    /// The unit timestamps with this median spacing are in, when it is not seconds: a spacing over 0.5 s (a
    /// sensor stream below 2 Hz) that is 0.1–100 ms (10 Hz – 10 kHz) in milliseconds, microseconds or
    /// nanoseconds. Returns the unit's name and the factor to seconds; `nil` for seconds.
    static func timeUnit(medianSpacing spacing: Double) -> (unit: String, factor: Double)? {
        guard spacing > 0.5, spacing.isFinite else { return nil }
        for (unit, factor) in [("milliseconds", 1e-3), ("microseconds", 1e-6), ("nanoseconds", 1e-9)]
        where (1e-4..<0.1).contains(spacing * factor) {
            return (unit, factor)
        }
        return nil
    }

    func run(_ columns: inout StreamColumns, batchEnds: inout [Int]?, findings: inout [HygieneFinding])
        -> StreamSummary
    {
        var lines = self.lines
        var me = self

        // 0. Time units: seconds are expected; a median spacing that no sensor stream has in seconds but a
        // plausible one has in milliseconds, microseconds or nanoseconds is converted (decided on 16 samples or more).
        let spacing = columns.timestamps.count >= 16 ? Self.medianSpacing(columns.timestamps) : 0
        if let (unit, factor) = Self.timeUnit(medianSpacing: spacing) {
            findings.append(me.finding(
                .units, at: nil,
                "median timestamp spacing \(String(format: "%.4g", spacing)) (\(String(format: "%.3g", 1 / spacing)) Hz if seconds): timestamps are in \(unit); \(verb("converted to seconds", "an import converts them to seconds")) (× \(String(format: "%g", factor)))"))
            if repair { columns.timestamps = columns.timestamps.map { $0 * factor } }
        }

        // 0b. A gyroscope in °/s given as rad/s (impossible rates), before step 1 drops values beyond 1000.
        if stream == .gyroscope, let (count, largest) = RawIMUChecks.degreesPerSecond(columns) {
            findings.append(me.finding(.units, at: nil, "\(count) rotation rate(s) beyond \(Int(RawIMUChecks.impossibleRate)) rad/s (up to \(largest)), impossible for a wrist: values are in °/s; \(verb("converted to rad/s (× π/180)", "an import converts them to rad/s"))"))
            if repair { for index in 0..<3 { columns.columns[index] = columns.columns[index].map { $0 * Float.pi / 180 } } }
        }

        // 1. Non-finite and impossible values.
        // Rows to keep, allocated at the first row to drop (clean data allocates nothing here).
        var keep: [Bool] = []
        func drop(_ row: Int, of count: Int) {
            if keep.isEmpty { keep = [Bool](repeating: true, count: count) }
            keep[row] = false
        }
        var nanCount = 0
        var nanFirst: (Int, Int)? = nil
        var rangeCount = 0
        var rangeFirst: (Int, Int, Float)? = nil
        // Column-wise pre-check (a straight pass per column, no per-row work): the row-wise search below only
        // runs when some value is non-finite or out of range, and then finds exactly the same rows.
        let allValuesPlausible = columns.timestamps.withUnsafeBufferPointer { Self.allFinite($0) }
            && columns.columns.allSatisfy { column in
                column.withUnsafeBufferPointer { Self.allWithinLimit($0, HygieneChecker.outOfRangeLimit) }
            }
        for row in 0..<(allValuesPlausible ? 0 : columns.count) {
            if !columns.timestamps[row].isFinite {
                drop(row, of: columns.count)
                nanCount += 1
                if nanFirst == nil { nanFirst = (row, 0) }
                continue
            }
            for (index, column) in columns.columns.enumerated() {
                let value = column[row]
                if !value.isFinite {
                    drop(row, of: columns.count)
                    nanCount += 1
                    if nanFirst == nil { nanFirst = (row, index + 1) }
                    break
                }
                if abs(value) > HygieneChecker.outOfRangeLimit {
                    drop(row, of: columns.count)
                    rangeCount += 1
                    if rangeFirst == nil { rangeFirst = (row, index + 1, value) }
                    break
                }
            }
        }
        if let (row, column) = nanFirst {
            let name = column == 0 ? "timestamp" : columns.names[column - 1]
            findings.append(finding(
                .nan, at: row,
                "\(nanCount) \(stream.rawValue) row(s) with NaN/Inf (first at \(location(row).text), \(name)); \(verb("dropped", "an import drops them"))"))
        }
        if let (row, column, value) = rangeFirst {
            findings.append(finding(
                .outOfRange, at: row,
                "\(rangeCount) \(stream.rawValue) row(s) with |value| > \(Int(HygieneChecker.outOfRangeLimit)) (first at \(location(row).text), \(columns.names[column - 1]) = \(value)); \(verb("dropped", "an import drops them"))"))
        }
        if repair && (nanCount > 0 || rangeCount > 0) {
            columns.compact(keep: keep, lines: &lines, batchEnds: &batchEnds)
            me.lines = lines
        }

        // Clean streams (the usual case) skip the row-wise searches of steps 2 and 3 after one straight pass.
        let increasing = columns.timestamps.withUnsafeBufferPointer { Self.strictlyIncreasing($0) }

        // 2. Time going backwards.
        var backwards = 0
        var backwardsFirst: Int? = nil
        for row in 1..<(increasing ? 1 : max(1, columns.count)) where columns.timestamps[row] < columns.timestamps[row - 1] {
            backwards += 1
            if backwardsFirst == nil { backwardsFirst = row }
        }
        if let row = backwardsFirst {
            let (t0, t1) = (columns.timestamps[row - 1], columns.timestamps[row])
            findings.append(me.finding(
                .nonMonotonic, at: row,
                "\(backwards) \(stream.rawValue) sample(s) earlier than the one before (first at \(me.location(row).text): \(t1) s after \(t0) s); \(verb("sorted by timestamp, batches recut at whole seconds", "an import sorts them by timestamp"))"))
            if repair {
                let order = columns.timestamps.indices.sorted { a, b in
                    let (ta, tb) = (columns.timestamps[a], columns.timestamps[b])
                    return ta != tb ? ta < tb : a < b
                }
                columns.permute(order, lines: &lines)
                me.lines = lines
                batchEnds = nil
            }
        }

        // 3. Duplicates.
        keep = []
        var duplicateRows = 0
        var duplicateRowFirst: Int? = nil
        var duplicateTimes = 0
        var duplicateTimeFirst: Int? = nil
        for row in 1..<(increasing ? 1 : max(1, columns.count)) where columns.timestamps[row] == columns.timestamps[row - 1] {
            if columns.columns.allSatisfy({ $0[row] == $0[row - 1] }) {
                drop(row, of: columns.count)
                duplicateRows += 1
                if duplicateRowFirst == nil { duplicateRowFirst = row }
            } else {
                duplicateTimes += 1
                if duplicateTimeFirst == nil { duplicateTimeFirst = row }
            }
        }
        if let row = duplicateRowFirst {
            findings.append(me.finding(
                .duplicateRows, at: row,
                "\(duplicateRows) \(stream.rawValue) row(s) identical to the row before (first at \(me.location(row).text)); \(verb("dropped", "an import drops them"))"))
        }
        if let row = duplicateTimeFirst {
            findings.append(me.finding(
                .duplicateTimestamps, at: row,
                "\(duplicateTimes) \(stream.rawValue) sample(s) share the timestamp of the one before with different values (first at \(me.location(row).text), t = \(columns.timestamps[row]) s); kept"))
        }
        if repair && duplicateRows > 0 {
            columns.compact(keep: keep, lines: &lines, batchEnds: &batchEnds)
            me.lines = lines
        }

        // 4. Units.
        if columns.unitProbe.count == 3, let median = RawBatchedDump.medianMagnitude(
            columns.columns[columns.unitProbe[0]], columns.columns[columns.unitProbe[1]],
            columns.columns[columns.unitProbe[2]]), (7...13).contains(median)
        {
            let what = stream == .accelerometer ? "|acceleration|" : "|gravity|"
            findings.append(me.finding(
                .units, at: nil,
                "median \(what) = \(String(format: "%.2f", median)): values are in m/s²; \(verb("converted to g (÷ 9.80665)", "an import converts them to g"))"))
            if repair {
                let scale = Float(1 / HygieneChecker.standardGravity)
                for index in columns.unitColumns {
                    columns.columns[index] = columns.columns[index].map { $0 * scale }
                }
            }
        }

        // 5. Rate and gaps.
        let timestamps = columns.timestamps
        let medianSpacing = Self.medianSpacing(timestamps)
        var gapRows: [Int] = []
        if medianSpacing > 0 {
            let threshold = HygieneChecker.gapFactor * medianSpacing
            gapRows = timestamps.withUnsafeBufferPointer { Self.gapRows($0, threshold: threshold) }
        }
        let gaps = me.gaps(at: gapRows, timestamps: { timestamps[$0] }, medianSpacing: medianSpacing, findings: &findings)
        if repair && !gaps.isEmpty {
            var ends = batchEnds ?? Recording.wholeSecondBatchEnds(timestamps)
            ends = Array(Set(ends).union(gapRows)).sorted()
            batchEnds = ends
        }

        // 6. Saturation.
        for (group, minimum, unit) in columns.saturationGroups {
            for index in group {
                let column = columns.columns[index]
                findings += me.saturation(
                    of: columns.names[index], column.withUnsafeBufferPointer { Self.extremes($0) }, minimum: minimum,
                    unit: unit
                ) { high, low in column.withUnsafeBufferPointer { Self.flatRuns($0, high: high, low: low) } }
            }
        }

        if columns.count == 0 {
            findings.append(me.finding(
                .empty, at: nil, "\(stream.rawValue) stream has no samples\(verb("; treated as absent", ""))"))
        }
        let ends = batchEnds ?? Recording.wholeSecondBatchEnds(timestamps)
        return StreamSummary(
            sampleCount: timestamps.count, start: timestamps.first ?? 0, end: timestamps.last ?? 0,
            medianSpacing: medianSpacing, estimatedRate: medianSpacing > 0 ? 1 / medianSpacing : 0, gaps: gaps,
            batchCount: ends.count)
    }
}
