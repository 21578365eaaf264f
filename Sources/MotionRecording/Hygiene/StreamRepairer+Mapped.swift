/// A stream's columns where they lie in a writable memory mapping (a spill file), with the layout ``StreamColumns``
/// gives the same stream (column names, limits, units probe, saturation groups) and a way to hand rows' pages back
/// to the kernel.
struct MappedStream {
    /// Timestamps, s.
    var timestamps: UnsafeMutableBufferPointer<Double>
    /// The sample columns in ``StreamColumns`` order.
    var columns: [UnsafeMutableBufferPointer<Float>]
    /// Names, limits, units probe and saturation groups (its own columns are not read).
    var layout: StreamColumns
    /// Source line of each sample, 1-based.
    var lines: UnsafeMutableBufferPointer<UInt32>
    /// Releases the pages holding rows `range` of every column (written values stay in the file; pages are re-read
    /// if touched again).
    var release: (Range<Int>) -> Void

    var count: Int { timestamps.count }

    /// The first `count` rows: the stream after a repair dropped rows in place.
    func prefix(_ count: Int) -> MappedStream {
        var stream = self
        stream.timestamps = UnsafeMutableBufferPointer(rebasing: timestamps[..<count])
        stream.columns = columns.map { UnsafeMutableBufferPointer(rebasing: $0[..<count]) }
        stream.lines = UnsafeMutableBufferPointer(rebasing: lines[..<count])
        return stream
    }

    /// Calls `body` with consecutive row ranges of `chunkRows` rows covering the stream, releasing each range's
    /// pages after it — together with the range before, so that a page straddling their boundary (or mapped again
    /// by the kernel's fault-around) goes too.
    func chunks(_ chunkRows: Int, _ body: (Range<Int>) -> Void) {
        var previous = 0
        for start in stride(from: 0, to: count, by: chunkRows) {
            let rows = start..<min(count, start + chunkRows)
            body(rows)
            release(previous..<rows.upperBound)
            previous = rows.lowerBound
        }
    }

    /// Rows `rows` of `buffer`.
    static func slice<T>(_ buffer: UnsafeMutableBufferPointer<T>, _ rows: Range<Int>) -> UnsafeBufferPointer<T> {
        UnsafeBufferPointer(rebasing: buffer[rows])
    }
}

/// What one pass over a mapped stream gathers for ``StreamRepairer``'s steps: whether steps 1–3 have anything to
/// do, the sampled spacings and magnitudes, the extremes of the saturation columns and (for a rotation rate) its
/// readings impossible in rad/s — each gathered exactly as the in-memory checks gather it.
struct MappedStatistics {
    /// Every timestamp finite and every value finite within its column's limit (step 1 drops nothing).
    var plausible = true
    /// Every timestamp later than the one before (steps 2 and 3 find nothing).
    var increasing = true
    var spacings: [Double] = []
    var magnitudes: [Double] = []
    var extremes: [(high: Float, low: Float, highCount: Int, lowCount: Int)?]
    var impossibleRates = RawIMUChecks.ImpossibleRateCounter()
    /// Per saturation group of three columns, its repeated rows (``SampleAndHoldScanner``), read before repairs.
    var holds: [SampleAndHoldScanner]

    /// `rotation`: the indices of the rotation rate x, y, z whose impossible readings are counted (empty: none).
    init(_ mapped: MappedStream, chunkRows: Int, rotation: [Int] = []) {
        let (timestamps, count, layout) = (mapped.timestamps, mapped.count, mapped.layout)
        func slice<T>(_ buffer: UnsafeMutableBufferPointer<T>, _ rows: Range<Int>) -> UnsafeBufferPointer<T> {
            MappedStream.slice(buffer, rows)
        }
        let magnitudeStep = RawBatchedDump.magnitudeSampleStep(count: count)
        let saturated = layout.saturationGroups.flatMap(\.0)
        extremes = .init(repeating: nil, count: layout.columns.count)
        holds = .init(repeating: SampleAndHoldScanner(), count: layout.saturationGroups.count)
        mapped.chunks(chunkRows) { rows in
            let times = slice(timestamps, rows)
            plausible = plausible && StreamRepairer.allFinite(times)
                && mapped.columns.indices.allSatisfy {
                    StreamRepairer.allWithinLimit(slice(mapped.columns[$0], rows), layout.limits[$0])
                }
            increasing = increasing
                && StreamRepairer.strictlyIncreasing(slice(timestamps, max(0, rows.lowerBound - 1)..<rows.upperBound))
            StreamRepairer.appendSampledSpacings(UnsafeBufferPointer(timestamps), rows: rows, to: &spacings)
            if layout.unitProbe.count == 3 {
                let (x, y, z) = (mapped.columns[layout.unitProbe[0]], mapped.columns[layout.unitProbe[1]], mapped.columns[layout.unitProbe[2]])
                let first = (rows.lowerBound + magnitudeStep - 1) / magnitudeStep * magnitudeStep
                for row in stride(from: first, to: rows.upperBound, by: magnitudeStep) {
                    RawBatchedDump.appendMagnitude(x[row], y[row], z[row], to: &magnitudes)
                }
            }
            for index in saturated {
                extremes[index] = StreamRepairer.joinedExtremes(
                    extremes[index], StreamRepairer.extremes(slice(mapped.columns[index], rows)))
            }
            for (number, (group, _, _)) in layout.saturationGroups.enumerated() where group.count == 3 {
                holds[number].scan(
                    slice(mapped.columns[group[0]], rows), slice(mapped.columns[group[1]], rows),
                    slice(mapped.columns[group[2]], rows))
            }
            if rotation.count == 3 {
                impossibleRates.scan(
                    slice(mapped.columns[rotation[0]], rows), slice(mapped.columns[rotation[1]], rows),
                    slice(mapped.columns[rotation[2]], rows))
            }
        }
    }

    /// The median of the sampled positive spacings (s), 0 without any (reorders ``spacings``).
    mutating func medianSpacing() -> Double {
        spacings.isEmpty ? 0 : StreamRepairer.select(&spacings, rank: spacings.count / 2)
    }
}

extension StreamRepairer {
    /// Rows read at a time by ``checkMapped(_:batchEnds:chunkRows:sortWindow:findings:)`` before their pages are released: 2 MiB of
    /// timestamps.
    static let mappedChunkRows = 1 << 18

    /// ``run(_:batchEnds:findings:)`` for a motion stream (accelerometer, device motion, gyroscope, magnetometer)
    /// where it is mapped, read and repaired in place in chunks of `chunkRows` rows whose pages are released behind
    /// (so memory stays flat): the same findings (appended to `findings`), samples (the mapping's first
    /// `summary.sampleCount` rows), summary and batch ends (`nil`: cut at whole seconds) as the stream repaired in
    /// memory. A decision that needs the whole stream (its time unit, its units) is made from a pass over all of it
    /// before a later pass repairs. Returns `nil` when a repair cannot be made in place — a sample more than
    /// `sortWindow` rows (``mappedSortWindowRows``) away from its place in time, or no sample left — or the stream
    /// is empty: the caller then checks it in memory. `givenEnds` are the batch ends the source states (a raw dump's
    /// empty lines), moved with the rows dropped (steps 1 and 3), given up when rows are put back in time order (step 2)
    /// and split at gaps, as in memory.
    func checkMapped(
        _ mapped: MappedStream, batchEnds givenEnds: [Int]? = nil, chunkRows: Int = mappedChunkRows, sortWindow: Int = mappedSortWindowRows,
        findings: inout [HygieneFinding]
    ) -> (summary: StreamSummary, batchEnds: [Int]?)? {
        guard mapped.count > 0 else { return nil }
        var givenEnds = givenEnds
        var me = self
        me.mappedLines = UnsafeBufferPointer(mapped.lines)
        var stream = mapped
        let layout = mapped.layout
        let rotation = RawIMUChecks.rotationRateColumns(layout, of: self.stream)
        var statistics = MappedStatistics(stream, chunkRows: chunkRows, rotation: rotation)
        var medianSpacing = statistics.medianSpacing()

        // 0. Time units, decided on the whole stream; 0b. a rotation rate in °/s.
        let unitSpacing = layout.checksTimeUnits && stream.count >= 16 ? medianSpacing : 0
        let timeUnit = Self.timeUnit(medianSpacing: unitSpacing)
        if let (unit, factor) = timeUnit {
            findings.append(me.timeUnitFinding(spacing: unitSpacing, unit: unit, factor: factor))
        }
        let degrees = statistics.impossibleRates.degreesPerSecond
        if let (count, largest) = degrees { findings.append(me.degreesPerSecondFinding(count: count, largest: largest)) }

        // 1–3. Rows dropped, sorted or converted in place; the statistics gathered again from what is left.
        if timeUnit != nil || degrees != nil || !statistics.plausible || !statistics.increasing {
            guard
                let kept = me.repairMappedRows(
                    stream, timeFactor: timeUnit?.factor, degreesPerSecond: degrees != nil ? rotation : [], sortWindow: sortWindow,
                    chunkRows: chunkRows, batchEnds: &givenEnds, findings: &findings), kept > 0
            else { return nil }
            stream = stream.prefix(kept)
            me.mappedLines = UnsafeBufferPointer(stream.lines)
            statistics = MappedStatistics(stream, chunkRows: chunkRows)
            medianSpacing = statistics.medianSpacing()
        }

        // 4. Units, decided on the whole stream, converted in one more pass.
        if layout.unitProbe.count == 3, let median = RawBatchedDump.percentiles(&statistics.magnitudes, [0.5])?[0],
            (7...13).contains(median)
        {
            findings.append(me.metresPerSecondSquaredFinding(median: median))
            let scale = Float(1 / HygieneChecker.standardGravity)
            let columns = stream.columns
            stream.chunks(chunkRows) { rows in
                for index in layout.unitColumns {
                    for row in rows { columns[index][row] *= scale }
                }
            }
            statistics = MappedStatistics(stream, chunkRows: chunkRows)
        }
        // 4b. Sample-and-hold: an x, y, z stream reduced to its readings in place (``HeldReadings``), another kept.
        var holds = [Int](repeating: 1, count: layout.saturationGroups.count)
        for (number, (group, _, _)) in layout.saturationGroups.enumerated() where group.count == 3 {
            var kept: Int? = nil
            holds[number] = me.sampleAndHold(
                statistics.holds[number], names: group.map { layout.names[$0] }, spacing: medianSpacing,
                readings: { hold in
                    guard layout.heldReadingsGroup == number else { return nil }
                    kept = Self.keepHeldReadings(stream, group: group, hold: hold, chunkRows: chunkRows, batchEnds: &givenEnds)
                    return kept
                }, findings: &findings)
            if let kept {
                holds[number] = 1
                stream = stream.prefix(kept)
                me.mappedLines = UnsafeBufferPointer(stream.lines)
                statistics = MappedStatistics(stream, chunkRows: chunkRows)
                medianSpacing = statistics.medianSpacing()
            }
        }
        let timestamps = UnsafeBufferPointer(stream.timestamps)
        let count = stream.count

        // 5. Rate and gaps: a last pass over the timestamps once the median spacing is known, which also cuts the
        // batches at whole seconds (only now: timestamps in ms would cut one batch per sample).
        var gapRows: [Int] = []
        var cutter = WholeSecondBatchCutter(firstTimestamp: timestamps[0])
        stream.chunks(chunkRows) { rows in
            let from = max(0, rows.lowerBound - 1)
            if medianSpacing > 0 {
                let threshold = HygieneChecker.gapFactor * medianSpacing
                gapRows += Self.gapRows(UnsafeBufferPointer(rebasing: timestamps[from..<rows.upperBound]), threshold: threshold)
                    .map { from + $0 }
            }
            cutter.scan(UnsafeBufferPointer(rebasing: timestamps[max(1, rows.lowerBound)..<rows.upperBound]))
        }
        let gaps = me.gaps(at: gapRows, timestamps: { timestamps[$0] }, medianSpacing: medianSpacing, findings: &findings)
        let wholeSeconds = cutter.finish().ends
        let batchEnds = gaps.isEmpty ? givenEnds : Array(Set(givenEnds ?? wholeSeconds).union(gapRows)).sorted()

        // 6. Saturation: flat runs looked for (one more pass over that column) only where an extreme repeats, over
        // three readings (3 × the hold length of a sample-and-hold stream kept whole).
        for (number, (group, minimum, unit)) in layout.saturationGroups.enumerated() {
            let hold = holds[number]
            for index in group {
                findings += me.saturation(
                    of: layout.names[index], statistics.extremes[index], minimum: minimum, unit: unit,
                    minimumRun: 3 * hold
                ) { high, low in
                    var scanner = FlatRunScanner(high: high, low: low, minimumRun: 3 * hold)
                    stream.chunks(chunkRows) { rows in scanner.scan(MappedStream.slice(stream.columns[index], rows)) }
                    return scanner.runs
                }
            }
        }
        let summary = StreamSummary(
            sampleCount: count, start: timestamps[0], end: timestamps[count - 1], medianSpacing: medianSpacing,
            estimatedRate: medianSpacing > 0 ? 1 / medianSpacing : 0, gaps: gaps,
            batchCount: (batchEnds ?? wholeSeconds).count)
        return (summary, batchEnds)
    }
}

extension StreamRepairer {
    /// Reduces the sample-and-hold stream `mapped` (its x, y, z the columns `group`, every reading repeated on about
    /// `hold` rows) to its readings in place (``HeldReadings``): each kept row written over the first rows of the
    /// mapping, a write index trailing the read index, in chunks of `chunkRows` rows. `batchEnds` (the source's)
    /// follow the rows dropped, as ``StreamColumns/compact(keep:lines:batchEnds:)`` moves them. Returns the rows kept.
    static func keepHeldReadings(
        _ mapped: MappedStream, group: [Int], hold: Int, chunkRows: Int, batchEnds: inout [Int]?
    ) -> Int {
        let (x, y, z) = (UnsafeBufferPointer(mapped.columns[group[0]]), UnsafeBufferPointer(mapped.columns[group[1]]),
                         UnsafeBufferPointer(mapped.columns[group[2]]))
        var held = HeldReadings(hold: hold)
        var write = 0
        let givenEnds = batchEnds ?? []
        var nextEnd = 0
        var newEnds: [Int] = []
        func keep(_ row: Int) {
            while nextEnd < givenEnds.count, givenEnds[nextEnd] <= row {
                if write > (newEnds.last ?? 0) { newEnds.append(write) }
                nextEnd += 1
            }
            mapped.timestamps[write] = mapped.timestamps[row]
            for column in mapped.columns { column[write] = column[row] }
            mapped.lines[write] = mapped.lines[row]
            write += 1
        }
        mapped.chunks(chunkRows) { rows in held.scan(rows, x, y, z, keep: keep) }
        held.finish(count: mapped.count, keep: keep)
        for _ in nextEnd..<givenEnds.count where write > (newEnds.last ?? 0) { newEnds.append(write) }
        if batchEnds != nil { batchEnds = newEnds }
        return write
    }
}
