/// A stream's columns where they lie in a memory mapping (a spill file), with the layout ``StreamColumns`` gives
/// the same stream (column names, units probe, saturation groups) and a way to hand rows' pages back to the kernel.
struct MappedStream {
    /// Timestamps, s.
    var timestamps: UnsafeBufferPointer<Double>
    /// The sample columns in ``StreamColumns`` order.
    var columns: [UnsafeBufferPointer<Float>]
    /// Names, units probe and saturation groups (its own columns are not read).
    var layout: StreamColumns
    /// Source line of each sample, 1-based.
    var lines: UnsafeBufferPointer<UInt32>
    /// Releases the pages holding rows `range` of every column (they are re-read if touched again).
    var release: (Range<Int>) -> Void
}

extension StreamRepairer {
    /// Rows read at a time by ``checkMapped(_:findings:)`` before their pages are released: 2 MiB of timestamps.
    static let mappedChunkRows = 1 << 18

    /// What ``run(_:batchEnds:findings:)`` finds and decides for a stream that its steps 0–4 leave unchanged, read
    /// where it is mapped in chunks of ``mappedChunkRows`` rows whose pages are released behind (so memory stays
    /// flat): the same findings (appended to `findings`), the same summary, and the batch ends it would set (`nil`:
    /// cut at whole seconds). Returns `nil` when a repair would change the samples — timestamps in other units,
    /// NaN or out-of-range values, times going backwards or repeated, m/s² — or the stream is empty (or a gyroscope,
    /// whose units check is not made here): the caller then checks the stream in memory.
    func checkMapped(
        _ mapped: MappedStream, chunkRows: Int = mappedChunkRows, findings: inout [HygieneFinding]
    ) -> (summary: StreamSummary, batchEnds: [Int]?)? {
        let (timestamps, count) = (mapped.timestamps, mapped.timestamps.count)
        guard count > 0, stream != .gyroscope else { return nil }
        var me = self
        me.mappedLines = mapped.lines
        let layout = mapped.layout
        let saturated = layout.saturationGroups.flatMap(\.0)
        func chunks(_ body: (Range<Int>) -> Void) {
            for start in stride(from: 0, to: count, by: chunkRows) {
                let rows = start..<min(count, start + chunkRows)
                body(rows)
                mapped.release(rows)
            }
        }
        func slice<T>(_ buffer: UnsafeBufferPointer<T>, _ rows: Range<Int>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(rebasing: buffer[rows])
        }

        // One pass over every column: what steps 0–4 test, the sampled spacings and magnitudes, the extremes of
        // the saturation columns and the whole-second batch ends.
        var plausible = true
        var increasing = true
        var spacings: [Double] = []
        var magnitudes: [Double] = []
        let magnitudeStep = RawBatchedDump.magnitudeSampleStep(count: count)
        var extremes = [(high: Float, low: Float, highCount: Int, lowCount: Int)?](repeating: nil, count: layout.columns.count)
        var cutter = WholeSecondBatchCutter(firstTimestamp: timestamps[0])
        chunks { rows in
            let times = slice(timestamps, rows)
            plausible = plausible && Self.allFinite(times)
                && mapped.columns.allSatisfy { Self.allWithinLimit(slice($0, rows), HygieneChecker.outOfRangeLimit) }
            increasing = increasing && Self.strictlyIncreasing(slice(timestamps, max(0, rows.lowerBound - 1)..<rows.upperBound))
            Self.appendSampledSpacings(timestamps, rows: rows, to: &spacings)
            if layout.unitProbe.count == 3 {
                let (x, y, z) = (mapped.columns[layout.unitProbe[0]], mapped.columns[layout.unitProbe[1]], mapped.columns[layout.unitProbe[2]])
                let first = (rows.lowerBound + magnitudeStep - 1) / magnitudeStep * magnitudeStep
                for row in stride(from: first, to: rows.upperBound, by: magnitudeStep) {
                    RawBatchedDump.appendMagnitude(x[row], y[row], z[row], to: &magnitudes)
                }
            }
            for index in saturated {
                extremes[index] = Self.joinedExtremes(extremes[index], Self.extremes(slice(mapped.columns[index], rows)))
            }
            cutter.scan(slice(timestamps, max(1, rows.lowerBound)..<rows.upperBound))
        }
        let medianSpacing = spacings.isEmpty ? 0 : Self.select(&spacings, rank: spacings.count / 2)
        if Self.timeUnit(medianSpacing: count >= 16 ? medianSpacing : 0) != nil || !plausible || !increasing {
            return nil
        }
        if let median = RawBatchedDump.percentiles(&magnitudes, [0.5])?[0], (7...13).contains(median) { return nil }

        // 5. Rate and gaps: a second pass over the timestamps once the median spacing is known.
        var gapRows: [Int] = []
        if medianSpacing > 0 {
            let threshold = HygieneChecker.gapFactor * medianSpacing
            chunks { rows in
                let from = max(0, rows.lowerBound - 1)
                gapRows += Self.gapRows(slice(timestamps, from..<rows.upperBound), threshold: threshold).map { from + $0 }
            }
        }
        let gaps = me.gaps(at: gapRows, timestamps: { timestamps[$0] }, medianSpacing: medianSpacing, findings: &findings)
        let wholeSeconds = cutter.finish().ends
        let batchEnds = gaps.isEmpty ? nil : Array(Set(wholeSeconds).union(gapRows)).sorted()

        // 6. Saturation: flat runs looked for (one more pass over that column) only where an extreme repeats.
        for (group, minimum, unit) in layout.saturationGroups {
            for index in group {
                findings += me.saturation(
                    of: layout.names[index], extremes[index], minimum: minimum, unit: unit
                ) { high, low in
                    var scanner = FlatRunScanner(high: high, low: low)
                    chunks { rows in scanner.scan(slice(mapped.columns[index], rows)) }
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
