/// Steps 0–3 of ``StreamRepairer/run(_:batchEnds:findings:)`` — the repairs that change rows — for a stream where it
/// is mapped (``MappedStream``), in two passes of bounded memory: one reads every row as the in-memory steps would
/// see it and counts what steps 1 and 2 find; the other writes the rows kept back into the mapping, sorted and
/// without duplicates, a write index trailing the read index.
extension StreamRepairer {
    /// Rows by which a sample may arrive after a later one and still be sorted in place (step 2): 65,536, 82 s at
    /// 800 Hz — a batch delivered late, or a clock stepping back, moves samples by a few seconds at most. A stream
    /// whose disorder reaches further is sorted in memory.
    static let mappedSortWindowRows = 1 << 16

    /// Repairs `mapped` in place: timestamps × `timeFactor` (step 0), the rotation-rate columns `degreesPerSecond`
    /// (°/s) × π/180 (step 0b),
    /// non-finite and out-of-range rows dropped (1), stably sorted by time (2), rows identical to the one before
    /// dropped (3), with the findings of steps 1–3 appended to `findings`. Returns the rows kept (now the first rows
    /// of the mapping), or `nil` when a sample lies more than `sortWindow` rows from its sorted place (the mapping is
    /// then partly rewritten and must be discarded).
    func repairMappedRows(
        _ mapped: MappedStream, timeFactor: Double?, degreesPerSecond: [Int], sortWindow: Int = mappedSortWindowRows,
        chunkRows: Int, batchEnds: inout [Int]?, findings: inout [HygieneFinding]
    ) -> Int? {
        let width = mapped.columns.count
        let layout = mapped.layout
        let row = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(width, 1))
        defer { row.deallocate() }
        // Per column, whether step 0b converts it from °/s (the in-memory arithmetic: × π, then ÷ 180).
        var degrees = [Bool](repeating: false, count: width)
        for column in degreesPerSecond { degrees[column] = true }

        /// Row `index` as step 1 sees it: its values into `row`, its timestamp (s) returned.
        func read(_ index: Int) -> Double {
            for column in 0..<width {
                let value = mapped.columns[column][index]
                row[column] = degrees[column] ? value * Float.pi / 180 : value
            }
            let time = mapped.timestamps[index]
            return timeFactor.map { time * $0 } ?? time
        }
        /// Why step 1 drops the row just read: the column (0 the timestamp, else 1 + its index), the value and
        /// whether it is non-finite (else out of range); `nil` to keep it.
        func dropReason(_ time: Double) -> (column: Int, value: Double, nonFinite: Bool)? {
            guard time.isFinite else { return (0, time, true) }
            for column in 0..<width {
                let (value, unknownAllowed) = (Double(row[column]), layout.nanMeansUnknown[column])
                if value.isNaN && unknownAllowed { continue }
                if !value.isFinite && !unknownAllowed { return (column + 1, value, true) }
                if abs(value) > Double(layout.limits[column]) { return (column + 1, value, false) }
            }
            return nil
        }

        // Pass 1: steps 1 and 2 counted (first rows named by their source lines, as the in-memory steps name them).
        var nonFinite: (count: Int, first: (row: Int, column: Int)?) = (0, nil)
        var outOfRange: (count: Int, first: (row: Int, column: Int, value: Double)?) = (0, nil)
        var backwards: (count: Int, first: (place: SourcePlace, time: Double, after: Double)?) = (0, nil)
        var previous: Double? = nil
        mapped.chunks(chunkRows) { rows in
            for index in rows {
                let time = read(index)
                if let reason = dropReason(time) {
                    if reason.nonFinite {
                        nonFinite.count += 1
                        if nonFinite.first == nil { nonFinite.first = (index, reason.column) }
                    } else {
                        outOfRange.count += 1
                        if outOfRange.first == nil { outOfRange.first = (index, reason.column, reason.value) }
                    }
                    continue
                }
                if let previous, time < previous {
                    backwards.count += 1
                    if backwards.first == nil { backwards.first = (Self.place(line: mapped.lines[index]), time, previous) }
                }
                previous = time
            }
        }
        if let (index, column) = nonFinite.first {
            findings.append(nonFiniteFinding(
                count: nonFinite.count, at: Self.place(line: mapped.lines[index]),
                column: column == 0 ? "timestamp" : layout.allNames[column - 1]))
        }
        if let (index, column, value) = outOfRange.first {
            findings.append(outOfRangeFinding(
                count: outOfRange.count, at: Self.place(line: mapped.lines[index]), column: layout.allNames[column - 1],
                limit: layout.limitText(column - 1), value: layout.valueText(column - 1, value)))
        }
        if let (place, time, after) = backwards.first {
            findings.append(backwardsFinding(count: backwards.count, at: place, time: time, after: after))
        }

        // Pass 2: the kept rows through the sort window (when step 2 found disorder) and the duplicate check, written
        // back from the start of the mapping.
        let window = backwards.count > 0 ? SortWindow(capacity: sortWindow, width: width) : nil
        let sortedRow = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(width, 1))
        let previousRow = UnsafeMutableBufferPointer<Float>.allocate(capacity: max(width, 1))
        defer {
            sortedRow.deallocate()
            previousRow.deallocate()
        }
        var write = 0
        var sorted = 0
        var last: (time: Double, arrival: Int) = (0, 0)
        var outOfOrder = false
        var duplicateRows: (count: Int, first: SourcePlace?) = (0, nil)
        var duplicateTimes: (count: Int, first: (place: SourcePlace, time: Double)?) = (0, nil)
        /// Takes the next row in sorted order (`values` its columns): step 3, then written at `write` unless dropped.
        func emit(_ time: Double, _ arrival: Int, _ line: UInt32, _ values: UnsafeBufferPointer<Float>) {
            var duplicate = false
            if sorted > 0 {
                if time < last.time || (time == last.time && arrival < last.arrival) {
                    outOfOrder = true
                } else if time == last.time {
                    duplicate = (0..<width).allSatisfy { column in
                        values[column] == previousRow[column]
                            || (layout.nanMeansUnknown[column] && values[column].isNaN && previousRow[column].isNaN)
                    }
                    if duplicate {
                        duplicateRows.count += 1
                        if duplicateRows.first == nil { duplicateRows.first = Self.place(line: line) }
                    } else {
                        duplicateTimes.count += 1
                        if duplicateTimes.first == nil { duplicateTimes.first = (Self.place(line: line), time) }
                    }
                }
            }
            last = (time, arrival)
            for column in 0..<width { previousRow[column] = values[column] }
            sorted += 1
            guard !duplicate else { return }
            mapped.timestamps[write] = time
            mapped.lines[write] = line
            for column in 0..<width { mapped.columns[column][write] = values[column] }
            write += 1
        }
        // The source's batch ends follow the rows dropped, as ``StreamColumns/compact(keep:lines:batchEnds:)`` moves
        // them in memory: each end becomes the count of rows kept before it, and batches left empty go. Rows put back
        // in time order lose them (as in memory: the stream is then cut at whole seconds).
        let givenEnds = window == nil ? batchEnds ?? [] : []
        var (nextEnd, keptEnds) = (0, [Int]())
        func passEnds(upTo index: Int) {
            while nextEnd < givenEnds.count && givenEnds[nextEnd] <= index {
                if write > (keptEnds.last ?? 0) { keptEnds.append(write) }
                nextEnd += 1
            }
        }
        var arrival = 0
        // Pages are released a chunk behind as well (as in ``MappedStream/chunks(_:_:)``), for the read rows and the
        // written ones: a page straddling two chunks goes once both are done.
        var (previousRead, previousWritten) = (0, 0)
        for start in stride(from: 0, to: mapped.count, by: chunkRows) {
            let rows = start..<min(mapped.count, start + chunkRows)
            let writtenBefore = write
            for index in rows {
                passEnds(upTo: index)
                let time = read(index)
                guard dropReason(time) == nil else { continue }
                // Written rows trail the rows read (at most one per row read), so no row is overwritten unread.
                if let window {
                    window.push(time: time, arrival: arrival, line: mapped.lines[index], row: UnsafeBufferPointer(row))
                    if window.isOverfull {
                        let (time, arrival, line) = window.pop(into: sortedRow)
                        emit(time, arrival, line, UnsafeBufferPointer(sortedRow))
                    }
                } else {
                    emit(time, arrival, mapped.lines[index], UnsafeBufferPointer(row))
                }
                arrival += 1
            }
            mapped.release(previousRead..<rows.upperBound)
            mapped.release(previousWritten..<write)
            (previousRead, previousWritten) = (rows.lowerBound, writtenBefore)
        }
        if let window {
            while window.count > 0 {
                let (time, arrival, line) = window.pop(into: sortedRow)
                emit(time, arrival, line, UnsafeBufferPointer(sortedRow))
            }
        }
        mapped.release(0..<mapped.count)
        if outOfOrder { return nil }
        passEnds(upTo: mapped.count)
        if batchEnds != nil { batchEnds = window == nil ? keptEnds : nil }
        if let place = duplicateRows.first {
            findings.append(duplicateRowsFinding(count: duplicateRows.count, at: place))
        }
        // Timestamps too coarse to use: the stream is dropped, which the caller does in memory.
        if Self.timestampsTooCoarse(duplicateTimes: duplicateTimes.count, kept: write) { return nil }
        if let (place, time) = duplicateTimes.first {
            let resolution = TimestampResolution(count: write) { mapped.timestamps[$0] }
            findings.append(duplicateTimestampsFinding(
                count: duplicateTimes.count, of: write, at: place, time: time, coarse: false, resolution: resolution))
        }
        return write
    }
}
