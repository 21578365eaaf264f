import Foundation

/// Opening a long Sensor Logger export (a directory, a zip, or one of its CSV files) in bounded memory: each
/// high-rate file (WristMotion, the accelerometer file, Gravity, Gyroscope, GyroscopeUncalibrated,
/// MagnetometerUncalibrated: 50–800 Hz; a zip's members first inflated into temporary files, ``ExportText``) is parsed in chunks into a ``TextSpill`` as written (times as read, values as `Float`). The whole-column
/// decisions are then taken exactly as ``read(files:)`` takes them, from the same values read back from the spill:
/// the time origin from each file's first row, the standardisation from the median |gravity| of the same evenly
/// spread rows, the attitude convention from the same 200 rows, the accelerometer's meaning from its median |a|.
/// The native streams are written from the parsed columns `chunkRows` rows at a time (times in s from the origin,
/// the units and sign conversions, Accelerometer + nearest Gravity sample, phone device motion as Gravity + nearest
/// Gyroscope sample), then checked and repaired in place and served memory-mapped
/// (``TextSpill/checkedRecording(_:slower:gyroscopeFile:chunkRows:)``). The slower files (Metadata, barometer,
/// location, pedometer, activity, headphone motion) are read into memory as ``read(files:)`` reads them.
extension SensorLogger {
    /// The files parsed into the spill (their size decides whether to spill); every other file stays in memory.
    static let spilledFileNames: Set<String> = [
        "WristMotion.csv", "WatchAccelerometerUncalibrated.csv", "AccelerometerUncalibrated.csv", "Accelerometer.csv",
        "Gravity.csv", "Gyroscope.csv", "GyroscopeUncalibrated.csv", "MagnetometerUncalibrated.csv",
    ]

    /// `url` (an export directory, zip or one Sensor Logger CSV) opened through a spill, or `nil` when it is imported
    /// into memory instead, as it always was: when its high-rate files hold fewer than `threshold` bytes; when one of
    /// them is empty or has no rows, or WristMotion lacks part of a column group; when a repair cannot be
    /// made in place; or when the temporary file cannot be written. A malformed file throws the in-memory import's
    /// error. `directory` is where the spill goes (the temporary directory when `nil`); rows are parsed and written
    /// `chunkRows` at a time (any value gives the same result).
    static func openSpilled(
        _ url: URL, spillAbove threshold: Int, directory: String? = nil, chunkRows: Int = InterchangeCSV.spillChunkRows
    ) throws(RecordingError) -> NativeRecordingFile? {
        guard let export = try exportFiles(url) else { return nil }
        let chunkRows = max(chunkRows, 1)
        let accelerometerName = accelerometerFileNames.first { export.names.contains($0) }
        let names = ["WristMotion.csv", accelerometerName, "Gravity.csv", "Gyroscope.csv", "GyroscopeUncalibrated.csv",
                     "MagnetometerUncalibrated.csv"].compactMap { $0 }.filter { export.names.contains($0) }
        let sizes = names.map { export.size($0) }
        guard export.names.contains("WristMotion.csv") || accelerometerName != nil, !sizes.contains(0),
            sizes.reduce(0, +) >= threshold
        else { return nil }
        do {
            // The slower files whole in memory, and of the rest only their heads: the time column is chosen from the
            // heads of all.
            let read = try export.read()
            // Texts a spreadsheet saved with semicolons, tabs or quotes read as plain CSV (the parsed files' own
            // rewrites are reported by their tables).
            let (slowerFiles, slowerLayouts) = try spreadsheetNormalized(read.slower, headOnly: [])
            let heads = slowerFiles.merging(try spreadsheetNormalized(read.heads, headOnly: Set(read.heads.keys)).files) { first, _ in first }
            var slower = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.sensorLogger.name))
            var standardised: Bool? = nil
            if let (data, _) = slowerFiles["Metadata.csv"] {
                let info = readMetadata(data)
                slower.metadata.device = info.device
                standardised = info.standardised
            }
            let clock = try TimeColumn.choose(heads)
            if let finding = clock.finding { slower.findings.append(finding) }

            let spill = try TextSpill(for: url.path, directory: directory)
            var tables: [String: SpilledTable] = [:]
            for (index, name) in names.enumerated() {
                let requests = name == "WristMotion.csv" ? wristMotionRequests(clock) : tripleRequests(clock)
                // One text at a time: a zip member is inflated only now, its temporary file gives back the disk
                // behind the parser, and it goes once parsed, so the disk holds one member's text at the most.
                tables[name] = try SpilledTable(
                    try export.text(name, directory: directory), prefix: "sensor_logger\(index)_", requests: requests,
                    into: spill, chunkRows: chunkRows)
            }
            guard tables.values.allSatisfy({ $0.count > 0 }) else { return nil }
            slower.findings += (slowerLayouts + names.compactMap { tables[$0]!.layoutFinding }).sorted(by: fileOrder)
            slower.findings += names.compactMap { tables[$0]!.droppedLastLine }

            var firstTimes: [Int64] = []
            for name in names { firstTimes.append(NumericCSVReader.integer(try spill.element(tables[name]!.prefix + "time", at: 0, as: Double.self))) }
            let origin = clock.isElapsed ? 0 : firstTimes.min()! / 1_000_000_000 * 1_000_000_000
            if !clock.isElapsed { slower.metadata.startDate = Date(timeIntervalSince1970: Double(origin / 1_000_000_000)) }
            let writer = SpillWriter(spill: spill, chunkRows: chunkRows, isElapsed: clock.isElapsed, origin: origin)

            var streams: [TextSpill.SpilledStream] = []
            var deviceMotion: TextSpill.SpilledStream? = nil
            if let motion = tables["WristMotion.csv"] {
                guard let findings = try writer.writeWristMotion(motion, standardised: standardised) else { return nil }
                slower.findings += findings
                deviceMotion = (.deviceMotion, motion.file, [], nil)
            }
            if let accelerometerName, let table = tables[accelerometerName] {
                let median = try writer.medianMagnitude(table, columns: [1, 2, 3]) ?? 0
                let (plan, finding) = accelerometerPlan(
                    median: median, isCalibrated: accelerometerName == "Accelerometer.csv", standardised: standardised,
                    hasGravity: tables["Gravity.csv"] != nil, file: table.file)
                if let finding { slower.findings.append(finding) }
                switch plan {
                case .addGravity:
                    try writer.writeSum(table, plus: tables["Gravity.csv"]!, scale: PhoneTables.toG(standardised: standardised))
                    streams.append((.accelerometer, table.file, [], nil))
                case .userAccelerationOnly: break
                case .scale(let scale):
                    try writer.writeTriples(table, as: .accelerometer, scale: scale)
                    streams.append((.accelerometer, table.file, [], nil))
                }
            }
            let (gravity, gyroscope) = (tables["Gravity.csv"], tables["Gyroscope.csv"])
            if deviceMotion == nil, let gravity, let gyroscope {
                try writer.writeDeviceMotion(gravity: gravity, rotationRate: gyroscope, scale: PhoneTables.toG(standardised: standardised))
                slower.metadata.deviceMotionSource = "core-motion-gravity"
                deviceMotion = (.deviceMotion, gravity.file, [], nil)
            }
            if let deviceMotion { streams.append(deviceMotion) }
            var gyroscopeFile: String? = nil
            if let raw = tables["GyroscopeUncalibrated.csv"] ?? (gravity == nil ? gyroscope : nil) {
                try writer.writeTriples(raw, as: .gyroscope, scale: 1)
                streams.append((.gyroscope, raw.file, [], nil))
                gyroscopeFile = raw.file
            }
            if let raw = tables["MagnetometerUncalibrated.csv"] {
                try writer.writeTriples(raw, as: .magnetometer, scale: 1)
                streams.append((.magnetometer, raw.file, [], nil))
            }
            // What no write used up (a table only matched against, or not needed) goes before the checks.
            for table in tables.values { table.release(in: spill, rowsBelow: table.count) }
            try addWorkoutStreams(
                slowerFiles, clock: clock, origin: origin, standardised: standardised,
                isWatch: export.names.contains("WristMotion.csv") || export.names.contains("WatchAccelerometerUncalibrated.csv"),
                into: &slower)
            return try spill.checkedRecording(streams, slower: slower, gyroscopeFile: gyroscopeFile, chunkRows: chunkRows)
        } catch {
            if case .cannotWrite = error { return nil }
            throw error
        }
    }

    /// The files of an export as ``read(_:)`` finds them (by base name): in a directory, or members of a zip, or
    /// one CSV on its own.
    struct ExportFiles {
        var paths: [String: URL] = [:]
        var archive: (zip: ZipArchive, url: URL, members: [String: ZipArchive.Entry])? = nil

        var names: Set<String> { Set(paths.keys).union(archive.map { Set($0.members.keys) } ?? []) }

        /// The size of the file `name`'s text, bytes.
        func size(_ name: String) -> Int {
            if let entry = archive?.members[name] { return entry.method == 0 ? entry.compressedSize : entry.uncompressedSize }
            return paths[name].flatMap { try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int } ?? 0
        }

        /// The slower streams and Metadata.csv, read whole; and the heads (``TimeColumn/headBytes``) of every other
        /// file, from which the time column is chosen: of a zip member, inflated no further (the files parsed are
        /// opened one at a time by ``text(_:directory:)``).
        func read() throws(RecordingError) -> (slower: Files, heads: Files) {
            var (slower, heads): (Files, Files) = ([:], [:])
            let inMemory = workoutFileNames.union(["Metadata.csv"])
            for (name, url) in paths {
                if inMemory.contains(name) {
                    do { slower[name] = (try Data(contentsOf: url, options: .alwaysMapped), url.path) } catch {
                        throw .unreadable(file: url.path, reason: describeFileError(error))
                    }
                } else {
                    heads[name] = (try RecordingImporter.prefix(url, count: TimeColumn.headBytes), url.path)
                }
            }
            if let (zip, _, members) = archive {
                for entry in zip.entries {
                    let name = (entry.name as NSString).lastPathComponent
                    guard let member = members[name], member.localHeaderOffset == entry.localHeaderOffset else { continue }
                    if inMemory.contains(name) {
                        slower[name] = (try zip.contents(of: entry), zip.file + "/" + entry.name)
                    } else {
                        heads[name] = (try zip.head(of: entry, count: TimeColumn.headBytes), zip.file + "/" + entry.name)
                    }
                }
            }
            return (slower, heads)
        }

        /// The text of the file `name` to parse: a file mapped, or a zip member inflated into a temporary file in
        /// `directory` (``ExportText``), which goes when the text does.
        func text(_ name: String, directory: String?) throws(RecordingError) -> ExportText {
            if let (zip, url, members) = archive, let entry = members[name] {
                return try ExportText(entry, of: zip, input: try MappedFile(url), directory: directory)
                    .spreadsheetRewritten(directory: directory)
            }
            guard let url = paths[name] else { preconditionFailure("SensorLogger: no file \(name) in the export") }
            return try ExportText(url)
        }
    }

    /// The files of `url` (a directory, a zip or one CSV), or `nil` for anything else.
    private static func exportFiles(_ url: URL) throws(RecordingError) -> ExportFiles? {
        var export = ExportFiles()
        switch FileKind.of(url.path) {
        case .directory:
            for name in knownFileNames {
                let file = url.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                try FileKind.requireReadableFile(file.path)
                export.paths[name] = file
            }
        case .regularFile:
            let head = try RecordingImporter.prefix(url, count: 65536)
            if head.starts(with: [0x50, 0x4B]) {
                let archive = try ZipArchive(url)
                var members: [String: ZipArchive.Entry] = [:]
                for entry in archive.entries {
                    let base = (entry.name as NSString).lastPathComponent
                    guard knownFileNames.contains(base), !entry.name.hasPrefix("__MACOSX") else { continue }
                    members[base] = entry
                }
                export.archive = (archive, url, members)
            } else {
                let name = url.lastPathComponent
                export.paths[knownFileNames.contains(name) ? name : try guessRole(head, file: url.path)] = url
            }
        default:
            return nil
        }
        return export
    }

    /// A high-rate file parsed into the spill as written: `<prefix>time` (the time column's 8-byte slots, as
    /// ``NamedColumnCSV`` holds them), `<prefix>line` (source lines) and `<prefix><n>` (request n's values as
    /// `Float`), none of them an array of the recording.
    struct SpilledTable {
        var prefix: String
        var file: String
        var count: Int
        /// Which requests (by index; 0 is the time) the header has.
        var found: [Bool]
        var droppedLastLine: HygieneFinding?
        /// How a spreadsheet's layout was read (``SpreadsheetText``), if it was.
        var layoutFinding: HygieneFinding?

        init(
            _ text: ExportText, prefix: String, requests: [NamedColumnCSV.Request], into spill: TextSpill, chunkRows: Int
        ) throws(RecordingError) {
            // A row holds as many fields as the header, so at least that many bytes (commas and a line end): an
            // upper bound of the rows (1 field when the header quotes its names, whose commas may not separate).
            let headerLine = text.bytes.prefix { $0 != 0x0A }
            let fields = headerLine.contains(0x22) ? 1 : headerLine.count { $0 == 0x2C } + 1
            spill.reserve(
                [(prefix + "time", 8, nil), (prefix + "line", 4, nil)]
                    + (1..<requests.count).map { (prefix + "\($0)", 4, nil) },
                capacity: text.count / fields + 1)
            let layout = try NamedColumnCSV.parse(
                bytes: text.bytes, file: text.file, requests: requests, mapping: text.mapping, chunkRows: max(chunkRows, 1)
            ) { part throws(RecordingError) in
                try spill.append(prefix + "time", part.columns[0])
                try spill.append(prefix + "line", part.lines)
                for index in 1..<requests.count where !part.columns[index].isEmpty {
                    try spill.append(prefix + "\(index)", part.columns[index].map { Float($0) })
                }
            }
            self.prefix = prefix
            file = text.file
            count = spill.regions[prefix + "time"]!.count
            found = layout.found
            droppedLastLine = layout.droppedLastLine
            layoutFinding = text.mapping.layoutFinding
        }

        /// Gives back the disk space of rows below `row` of every column (``TextSpill/release(_:rowsBelow:)``).
        func release(in spill: TextSpill, rowsBelow row: Int) {
            for name in [prefix + "time", prefix + "line"] + (1..<found.count).map({ prefix + "\($0)" }) {
                spill.release(name, rowsBelow: row)
            }
        }
    }
}
