import Foundation

/// The per-stream part of ``HygieneChecker`` (see there for the rules).
struct StreamRepairer {
    var stream: HygieneStream
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

    /// Whether a stream's timestamps are too coarse to use: more than half of the `kept` samples share the timestamp
    /// of the one before with different values (`duplicateTimes`).
    static func timestampsTooCoarse(duplicateTimes: Int, kept: Int) -> Bool { duplicateTimes * 2 > kept }

    func run(_ columns: inout StreamColumns, batchEnds: inout [Int]?, findings: inout [HygieneFinding])
        -> StreamSummary
    {
        var lines = self.lines
        var me = self

        // 0. Time units: seconds are expected; a median spacing that no sensor stream has in seconds but a
        // plausible one has in milliseconds, microseconds or nanoseconds is converted (decided on 16 samples or more).
        let spacing = columns.checksTimeUnits && columns.timestamps.count >= 16 ? Self.medianSpacing(columns.timestamps) : 0
        if let (unit, factor) = Self.timeUnit(medianSpacing: spacing) {
            findings.append(me.timeUnitFinding(spacing: spacing, unit: unit, factor: factor))
            if repair { columns.timestamps = columns.timestamps.map { $0 * factor } }
        }

        // 0b. A rotation rate (gyroscope or device motion) in °/s given as rad/s (impossible rates), before step 1
        // drops values beyond 1000.
        let rotation = RawIMUChecks.rotationRateColumns(columns, of: stream)
        if let (count, largest) = RawIMUChecks.degreesPerSecond(columns, rotation: rotation) {
            findings.append(me.degreesPerSecondFinding(count: count, largest: largest))
            if repair { for index in rotation { columns.columns[index] = columns.columns[index].map { $0 * Float.pi / 180 } } }
        }

        // 0c. Pressure in hPa or Pa rather than kPa (by magnitude), before step 1 drops values beyond 1000.
        if stream == .pressure, let (unit, divisor, typical) = PressureChecks.unit(columns.columns[0]) {
            findings.append(me.finding(.units, at: nil, "pressure is in \(unit) (5th percentile \(String(format: "%.6g", typical)); air at sea level is 101.325 kPa = 1013.25 hPa = 101325 Pa); \(verb("converted to kPa (÷ \(Int(divisor)))", "an import converts it to kPa"))"))
            // Converted even when only checking: the later steps then judge kPa, as an import's would.
            columns.columns[0] = columns.columns[0].map { $0 / divisor }
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
        var rangeFirst: (Int, Int, Double)? = nil
        // Column-wise pre-check (a straight pass per column, no per-row work): the row-wise search below only
        // runs when some value is non-finite or out of range, and then finds exactly the same rows.
        let allValuesPlausible = columns.timestamps.withUnsafeBufferPointer { Self.allFinite($0) }
            && columns.columns.indices.allSatisfy { index in
                let limit = columns.limits[index]
                if columns.nanMeansUnknown[index] { return columns.columns[index].allSatisfy { !(abs($0) > limit) } }
                return columns.columns[index].withUnsafeBufferPointer { Self.allWithinLimit($0, limit) }
            }
            && columns.doubleColumns.indices.allSatisfy { index in
                columns.doubleColumns[index].allSatisfy { abs($0) <= columns.doubleLimits[index] }
            }
        for row in 0..<(allValuesPlausible ? 0 : columns.count) {
            if !columns.timestamps[row].isFinite {
                drop(row, of: columns.count)
                nanCount += 1
                if nanFirst == nil { nanFirst = (row, 0) }
                continue
            }
            // Whether the value of column `index` (Float columns, then Double ones, as in `allNames`) drops the row.
            func drops(_ value: Double, _ index: Int, limit: Double, unknownAllowed: Bool) -> Bool {
                if value.isNaN && unknownAllowed { return false }
                if !value.isFinite && !unknownAllowed {
                    nanCount += 1
                    if nanFirst == nil { nanFirst = (row, index + 1) }
                } else if abs(value) > limit {
                    rangeCount += 1
                    if rangeFirst == nil { rangeFirst = (row, index + 1, value) }
                } else {
                    return false
                }
                drop(row, of: columns.count)
                return true
            }
            var dropped = false
            for index in columns.columns.indices where !dropped {
                dropped = drops(
                    Double(columns.columns[index][row]), index, limit: Double(columns.limits[index]),
                    unknownAllowed: columns.nanMeansUnknown[index])
            }
            for index in columns.doubleColumns.indices where !dropped {
                dropped = drops(
                    columns.doubleColumns[index][row], columns.columns.count + index, limit: columns.doubleLimits[index],
                    unknownAllowed: false)
            }
        }
        if let (row, column) = nanFirst {
            let name = column == 0 ? "timestamp" : columns.allNames[column - 1]
            findings.append(nonFiniteFinding(count: nanCount, at: location(row), column: name))
        }
        if let (row, column, value) = rangeFirst {
            findings.append(outOfRangeFinding(
                count: rangeCount, at: location(row), column: columns.allNames[column - 1],
                limit: columns.limitText(column - 1), value: columns.valueText(column - 1, value)))
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
            findings.append(me.backwardsFinding(count: backwards, at: me.location(row), time: t1, after: t0))
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
            if columns.equalsPrevious(row) {
                drop(row, of: columns.count)
                duplicateRows += 1
                if duplicateRowFirst == nil { duplicateRowFirst = row }
            } else {
                duplicateTimes += 1
                if duplicateTimeFirst == nil { duplicateTimeFirst = row }
            }
        }
        if let row = duplicateRowFirst {
            findings.append(me.duplicateRowsFinding(count: duplicateRows, at: me.location(row)))
        }
        // Most samples sharing their time with the one before: the timestamps were rounded (a spreadsheet's
        // 7.73E+04) and no longer say when a sample was taken; the stream is dropped rather than analysed wrongly.
        let coarse = Self.timestampsTooCoarse(duplicateTimes: duplicateTimes, kept: columns.count - duplicateRows)
        if let row = duplicateTimeFirst {
            // The resolution of the samples kept, as a stream repaired where it is mapped finds it.
            let times = duplicateRows == 0 ? columns.timestamps : zip(columns.timestamps, keep).filter(\.1).map(\.0)
            findings.append(me.duplicateTimestampsFinding(
                count: duplicateTimes, of: columns.count - duplicateRows, at: me.location(row),
                time: columns.timestamps[row], coarse: coarse,
                resolution: TimestampResolution(count: times.count) { times[$0] }))
        }
        if repair && coarse {
            columns.compact(keep: [Bool](repeating: false, count: columns.count), lines: &lines, batchEnds: &batchEnds)
            me.lines = lines
        } else if repair && duplicateRows > 0 {
            columns.compact(keep: keep, lines: &lines, batchEnds: &batchEnds)
            me.lines = lines
        }

        // 3b. Pressure spikes: isolated jumps no weather, lift or climb makes out of water.
        if stream == .pressure {
            let spikes = PressureChecks.spikes(columns.timestamps, columns.columns[0])
            if let first = spikes.first {
                let listed = spikes.prefix(3).map { String(format: "%.3f kPa at %.3f s", columns.columns[0][$0], columns.timestamps[$0]) }.joined(separator: ", ")
                findings.append(me.finding(
                    .spike, at: first,
                    "\(spikes.count) pressure spike(s) of more than \(String(format: "%g", PressureChecks.spikeKilopascals)) kPa within a second, back again at the next sample, out of water (first at \(me.location(first).text)): \(listed)\(spikes.count > 3 ? ", …" : ""); \(verb("dropped", "an import drops them"))"))
                if repair {
                    var keep = [Bool](repeating: true, count: columns.count)
                    for row in spikes { keep[row] = false }
                    columns.compact(keep: keep, lines: &lines, batchEnds: &batchEnds)
                    me.lines = lines
                }
            }
        }

        // 4. Units.
        if columns.unitProbe.count == 3, let median = RawBatchedDump.medianMagnitude(
            columns.columns[columns.unitProbe[0]], columns.columns[columns.unitProbe[1]],
            columns.columns[columns.unitProbe[2]]), (7...13).contains(median)
        {
            findings.append(me.metresPerSecondSquaredFinding(median: median))
            if repair {
                let scale = Float(1 / HygieneChecker.standardGravity)
                for index in columns.unitColumns {
                    columns.columns[index] = columns.columns[index].map { $0 * scale }
                }
            }
        }

        // 4b. A slower sensor held on faster rows (sample-and-hold): an x, y, z stream is reduced to its readings,
        // before its rate and gaps are judged; another keeps its rows, its flat tops judged over held readings.
        var holds = [Int](repeating: 1, count: columns.saturationGroups.count)
        for (number, (group, _, _)) in columns.saturationGroups.enumerated() where group.count == 3 {
            var scanner = SampleAndHoldScanner()
            columns.columns[group[0]].withUnsafeBufferPointer { x in
                columns.columns[group[1]].withUnsafeBufferPointer { y in
                    columns.columns[group[2]].withUnsafeBufferPointer { z in scanner.scan(x, y, z) }
                }
            }
            guard scanner.holdLength >= 2 else { continue }
            var reduced: (keep: [Bool], kept: Int)? = nil
            holds[number] = me.sampleAndHold(
                scanner, names: group.map { columns.names[$0] }, spacing: Self.medianSpacing(columns.timestamps),
                readings: { hold in
                    guard columns.heldReadingsGroup == number else { return nil }
                    reduced = HeldReadings.keep(
                        hold: hold, columns.columns[group[0]], columns.columns[group[1]], columns.columns[group[2]])
                    return reduced?.kept
                }, findings: &findings)
            if let reduced, repair {
                holds[number] = 1
                columns.compact(keep: reduced.keep, lines: &lines, batchEnds: &batchEnds)
                me.lines = lines
            }
        }

        // 5. Rate and gaps.
        let timestamps = columns.timestamps
        let medianSpacing = Self.medianSpacing(timestamps)
        var gapRows: [Int] = []
        if medianSpacing > 0 && !columns.isEventStream {
            let threshold = HygieneChecker.gapFactor * medianSpacing
            gapRows = timestamps.withUnsafeBufferPointer { Self.gapRows($0, threshold: threshold) }
        }
        let gaps = me.gaps(at: gapRows, timestamps: { timestamps[$0] }, medianSpacing: medianSpacing, findings: &findings)
        if repair && !gaps.isEmpty {
            var ends = batchEnds ?? Recording.wholeSecondBatchEnds(timestamps)
            ends = Array(Set(ends).union(gapRows)).sorted()
            batchEnds = ends
        }

        // 6. Saturation: a flat top lasting three readings — of a sample-and-hold stream kept whole, three held
        // readings (3 n rows).
        for (number, (group, minimum, unit)) in columns.saturationGroups.enumerated() {
            let hold = holds[number]
            for index in group {
                let column = columns.columns[index]
                findings += me.saturation(
                    of: columns.names[index], column.withUnsafeBufferPointer { Self.extremes($0) }, minimum: minimum,
                    unit: unit, minimumRun: 3 * hold
                ) { high, low in
                    column.withUnsafeBufferPointer { Self.flatRuns($0, high: high, low: low, minimumRun: 3 * hold) }
                }
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
