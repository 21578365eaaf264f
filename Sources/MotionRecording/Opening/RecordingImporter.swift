import Foundation

/// Turns a file or directory into one checked ``Recording``: the entry point of every importer.
///
/// ```swift
/// let recording = try RecordingImporter.load(URL(fileURLWithPath: "forehand-accelerometer.csv"))
/// let rotation = try RecordingImporter.load(url, format: .rawBatchedDump(stream: .deviceMotion))
/// ```
///
/// Detection when `format` is `nil`, from the contents:
/// - directory: `accelerometer.csv`/`device_motion.csv` with the interchange header → interchange CSV;
///   `WristMotion.csv`, `Accelerometer.csv`, `WatchAccelerometerUncalibrated.csv` or `Metadata.csv` → Sensor Logger;
///   otherwise headerless `*accel*`/`*rotation*`/`*motion*`/`*gyro*` files → raw dumps;
/// - file starting with a zip signature: `.npy` members → native; Sensor Logger CSV members → Sensor Logger;
/// - text file: interchange header → that one stream; SensorLog header → SensorLog; Sensor Logger header → that
///   one Sensor Logger file; numeric first line → raw dump of one stream.
///
/// Every import runs ``HygieneChecker``; its findings are in ``Recording/hygiene``.
public enum RecordingImporter {
    /// Loads `url` as `format`, or as detected from its contents when `format` is `nil`.
    public static func load(_ url: URL, format: RecordingFormat? = nil) throws(RecordingError) -> Recording {
        let resolved: RecordingFormat
        if let format { resolved = format } else { resolved = try detectFormat(url) }
        if case .native = resolved { return try NativeFormat.read(url) }
        let recording = try importRaw(url, format: resolved).finished()
        if recording.accelerometer == nil && recording.deviceMotion == nil && recording.gyroscope == nil
            && recording.magnetometer == nil
        {
            var files: [String] = []
            for file in recording.hygiene.findings(ofKind: .empty).compactMap(\.file) where !files.contains(file) {
                files.append(file)
            }
            // What dropped the rows, when something did (not a header-only file): the first such findings, which
            // name file and line.
            let dropping: [HygieneFinding.Kind] = [.nan, .outOfRange, .duplicateRows, .duplicateTimestamps, .truncated]
            let why = recording.hygiene.findings.filter { finding in dropping.contains { $0.rawValue == finding.kind } }
                .prefix(2).map(\.description)
            throw .malformed(
                file: url.path, line: nil, column: nil, columnName: nil,
                reason: "no samples (header only, or every row dropped)\(files.isEmpty ? "" : ": " + files.joined(separator: ", "))"
                    + (why.isEmpty ? "" : "; " + why.joined(separator: "; ")))
        }
        return recording
    }

    /// The format `load` would use for `url`.
    public static func detectFormat(_ url: URL) throws(RecordingError) -> RecordingFormat {
        switch FileKind.of(url.path) {
        case .directory:
            try FileKind.requireReadableDirectory(url.path)
            return try detectDirectoryFormat(url)
        case .regularFile: return try detectFileFormat(url)
        case .special, .missing:
            try FileKind.requireReadableFile(url.path)  // throws: names the FIFO, device or missing path
            return try detectFileFormat(url)
        }
    }

    static func importRaw(_ url: URL, format: RecordingFormat) throws(RecordingError) -> ImportedRecording {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .unreadable(file: url.path, reason: "no such file or directory")
        }
        switch format {
        case .interchangeCSV:
            if isDirectory.boolValue { return try InterchangeCSV.read(directory: url) }
            return try readInterchangeFile(url)
        case .rawBatchedDump(let stream):
            if isDirectory.boolValue {
                if stream != nil {
                    throw .unrecognizedFormat(
                        file: url.path, reason: "a stream can only be forced for a single dump file, not a directory")
                }
                return try RawBatchedDump.read(directory: url)
            }
            return try RawBatchedDump.read(file: url, stream: stream)
        case .sensorLogger:
            return try SensorLogger.read(url)
        case .sensorLog:
            return try SensorLog.read(url)
        case .columnMapped(let map):
            return try ColumnMappedCSV.read(url, map: map)
        case .native:
            // `load` reads native files without the hygiene pass (checked when written); never imported raw.
            preconditionFailure("RecordingImporter.importRaw: native files are opened by NativeFormat")
        }
    }

    /// An interchange stream file given on its own: its header says which stream it is.
    static func readInterchangeFile(_ url: URL) throws(RecordingError) -> ImportedRecording {
        let header = try firstLine(url)
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.interchangeCSV.name))
        if InterchangeCSV.isDeviceMotionHeader(header) {
            imported.deviceMotion = try InterchangeCSV.readDeviceMotion(url)
        } else {
            imported.accelerometer = try InterchangeCSV.readAccelerometer(url)
        }
        return imported
    }

    /// True when `names` (a directory's entries) hold exactly one raw accelerometer dump and one raw device-motion
    /// dump (`watch-accelerometer.csv` + `watch-rotation.csv`): the two streams of one recording.
    public static func isRawDumpPair(names: [String]) -> Bool {
        let dumps = names.filter { $0.hasSuffix(".csv") || $0.hasSuffix(".txt") }.compactMap(RawBatchedDump.streamFromName)
        return dumps.count == 2 && Set(dumps).count == 2
    }

    static func detectDirectoryFormat(_ url: URL) throws(RecordingError) -> RecordingFormat {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: url.path) } catch {
            throw .unreadable(file: url.path, reason: describeFileError(error))
        }
        let nameSet = Set(names)
        for name in [InterchangeCSV.accelerometerFileName, InterchangeCSV.deviceMotionFileName] where nameSet.contains(name) {
            let file = url.appendingPathComponent(name)
            let header = try firstLine(file)
            // A `timestamp` column anywhere: the columns are found by name (pandas' row index or a spreadsheet's
            // extra columns before it are ignored and reported), and a missing one is named by the reader.
            if header.hasPrefix("timestamp,") || header.isEmpty || headerNames(header).contains("timestamp") {
                return .interchangeCSV
            }
            // The interchange names with a data row first: the header row is missing (read as a raw dump, these
            // would lose their batch boundaries and units).
            if let first = header.split(separator: ",").first, Double(first.trimmingCharacters(in: .whitespaces)) != nil {
                let expected = name == InterchangeCSV.accelerometerFileName
                    ? InterchangeCSV.accelerometerHeader : InterchangeCSV.deviceMotionHeader
                throw .malformed(
                    file: file.path, line: 1, column: nil, columnName: nil,
                    reason: "the header row is missing: line 1 is data; an interchange CSV file starts with \"\(expected.joined(separator: ","))\"")
            }
        }
        if !nameSet.isDisjoint(with: SensorLogger.knownFileNames) { return .sensorLogger }
        if names.contains(where: { RawBatchedDump.streamFromName($0) != nil && ($0.hasSuffix(".csv") || $0.hasSuffix(".txt")) }) {
            return .rawBatchedDump(stream: nil)
        }
        throw .unrecognizedFormat(
            file: url.path,
            reason: "directory holds no interchange CSV (accelerometer.csv, device_motion.csv), Sensor Logger (WristMotion.csv, …) or raw dump (*accel*.csv, *rotation*.csv) files")
    }

    static func detectFileFormat(_ url: URL) throws(RecordingError) -> RecordingFormat {
        let head = try prefix(url, count: 4096)
        if head.isEmpty {
            throw .malformed(file: url.path, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            let archive = try ZipArchive(url)
            if archive.entries.contains(where: { $0.name.hasSuffix(".npy") }) {
                // A numpy archive of other arrays: named for what it holds, not read as a broken recording.
                if let holds = NonRecordingArchive.reason(members: archive.entries.map(\.name)) {
                    throw .unrecognizedFormat(file: url.path, reason: "not a recording: \(holds)")
                }
                return .native
            }
            if archive.entries.contains(where: { SensorLogger.knownFileNames.contains(($0.name as NSString).lastPathComponent) }) {
                return .sensorLogger
            }
            if let holds = NonRecordingArchive.reason(members: archive.entries.map(\.name)) {
                throw .unrecognizedFormat(file: url.path, reason: "not a recording: \(holds)")
            }
            let listed = archive.entries.prefix(5).map(\.name).joined(separator: ", ")
            throw .unrecognizedFormat(
                file: url.path,
                reason: "zip archive is neither a native .npz (no .npy members) nor a Sensor Logger export (no WristMotion.csv, Accelerometer.csv, …); members: \(listed.isEmpty ? "none" : listed)")
        }
        if let reason = notTheFile(head, named: url) { throw .unrecognizedFormat(file: url.path, reason: reason) }
        let binary = try withBytes(head) { bytes throws(RecordingError) in
            let scanner = CSVScanner(bytes)
            // UTF-16 with a byte-order mark is read (``UTF16Text``); detected from its UTF-8 first line below.
            guard scanner.looksBinary(), UTF16Text.isBigEndian(bytes) == nil else { return String?.none }
            return scanner.looksUTF16()
                ? scanner.binaryDescription() : "binary data that is neither a zip/npz archive nor CSV text"
        }
        if let binary { throw .unrecognizedFormat(file: url.path, reason: binary) }
        let header = try firstLine(url)
        if isInterchangeHeader(header) { return .interchangeCSV }
        if header.contains("accelerometerTimestamp_sinceReboot") || header.contains("motionTimestamp_sinceReboot")
            || header.hasPrefix("loggingTime")
        {
            return .sensorLog
        }
        if header.hasPrefix("time,seconds_elapsed") { return .sensorLogger }
        // A numeric first line as its reader reads it: a spreadsheet's save rewritten (``SpreadsheetText``).
        let text = try SpreadsheetText.normalized(head, file: url.path).0
        if try withBytes(text, { bytes throws(RecordingError) in RawBatchedDump.looksLikeRawDump(bytes) }) {
            return .rawBatchedDump(stream: nil)
        }
        if header.isEmpty {
            throw .malformed(file: url.path, line: nil, column: nil, columnName: nil, reason: "no data (only blank lines)")
        }
        // A generic IMU CSV whose header names its columns; throws the map to give when it cannot tell.
        if try ColumnDetection.recognizes(url) { return .columnMapped(nil) }
        throw .unrecognizedFormat(
            file: url.path,
            reason: "line 1 \"\(header.prefix(60))\" is no known header (interchange CSV, SensorLog, Sensor Logger) and not a raw timestamp,x,y,z dump row")
    }

    /// Why a file that does not start as a zip archive (`head`, its first bytes) cannot be the recording it is named
    /// as: a Git LFS pointer (a repository cloned without `git lfs pull`), or a `.zip`/`.npz` name on other contents
    /// (an HTML error page saved by a download, a renamed file); `nil` otherwise.
    static func notTheFile(_ head: Data, named url: URL) -> String? {
        if head.starts(with: Array("version https://git-lfs.github.com/spec/".utf8)) {
            return "a Git LFS pointer file, not the recording itself: fetch the contents with 'git lfs pull'"
        }
        let fileExtension = url.pathExtension.lowercased()
        // JSON (a recording's metadata.json or truth.json, an analyzer configuration) is not a table of samples: said
        // so, instead of a column map guessed from its first lines.
        if fileExtension == "json" || head.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "{") {
            return "JSON text, not a recording (a recording is a table of samples, a folder of them, a .zip or a .npz; "
                + "metadata.json and truth.json belong in a recording's folder)"
        }
        guard fileExtension == "zip" || fileExtension == "npz" else { return nil }
        let start = head.prefix(24).map { (0x20..<0x7F).contains($0) ? String(UnicodeScalar($0)) : "." }.joined()
        return "named .\(fileExtension) but not a zip archive (a zip file starts with \"PK\", this one with \"\(start)\")"
    }

    /// An interchange stream header: `timestamp,` then one of the layout's column groups, or every column of the
    /// accelerometer's or device motion's layout in any order among other columns (a generic `timestamp,ax,ay,az`
    /// file is read through a column map instead).
    static func isInterchangeHeader(_ header: String) -> Bool {
        let names = Set(headerNames(header))
        if InterchangeCSV.accelerometerHeader.allSatisfy(names.contains) || InterchangeCSV.deviceMotionHeader.allSatisfy(names.contains) {
            return true
        }
        guard header.hasPrefix("timestamp,") else { return false }
        let next = header.dropFirst("timestamp,".count)
        return ["acceleration_", "attitude_", "gravity_", "user_acceleration_", "rotation_rate_", "magnetic_field_", "pressure"]
            .contains { next.hasPrefix($0) }
    }

    /// Rejects a header line whose fields are separated by semicolons or tabs rather than commas (a spreadsheet
    /// export in a locale with decimal commas, or a TSV), naming the separator: for text not opened through
    /// ``SpreadsheetText``, which reads those layouts.
    static func rejectOtherSeparators(_ header: String, file: String) throws(RecordingError) {
        guard !header.contains(",") else { return }
        for (separator, name) in [(";", "semicolons"), ("\t", "tabs")] where header.contains(separator) {
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "fields are separated by \(name), not commas: export the file as comma-separated CSV with decimal points")
        }
    }

    /// The header's field names as ``HeaderName`` keys (lowercased; blanks, quotes, a byte-order mark and a unit
    /// suffix removed), so that a spreadsheet's `Timestamp` or `acceleration_x (g)` is recognised as its reader
    /// finds it.
    static func headerNames(_ header: String) -> [String] {
        header.split(separator: ",", omittingEmptySubsequences: false).map { HeaderName(String($0)).key }
    }

    /// The first `count` bytes of a file.
    static func prefix(_ url: URL, count: Int) throws(RecordingError) -> Data {
        try FileKind.requireReadableFile(url.path)
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadable(file: url.path, reason: "cannot open: \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        do { return try handle.read(upToCount: count) ?? Data() } catch {
            throw .unreadable(file: url.path, reason: describeFileError(error))
        }
    }

    /// The first non-blank line of a text file (BOM and CR removed), at most 64 KiB into the file; in a
    /// spreadsheet's layout (semicolons, tabs, quotes), as its readers read it: comma separated, without quotes
    /// (``SpreadsheetText``).
    static func firstLine(_ url: URL) throws(RecordingError) -> String {
        let head = try SpreadsheetText.normalized(try prefix(url, count: 65536), file: url.path).0
        if head.contains(0x0D) && !head.contains(0x0A) && head.count > 1 {
            throw .malformed(
                file: url.path, line: 1, column: nil, columnName: nil,
                reason: "lines end with a lone carriage return (classic Mac OS line endings): save the file with LF or CRLF line endings")
        }
        return try withBytes(head) { bytes throws(RecordingError) in
            var scanner = CSVScanner(bytes)
            while let line = scanner.nextLine() {
                if scanner.isBlank(line) { continue }
                return String(decoding: scanner.slice(line), as: UTF8.self)
            }
            return ""
        }
    }
}
