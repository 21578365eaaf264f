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
            for index in start..<end {
                let t = value(time, index)
                guard t.isFinite else { return "\(prefix)timestamp[\(index)] is not finite" }
                guard t > previous else { return "\(prefix)timestamp[\(index)] does not increase" }
                previous = t
            }
            for column in columns {
                for index in start..<end {
                    let v = value(column, index)
                    guard v.isFinite, abs(v) <= Double(HygieneChecker.outOfRangeLimit) else {
                        return "a value at index \(index) is NaN, infinite or out of range"
                    }
                }
            }
            for info in [time] + columns {
                mapping.release(info.offset + start * info.dtype.size..<info.offset + end * info.dtype.size)
            }
            start = end
        }
        return nil
    }

    /// The samples checked and repaired by ``HygieneChecker`` as a text import is: findings name this file and the
    /// stream's arrays (sample indices, as no source lines exist), after any the file stored.
    func checkedRecording() throws(RecordingError) -> Recording {
        let whole = try recording()
        var imported = ImportedRecording(metadata: whole.metadata, findings: whole.hygiene.findings)
        if let accelerometer = whole.accelerometer {
            imported.accelerometer = ImportedStream(
                samples: accelerometer, lines: [], file: file + ": accelerometer_*",
                batchEnds: whole.accelerometerBatchEnds)
        }
        if let deviceMotion = whole.deviceMotion {
            imported.deviceMotion = ImportedStream(
                samples: deviceMotion, lines: [], file: file + ": device_motion_*",
                batchEnds: whole.deviceMotionBatchEnds)
        }
        return imported.finished()
    }
}
