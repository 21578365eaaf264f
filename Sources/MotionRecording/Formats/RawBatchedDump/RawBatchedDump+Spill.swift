import Foundation

/// Opening a long raw dump (or a directory of them) in bounded memory: each file is parsed in chunks into a
/// ``TextSpill`` (a temporary native file) under provisional column names, its stream decided from values read back
/// at the same evenly spread rows the in-memory import looks at, the columns renamed to that stream's native arrays,
/// and the whole checked and repaired there (``TextSpill/checkedRecording(_:slower:gyroscopeFile:chunkRows:)``) and
/// served memory-mapped. The batch ends (the empty lines) are kept as the in-memory import keeps them, so the
/// samples, batches, findings and summaries are the same.
extension RawBatchedDump {
    /// `url` (one dump, read as `stream` when given, or a directory of dumps) opened through a spill, or `nil` when
    /// it is imported into memory instead: when its dumps hold fewer than `threshold` bytes; when it is neither a
    /// regular file nor a directory (a zip); when it is forced to be a gyroscope or magnetometer; when a directory
    /// names a stream twice (the in-memory import's error); when a stream's samples go back in time further than the
    /// spill's sort window; or when the temporary file cannot be written. Rows needing repairs (time units,
    /// impossible values, time going backwards, repeated rows) are repaired in the spill, the batch ends moved with
    /// the rows dropped as in memory. A malformed file throws the in-memory import's error. Rows are parsed and checked `chunkRows` at a
    /// time (any value gives the same result).
    static func openSpilled(
        _ url: URL, stream requested: SensorStream?, spillAbove threshold: Int, directory: String? = nil,
        chunkRows: Int = InterchangeCSV.spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        let kind = FileKind.of(url.path)
        // A native file holds an accelerometer or device motion: a dump forced to the raw IMU stays in memory.
        guard kind == .regularFile || kind == .directory, requested != .gyroscope, requested != .magnetometer else {
            return nil
        }
        var files: [(url: URL, stream: SensorStream?)] = [(url, requested)]
        if kind == .directory {
            guard requested == nil, let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                return nil
            }
            files = names.sorted().filter { $0.hasSuffix(".csv") || $0.hasSuffix(".txt") }.compactMap { name in
                streamFromName(name).map { (url.appendingPathComponent(name), $0) }
            }
            let named = files.compactMap(\.stream)
            guard !files.isEmpty, Set(named).count == named.count else { return nil }
        } else if url.pathExtension.lowercased() == "zip" {
            return nil
        }
        let size = files.reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.url.path)[.size] as? Int) ?? 0)
        }
        guard size >= threshold else { return nil }
        do {
            let spill = try TextSpill(for: url.path, directory: directory)
            var slower = ImportedRecording(
                metadata: RecordingMetadata(sourceFormat: RecordingFormat.rawBatchedDump(stream: nil).name))
            var streams: [TextSpill.SpilledStream] = []
            for (index, file) in files.enumerated() {
                let spilled = try spillDump(
                    file.url, stream: file.stream, provisional: "dump\(index)_", into: spill,
                    findings: &slower.findings, chunkRows: max(chunkRows, 1))
                // A directory's streams are distinct by name; a single forced or decided stream is alone.
                if streams.contains(where: { $0.stream == spilled.stream }) { return nil }
                streams.append(spilled)
            }
            // The order HygieneChecker takes the streams in.
            let order: [HygieneStream] = [.accelerometer, .deviceMotion, .gyroscope, .magnetometer]
            streams.sort { order.firstIndex(of: $0.stream)! < order.firstIndex(of: $1.stream)! }
            return try spill.checkedRecording(
                streams, slower: slower, gyroscopeFile: streams.first { $0.stream == .gyroscope }?.file,
                chunkRows: max(chunkRows, 1))
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }

    /// Parses the dump `url` into `spill` under `provisional` column names, decides its stream as
    /// ``read(bytes:file:name:stream:)`` does (its findings appended to `findings`) and renames the columns to that
    /// stream's native arrays.
    private static func spillDump(
        _ url: URL, stream requested: SensorStream?, provisional: String, into spill: TextSpill,
        findings: inout [HygieneFinding], chunkRows: Int
    ) throws(RecordingError) -> TextSpill.SpilledStream {
        let text = try SpreadsheetText.open(url)
        if let layout = text.layoutFinding { findings.append(layout) }
        var fields = 0
        let parsed = try parse(bytes: text.bytes, file: url.path, mapping: text, chunkRows: chunkRows) {
            rows throws(RecordingError) in
            if fields == 0 {
                fields = rows.columns.count + 1
                // A row is at least one character per field and a separator or line end each: an upper bound.
                spill.reserve(
                    [(provisional + "timestamp", 8, .float64), (provisional + "line", 4, nil)]
                        + (0..<rows.columns.count).map { (provisional + "\($0)", 4, .float32) },
                    capacity: text.count / (2 * fields) + 1)
            }
            try spill.append(provisional + "timestamp", rows.timestamps)
            try spill.append(provisional + "line", rows.lines)
            for (index, column) in rows.columns.enumerated() { try spill.append(provisional + "\(index)", column) }
        }
        if let droppedLastLine = parsed.droppedLastLine { findings.append(droppedLastLine) }
        let count = spill.regions[provisional + "timestamp"]?.count ?? 0
        var readFailure: RecordingError? = nil
        let stream = try stream(
            fieldCount: parsed.fieldCount, requested: requested, name: url.lastPathComponent, file: url.path,
            findings: &findings
        ) {
            // The rows magnitudePercentiles looks at, read back from the spill.
            var magnitudes: [Double] = []
            for row in stride(from: 0, to: count, by: magnitudeSampleStep(count: count)) {
                do throws(RecordingError) {
                    let value = { (axis: Int) throws(RecordingError) in
                        try spill.element(provisional + "\(axis)", at: row, as: Float.self)
                    }
                    appendMagnitude(try value(0), try value(1), try value(2), to: &magnitudes)
                } catch {
                    readFailure = error
                    return nil
                }
            }
            return count == 0 ? nil : percentiles(&magnitudes, [0.05, 0.5])
        }
        if let readFailure { throw readFailure }
        let names: [String]
        let hygieneStream: HygieneStream
        switch stream {
        case .accelerometer: (hygieneStream, names) = (.accelerometer, ["x", "y", "z"])
        case .gyroscope: (hygieneStream, names) = (.gyroscope, ["x", "y", "z"])
        case .magnetometer: (hygieneStream, names) = (.magnetometer, ["x", "y", "z"])
        case .deviceMotion:
            (hygieneStream, names) = (.deviceMotion, deviceMotionColumns(fieldCount: parsed.fieldCount).map(\.name))
        }
        let prefix = hygieneStream.nativePrefix
        spill.rename(provisional + "timestamp", to: prefix + "timestamp")
        spill.rename(provisional + "line", to: prefix + "line")
        for (index, name) in names.enumerated() { spill.rename(provisional + "\(index)", to: prefix + name) }
        let batched = stream == .accelerometer || stream == .deviceMotion
        return (hygieneStream, url.path, [], batched ? parsed.batchEnds : nil)
    }
}
