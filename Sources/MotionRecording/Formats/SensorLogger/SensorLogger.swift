import Foundation

/// Reader for Sensor Logger (Kelvin Choi, tszheichoi.com/sensorlogger) exports: a directory or its `.zip`.
///
/// - `WristMotion.csv` (`time,seconds_elapsed,rotationRateX…Z,gravityX…Z,accelerationX…Z,quaternionW…Z,pitch,roll,yaw`)
///   → device motion: `acceleration*` is user acceleration; pitch/roll/yaw are not imported (attitude is the
///   quaternion).
/// - `WatchAccelerometerUncalibrated.csv`, else the phone's `AccelerometerUncalibrated.csv`, else `Accelerometer.csv`
///   (`time,seconds_elapsed,x,y,z` in any column order) → accelerometer. The calibrated `Accelerometer.csv` is always
///   m/s² and, on iOS, user acceleration without gravity: with `Gravity.csv` beside it the raw accelerometer is their
///   sum; without, it is reported and not imported.
/// - Phone exports (app 1.49+, Metadata.csv version 3): `Gravity.csv` + `Gyroscope.csv` (Core Motion's own fusion:
///   gravity m/s², bias-corrected rotation rate rad/s) → device motion with gravity and rotation rate
///   (``RecordingMetadata/deviceMotionSource`` "core-motion-gravity"); `GyroscopeUncalibrated.csv` → the raw
///   gyroscope, `MagnetometerUncalibrated.csv` → the raw magnetometer (µT). Without Gravity + Gyroscope the analysis
///   fuses the raw accelerometer and gyroscope (``SensorLogger/PhoneTables``).
/// - `Metadata.csv`: `standardisation` true means the app converted to m/s² and flipped acceleration and gravity
///   to the Android convention; both are undone (× −1/9.80665) and reported. Without the column, units follow
///   from magnitudes (hygiene `units` check). Device name and recording start are taken when present.
///
/// - The slower streams (Barometer, Pedometer, Activity, Location, Headphone): SensorLogger+WorkoutFiles.swift.
///
/// Time: `time` is integer ns since the Unix epoch (read exactly as Int64); timestamps become s since the first
/// whole second of the recording (``RecordingMetadata/startDate``). When `time` is unusable (a spreadsheet rewrote it
/// as 1.71E+18, or it repeats), `seconds_elapsed` (s since the recording started) is used instead and that is
/// reported (``SensorLogger/TimeColumn``). Watch exports run at ~100 Hz.
enum SensorLogger {
    static let knownFileNames = Set<String>([
        "WristMotion.csv", "Accelerometer.csv", "WatchAccelerometerUncalibrated.csv", "Metadata.csv",
    ]).union(PhoneTables.fileNames).union(workoutFileNames)

    /// The export's files by base name: `(bytes, label for messages)`.
    typealias Files = [String: (Data, String)]

    /// The accelerometer files in the order they are preferred (the first present is read).
    static let accelerometerFileNames = ["WatchAccelerometerUncalibrated.csv", "AccelerometerUncalibrated.csv", "Accelerometer.csv"]

    /// The files among `names` of which only the head is read (``TimeColumn/headBytes``, for the choice of time
    /// column): Orientation.csv, whose attitude is not imported, and the accelerometer files after the one read.
    static func headOnlyFileNames(of names: Set<String>) -> Set<String> {
        let accelerometer = accelerometerFileNames.first { names.contains($0) }
        return names.filter { $0 == "Orientation.csv" || (accelerometerFileNames.contains($0) && $0 != accelerometer) }
    }

    static func read(_ url: URL) throws(RecordingError) -> ImportedRecording {
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        var files: Files = [:]
        if isDirectory.boolValue {
            for name in knownFileNames {
                let file = url.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                try FileKind.requireReadableFile(file.path)
                do { files[name] = (try Data(contentsOf: file, options: .alwaysMapped), file.path) } catch {
                    throw .unreadable(file: file.path, reason: describeFileError(error))
                }
            }
        } else {
            let head = try RecordingImporter.prefix(url, count: 4)
            if head.starts(with: [0x50, 0x4B]) {
                let archive = try ZipArchive(url)
                let members = archive.entries.filter {
                    knownFileNames.contains(($0.name as NSString).lastPathComponent) && !$0.name.hasPrefix("__MACOSX")
                }
                let headOnly = headOnlyFileNames(of: Set(members.map { ($0.name as NSString).lastPathComponent }))
                for entry in members {
                    let base = (entry.name as NSString).lastPathComponent
                    let data = headOnly.contains(base)
                        ? try archive.head(of: entry, count: TimeColumn.headBytes) : try archive.contents(of: entry)
                    files[base] = (data, url.path + "/" + entry.name)
                }
            } else {
                // One Sensor Logger CSV on its own.
                try FileKind.requireReadableFile(url.path)
                let data: Data
                do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
                    throw .unreadable(file: url.path, reason: describeFileError(error))
                }
                let name = url.lastPathComponent
                files[knownFileNames.contains(name) ? name : (try guessRole(data, file: url.path))] = (data, url.path)
            }
        }
        guard files["WristMotion.csv"] != nil || files["Accelerometer.csv"] != nil
            || files["WatchAccelerometerUncalibrated.csv"] != nil || files["AccelerometerUncalibrated.csv"] != nil
        else {
            throw .unrecognizedFormat(
                file: url.path,
                reason: "no WristMotion.csv, WatchAccelerometerUncalibrated.csv or Accelerometer.csv (Sensor Logger export)")
        }
        return try read(files: files)
    }

    /// `files` with each text a spreadsheet saved with semicolons, tabs or quotes rewritten as plain CSV
    /// (``SpreadsheetText``) but Metadata.csv, and the findings that report it in file order, except for the files `headOnly`
    /// (only their head is read, not their rows).
    static func spreadsheetNormalized(_ files: Files, headOnly: Set<String>) throws(RecordingError)
        -> (files: Files, findings: [HygieneFinding])
    {
        var normalized = files
        var findings: [HygieneFinding] = []
        // Metadata.csv is read field by field with its quotes (a device name may hold a comma).
        for (name, (data, file)) in files where name != "Metadata.csv" {
            let (text, finding) = try SpreadsheetText.normalized(data, file: file)
            guard let finding else { continue }
            normalized[name] = (text, file)
            if !headOnly.contains(name) { findings.append(finding) }
        }
        return (normalized, findings.sorted(by: fileOrder))
    }

    /// Findings in the order of their files' paths.
    static func fileOrder(_ first: HygieneFinding, _ second: HygieneFinding) -> Bool {
        (first.file ?? "") < (second.file ?? "")
    }

    /// For a lone CSV: WristMotion if its header has rotationRateX, else an accelerometer file.
    static func guessRole(_ data: Data, file: String) throws(RecordingError) -> String {
        // Read as the reader reads it: semicolons, tabs or quotes rewritten (``SpreadsheetText``).
        let header = try withBytes(try SpreadsheetText.normalized(data, file: file).0) { bytes throws(RecordingError) -> [String] in
            var scanner = CSVScanner(bytes)
            guard let line = scanner.nextLine() else { return [] }
            return csvHeaderNames(scanner, line)
        }
        guard header.count >= 2, header[0] == "time", header[1] == "seconds_elapsed" else {
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "not a Sensor Logger CSV (header does not start with \"time,seconds_elapsed\")")
        }
        return header.contains("rotationRateX") ? "WristMotion.csv" : "WatchAccelerometerUncalibrated.csv"
    }

    struct MetadataInfo {
        var standardised: Bool?
        var device: String?
        var platform: String?
    }

    static func readMetadata(_ data: Data) -> MetadataInfo {
        var info = MetadataInfo()
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard lines.count >= 2 else { return info }
        let names = splitQuotedCSVLine(lines[0]).map { $0.lowercased() }
        let values = splitQuotedCSVLine(lines[1])
        for (index, name) in names.enumerated() where index < values.count {
            let value = values[index]
            if name.hasPrefix("standardi") {
                info.standardised = ["true", "1", "yes", "on"].contains(value.lowercased())
            } else if name == "device name" || name == "devicename" || name == "device" {
                info.device = value.isEmpty ? nil : value
            } else if name == "platform" {
                info.platform = value
            }
        }
        return info
    }

    /// WristMotion.csv's columns, in the order its table holds them after the time: rotation rate (required),
    /// gravity, user acceleration, attitude quaternion.
    static let wristMotionColumns = [
        "rotationRateX", "rotationRateY", "rotationRateZ", "gravityX", "gravityY", "gravityZ",
        "accelerationX", "accelerationY", "accelerationZ", "quaternionW", "quaternionX", "quaternionY",
        "quaternionZ",
    ]

    static func wristMotionRequests(_ clock: TimeColumn) -> [NamedColumnCSV.Request] {
        [clock.request] + wristMotionColumns.map { .init(names: [$0], kind: .float, required: $0.hasPrefix("rotation")) }
    }

    static func read(files given: Files) throws(RecordingError) -> ImportedRecording {
        let (files, layouts) = try spreadsheetNormalized(given, headOnly: headOnlyFileNames(of: Set(given.keys)))
        var imported = ImportedRecording(metadata: RecordingMetadata(sourceFormat: RecordingFormat.sensorLogger.name))
        var metadataInfo = MetadataInfo()
        if let (data, _) = files["Metadata.csv"] {
            metadataInfo = readMetadata(data)
            imported.metadata.device = metadataInfo.device
        }
        let standardised = metadataInfo.standardised
        let clock = try TimeColumn.choose(files)
        if let finding = clock.finding { imported.findings.append(finding) }
        imported.findings += layouts

        // Parse the stream files first to find the common time origin.
        var motionTable: NamedColumnCSV? = nil
        var motionFile = ""
        if let (data, file) = files["WristMotion.csv"] {
            motionFile = file
            motionTable = try withBytes(data) { bytes throws(RecordingError) in
                try NamedColumnCSV(bytes: bytes, file: file, requests: wristMotionRequests(clock))
            }
        }
        var accelerometerTable: NamedColumnCSV? = nil
        var accelerometerFile = ""
        let accelerometerName = accelerometerFileNames.first { files[$0] != nil }
        let accelerometerIsCalibrated = accelerometerName == "Accelerometer.csv"
        if let accelerometerName, let (data, file) = files[accelerometerName] {
            accelerometerFile = file
            accelerometerTable = try triples(data, file: file, clock: clock)
        }
        var phone = try PhoneTables(files, clock: clock)
        imported.findings += [motionTable?.droppedLastLine, accelerometerTable?.droppedLastLine].compactMap { $0 }
        imported.findings += phone.droppedLastLines
        let tables = [motionTable, accelerometerTable] + phone.all
        let firstTimes = tables.compactMap { $0?.columns[0].first }.map(NumericCSVReader.integer)
        let originNanoseconds = clock.isElapsed ? 0 : (firstTimes.min() ?? 0) / 1_000_000_000 * 1_000_000_000
        if !clock.isElapsed {
            imported.metadata.startDate = firstTimes.isEmpty ? nil : Date(timeIntervalSince1970: Double(originNanoseconds / 1_000_000_000))
        }
        func seconds(_ column: [Double]) -> [Double] {
            if clock.isElapsed { return column }
            return column.map { Double(NumericCSVReader.integer($0) &- originNanoseconds) / 1e9 }
        }
        phone.convertTimes(seconds)

        if let table = motionTable {
            var data = DeviceMotionData(timestamps: seconds(table.columns[0]))
            let floats = table.columns.dropFirst().map { $0.map { Float($0) } }
            (data.rotationRateX, data.rotationRateY, data.rotationRateZ) = (floats[0], floats[1], floats[2])
            (data.gravityX, data.gravityY, data.gravityZ) = (floats[3], floats[4], floats[5])
            (data.userAccelerationX, data.userAccelerationY, data.userAccelerationZ) = (floats[6], floats[7], floats[8])
            (data.attitudeW, data.attitudeX, data.attitudeY, data.attitudeZ) = (floats[9], floats[10], floats[11], floats[12])
            let gravityMedian = RawBatchedDump.medianMagnitude(data.gravityX, data.gravityY, data.gravityZ)
            if let finding = motionStandardisation(
                standardised: standardised, gravityMedian: gravityMedian, hasGravity: !data.gravityX.isEmpty, file: motionFile)
            {
                for keyPath in [\DeviceMotionData.gravityX, \.gravityY, \.gravityZ, \.userAccelerationX, \.userAccelerationY, \.userAccelerationZ]
                where !data[keyPath: keyPath].isEmpty {
                    data[keyPath: keyPath] = data[keyPath: keyPath].map { $0 * standardisedScale }
                }
                imported.findings.append(finding)
            }
            if let finding = checkAttitude(&data, file: motionFile) { imported.findings.append(finding) }
            imported.deviceMotion = ImportedStream(samples: data, lines: table.lines, file: motionFile, batchEnds: nil)
        }

        if let table = accelerometerTable {
            var data = AccelerometerData(
                timestamps: seconds(table.columns[0]), x: table.columns[1].map { Float($0) },
                y: table.columns[2].map { Float($0) }, z: table.columns[3].map { Float($0) })
            let median = RawBatchedDump.medianMagnitude(data.x, data.y, data.z) ?? 0
            let (plan, finding) = accelerometerPlan(
                median: median, isCalibrated: accelerometerIsCalibrated, standardised: standardised,
                hasGravity: phone.gravity != nil, file: accelerometerFile)
            if let finding { imported.findings.append(finding) }
            switch plan {
            case .addGravity:
                data = phone.rawAccelerometer(userAcceleration: data, gravity: phone.gravity!, standardised: standardised)
                imported.accelerometer = ImportedStream(samples: data, lines: table.lines, file: accelerometerFile, batchEnds: nil)
            case .userAccelerationOnly: break
            case .scale(let scale):
                if scale != 1 {
                    data.x = data.x.map { $0 * scale }
                    data.y = data.y.map { $0 * scale }
                    data.z = data.z.map { $0 * scale }
                }
                imported.accelerometer = ImportedStream(samples: data, lines: table.lines, file: accelerometerFile, batchEnds: nil)
            }
        }
        phone.addStreams(to: &imported, hasDeviceMotion: imported.deviceMotion != nil, standardised: standardised)
        try addWorkoutStreams(
            files, clock: clock, origin: originNanoseconds, standardised: standardised,
            isWatch: files["WristMotion.csv"] != nil || files["WatchAccelerometerUncalibrated.csv"] != nil,
            into: &imported)
        return imported
    }

    /// Checks Core Motion's attitude convention, rotate(q, gravity) = (0, 0, −1), on up to 200 samples. When the
    /// conjugate quaternion fits instead, the attitude is conjugated and that is reported; when neither fits, a
    /// finding says so.
    static func checkAttitude(_ data: inout DeviceMotionData, file: String) -> HygieneFinding? {
        guard !data.attitudeW.isEmpty, !data.gravityX.isEmpty else { return nil }
        let samples = attitudeSampleRows(count: data.count).map { index in
            AttitudeSample(
                w: data.attitudeW[index], x: data.attitudeX[index], y: data.attitudeY[index], z: data.attitudeZ[index],
                gravityX: data.gravityX[index], gravityY: data.gravityY[index], gravityZ: data.gravityZ[index])
        }
        let (conjugate, finding) = attitudeDecision(samples, file: file)
        if conjugate {
            data.attitudeX = data.attitudeX.map { -$0 }
            data.attitudeY = data.attitudeY.map { -$0 }
            data.attitudeZ = data.attitudeZ.map { -$0 }
        }
        return finding
    }

    /// One row's attitude quaternion and gravity (g, Core Motion's signs).
    struct AttitudeSample {
        var w, x, y, z, gravityX, gravityY, gravityZ: Float
    }

    /// The rows of a stream of `count` samples whose attitude ``attitudeDecision(_:file:)`` looks at: up to 200,
    /// evenly spread.
    static func attitudeSampleRows(count: Int) -> StrideTo<Int> { stride(from: 0, to: count, by: max(1, count / 200)) }

    /// Whether the attitude must be conjugated to fit gravity in Core Motion's convention, and the finding to
    /// report (`nil` when it fits as it is), from `samples` (the rows of ``attitudeSampleRows(count:)``).
    static func attitudeDecision(_ samples: [AttitudeSample], file: String) -> (conjugate: Bool, finding: HygieneFinding?) {
        func residual(conjugate: Bool) -> Double {
            var total = 0.0
            var count = 0
            for sample in samples {
                let w = Double(sample.w)
                let sign = conjugate ? -1.0 : 1.0
                let (qx, qy, qz) = (sign * Double(sample.x), sign * Double(sample.y), sign * Double(sample.z))
                let (vx, vy, vz) = (Double(sample.gravityX), Double(sample.gravityY), Double(sample.gravityZ))
                // v' = v + w t + q × t, t = 2 q × v
                let (tx, ty, tz) = (2 * (qy * vz - qz * vy), 2 * (qz * vx - qx * vz), 2 * (qx * vy - qy * vx))
                let rx = vx + w * tx + (qy * tz - qz * ty)
                let ry = vy + w * ty + (qz * tx - qx * tz)
                let rz = vz + w * tz + (qx * ty - qy * tx)
                let error = (rx * rx + ry * ry + (rz + 1) * (rz + 1)).squareRoot()
                if error.isFinite {
                    total += error
                    count += 1
                }
            }
            return count > 0 ? total / Double(count) : .infinity
        }
        let direct = residual(conjugate: false)
        if direct < 0.05 { return (false, nil) }
        let conjugated = residual(conjugate: true)
        if conjugated < 0.05 {
            return (true, HygieneFinding(
                kind: .other, file: file,
                message: "attitude quaternions are the inverse of Core Motion's convention (mean |rotate(q*, gravity) − (0,0,−1)| = \(String(format: "%.2g", conjugated))); conjugated"))
        }
        return (false, HygieneFinding(
            kind: .other, file: file,
            message: "attitude does not match gravity in Core Motion's convention (mean residual \(String(format: "%.2g", direct))); imported unchanged"))
    }

    /// WristMotion's gravity and user acceleration scale from standardised units (m/s², Android signs) to g in
    /// Core Motion's signs.
    static let standardisedScale = Float(-1 / HygieneChecker.standardGravity)

    /// The finding when WristMotion's gravity and user acceleration are standardised (Metadata.csv says so, or,
    /// without it, the median |gravity| is 5–15, i.e. m/s²) and are to be scaled by ``standardisedScale``; `nil`
    /// when they are in g already or there is no gravity.
    static func motionStandardisation(standardised: Bool?, gravityMedian: Double?, hasGravity: Bool, file: String)
        -> HygieneFinding?
    {
        let isStandardised = standardised ?? (gravityMedian.map { (5...15).contains($0) } ?? false)
        guard isStandardised && hasGravity else { return nil }
        return HygieneFinding(
            kind: .units, file: file,
            message: "Sensor Logger standardisation \(standardised == nil ? "inferred from |gravity| ≈ 9.81" : "on (Metadata.csv)"): gravity and acceleration in m/s² with Android signs; converted to g with Core Motion signs (× −1/9.80665)")
    }

    /// What the accelerometer file becomes.
    enum AccelerometerPlan: Equatable {
        /// User acceleration (Accelerometer.csv) + the nearest Gravity.csv sample, × ``PhoneTables/toG(standardised:)``.
        case addGravity
        /// User acceleration without Gravity.csv: not imported.
        case userAccelerationOnly
        /// Each value × the factor (1: as written).
        case scale(Float)
    }

    /// The accelerometer file's plan and finding from the median |a| of its values as written (sampled as
    /// ``RawBatchedDump/medianMagnitude(_:_:_:)`` samples; 0 when there are none): a calibrated Accelerometer.csv
    /// whose median is under 0.3 g is user acceleration.
    static func accelerometerPlan(
        median: Double, isCalibrated: Bool, standardised: Bool?, hasGravity: Bool, file: String
    ) -> (AccelerometerPlan, HygieneFinding?) {
        let gInverse = 1 / HygieneChecker.standardGravity
        let inMetres = isCalibrated || standardised == true
        let scale = Float((standardised == true ? -1 : 1) * (inMetres ? gInverse : 1))
        let medianInG = median * (inMetres ? gInverse : 1)
        if isCalibrated && medianInG < 0.3 && hasGravity {
            return (.addGravity, HygieneFinding(
                kind: .units, file: file,
                message: "Accelerometer.csv is user acceleration (median |a| = \(String(format: "%.3f", medianInG)) g) in m/s²; raw accelerometer = (Accelerometer + Gravity.csv) in g\(standardised == true ? " with Core Motion signs (× −1/9.80665)" : " (÷ 9.80665)")"))
        } else if isCalibrated && medianInG < 0.3 {
            return (.userAccelerationOnly, HygieneFinding(
                kind: .other, file: file,
                message: "median |a| = \(String(format: "%.3f", medianInG)) g: this is user acceleration (gravity removed), not the raw accelerometer; not imported as the accelerometer stream"))
        }
        guard scale != 1 else { return (.scale(1), nil) }
        return (.scale(scale), HygieneFinding(
            kind: .units, file: file,
            message: "\(isCalibrated ? "calibrated Accelerometer.csv is in m/s²" : "Sensor Logger standardisation on: m/s²")\(standardised == true ? " with Android signs" : ""); converted to g\(standardised == true ? " with Core Motion signs" : "") (× \(scale < 0 ? "−" : "")1/9.80665)"))
    }
}
