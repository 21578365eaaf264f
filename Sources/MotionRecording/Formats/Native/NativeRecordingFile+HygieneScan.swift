import Foundation

/// Whether a mapped native file needs the hygiene checks and repairs the text importers run, found in one streaming
/// pass over its columns (pages released as they are scanned, so memory stays flat).
///
/// A file our writer produced was checked and repaired when written and carries that report: it stays mapped unless
/// the scan finds what a repair would change. A file written by another tool (no stored report) always gets the full
/// checks, so that it is described and repaired exactly as the same samples in a text file would be.
extension NativeRecordingFile {
    /// Why the samples must go through ``HygieneChecker`` before analysis, or `nil` when they can be streamed as
    /// stored: a non-finite or out-of-range value (`nan`, `out-of-range`), a timestamp not after the previous one
    /// (`non-monotonic`, duplicates), a median timestamp spacing over 0.5 s (ms, µs or ns units), a median
    /// |acceleration| or |gravity| of 5–20 (m/s² rather than g).
    func hygieneScan() -> String? {
        if !hasStoredHygiene { return "no stored hygiene report (written by another tool)" }
        if let reason = scanStream(
            prefix: "accelerometer_", count: accelerometerCount, magnitudeColumns: ["x", "y", "z"]) { return reason }
        return scanStream(
            prefix: "device_motion_", count: deviceMotionCount, magnitudeColumns: ["gravity_x", "gravity_y", "gravity_z"])
    }

    private func value(_ info: NpyArrayInfo, _ index: Int) -> Double {
        let base = mapping.base! + info.offset
        switch info.dtype {
        case .float64: return base.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
        case .float32: return Double(base.loadUnaligned(fromByteOffset: index * 4, as: Float.self))
        default: return 0
        }
    }

    private func scanStream(prefix: String, count: Int, magnitudeColumns: [String]) -> String? {
        guard count > 0, let time = arrays[prefix + "timestamp"], mapping.base != nil else { return nil }
        let columns = arrays.filter { $0.key.hasPrefix(prefix) && $0.key != prefix + "timestamp"
            && $0.key != prefix + "batch_ends" }.map(\.value)
        // Units: medians over the first seconds.
        let head = Swift.min(count, 4097)
        if head > 2 {
            var spacings = (1..<head).map { value(time, $0) - value(time, $0 - 1) }
            spacings.sort()
            if spacings[spacings.count / 2] > 0.5 { return "\(prefix)timestamp spacing suggests ms, µs or ns" }
        }
        let axes = magnitudeColumns.compactMap { arrays[prefix + $0] }
        if axes.count == 3 {
            var magnitudes = (0..<head).map { index in
                axes.reduce(0.0) { $0 + value($1, index) * value($1, index) }.squareRoot()
            }
            magnitudes.sort()
            let median = magnitudes[magnitudes.count / 2]
            if median >= 5 && median <= 20 { return "\(prefix) magnitudes suggest m/s²" }
        }
        // Every sample: finite, in range, time strictly increasing.
        let chunk = Swift.max(1, releaseChunkBytes / 8)
        var previous = -Double.infinity
        var start = 0
        while start < count {
            let end = Swift.min(count, start + chunk)
            if !timestampsIncrease(time, start..<end, after: &previous) {
                return "\(prefix)timestamp in \(start)..<\(end) is not finite or does not increase"
            }
            for column in columns where !valuesInRange(column, start..<end) {
                return "a value in \(start)..<\(end) is NaN, infinite or out of range"
            }
            for info in [time] + columns {
                mapping.release(info.offset + start * info.dtype.size..<info.offset + end * info.dtype.size)
            }
            start = end
        }
        return nil
    }

    /// True when every timestamp in `range` is finite and later than the one before (`previous` carries the last
    /// one across chunks). Branch-free over aligned `<f8` columns (as our writer stores them), so it vectorises.
    private func timestampsIncrease(_ info: NpyArrayInfo, _ range: Range<Int>, after previous: inout Double) -> Bool {
        let base = mapping.base! + info.offset
        guard info.dtype == .float64, Int(bitPattern: base) % 8 == 0 else {
            for index in range {
                let t = value(info, index)
                guard t.isFinite, t > previous else { return false }
                previous = t
            }
            return true
        }
        let t = base.assumingMemoryBound(to: Double.self)
        var ok = t[range.lowerBound] > previous && t[range.upperBound - 1] < .infinity
        for index in (range.lowerBound + 1)..<range.upperBound { ok = ok && t[index] > t[index - 1] }
        previous = t[range.upperBound - 1]
        return ok
    }

    /// True when every value in `range` has |v| ≤ ``HygieneChecker/outOfRangeLimit`` (NaN fails the comparison).
    private func valuesInRange(_ info: NpyArrayInfo, _ range: Range<Int>) -> Bool {
        let base = mapping.base! + info.offset
        let limit = HygieneChecker.outOfRangeLimit
        guard info.dtype == .float32, Int(bitPattern: base) % 4 == 0 else {
            return range.allSatisfy { abs(value(info, $0)) <= Double(limit) }
        }
        let values = UnsafeBufferPointer(start: base.assumingMemoryBound(to: Float.self) + range.lowerBound, count: range.count)
        var inRange = true
        for v in values { inRange = inRange && abs(v) <= limit }
        return inRange
    }

    /// The samples checked and repaired by ``HygieneChecker`` as a text import is: findings name this file and the
    /// stream's arrays (sample indices, as no source lines exist), after any the file stored.
    func checkedRecording() throws(RecordingError) -> Recording {
        let whole = try recording()
        return ImportedRecording(whole, findings: whole.hygiene.findings) { file + ": " + $0.nativePrefix + "*" }.finished()
    }
}
