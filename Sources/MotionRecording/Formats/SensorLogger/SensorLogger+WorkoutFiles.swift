import Foundation

/// Sensor Logger's slower streams, on the motion streams' clock (the same origin, from the same `time` or
/// `seconds_elapsed` column). Columns and units as the app documents them (awesome-sensor-logger's UNITS.md and
/// README: "One-Page Unit Reference"); columns are read by name, extra ones ignored, a missing required one is an
/// error naming the file:
///
/// - `Barometer.csv` (phone) / `WatchBarometer.csv`: `pressure` — the phone writes mbar (hPa), the watch kPa (mbar
///   when "Standardise Units & Frames" is on) — and `relativeAltitude` (m since the start). The values are taken
///   as written and the hygiene check converts hPa to kPa by magnitude (`units` finding), which covers both
///   devices and both settings.
/// - `Pedometer.csv`: `steps` (cumulative since the start, as `CMPedometer` reports from a start date); optional
///   `distance` (m), `floorsAscended`, `floorsDescended`.
/// - `Activity.csv`: `activity` (walking, running, cycling, automotive, stationary, unknown; Android's `tilting`
///   becomes unknown) and `confidence` (low, medium, high; `unknown` becomes low); each such mapping is reported.
/// - `Location.csv` (phone) / `WatchLocation.csv`: `latitude`, `longitude`; altitude above mean sea level is the
///   phone's `altitudeAboveMeanSeaLevel` (iOS) or, without it, its `altitude` (above the WGS 84 ellipsoid:
///   reported), and the watch's `altitude`; `speed`, `horizontalAccuracy` — negative means invalid (→ NaN).
/// - `Headphone.csv`: `quaternionW…Z`, `rotationRateX…Z` (app 1.30+), `gravityX…Z` (m/s² always),
///   `accelerationX…Z` (g; m/s² when standardised), `devicelocation` (left/right) → headphone motion in g, with
///   the attitude checked against gravity as for WristMotion.
///
/// When an export has both the phone's and the watch's barometer (or location), the watch's is taken for a watch
/// recording (WristMotion), the phone's otherwise, and the other is reported as not imported.
extension SensorLogger {
    static let workoutFileNames: Set<String> = [
        "Barometer.csv", "WatchBarometer.csv", "Pedometer.csv", "Activity.csv", "Location.csv", "WatchLocation.csv",
        "Headphone.csv",
    ]

    /// Reads the slower streams' files among `files` into `imported`. `origin` is the motion streams' time origin
    /// (ns since the epoch; unused when `clock` reads `seconds_elapsed`); `isWatch` says whether the motion came
    /// from the watch.
    static func addWorkoutStreams(
        _ files: Files, clock: TimeColumn, origin: Int64, standardised: Bool?, isWatch: Bool,
        into imported: inout ImportedRecording
    ) throws(RecordingError) {
        func table(_ name: String) throws(RecordingError) -> TextCSVTable? {
            guard let (data, file) = files[name] else { return nil }
            return try withBytes(data) { bytes throws(RecordingError) in try TextCSVTable(bytes: bytes, file: file) }
        }
        func times(_ table: TextCSVTable) throws(RecordingError) -> [Double] {
            let column = try table.column([clock.isElapsed ? "seconds_elapsed" : "time"], required: true)!
            var result: [Double] = []
            result.reserveCapacity(table.count)
            for row in 0..<table.count {
                if clock.isElapsed {
                    result.append(try table.double(row, column))
                } else {
                    guard let nanoseconds = Int64(table.text(row, column)) else {
                        throw table.invalid(row, column, "integer nanoseconds since the epoch")
                    }
                    result.append(Double(nanoseconds &- origin) / 1e9)
                }
            }
            return result
        }
        /// The watch's or the phone's file, reporting the other when both exist.
        func choose(phone: String, watch: String) -> String? {
            let (first, second) = isWatch ? (watch, phone) : (phone, watch)
            guard files[first] != nil else { return files[second] != nil ? second : nil }
            if let (_, other) = files[second] {
                imported.findings.append(HygieneFinding(
                    kind: .other, file: other,
                    message: "not imported: the recording takes one such stream, \(first) (the \(isWatch ? "watch" : "phone")'s, where the motion was measured)"))
            }
            return first
        }
        if let name = choose(phone: "Barometer.csv", watch: "WatchBarometer.csv"), let table = try table(name) {
            imported.pressure = try readBarometer(table, times: try times(table))
        }
        if let name = choose(phone: "Location.csv", watch: "WatchLocation.csv"), let table = try table(name) {
            imported.location = try readLocation(table, times: try times(table), isWatch: name == "WatchLocation.csv", findings: &imported.findings)
        }
        if let table = try table("Pedometer.csv") { imported.pedometer = try readPedometer(table, times: try times(table)) }
        if let table = try table("Activity.csv") {
            imported.motionActivity = try readActivity(table, times: try times(table), findings: &imported.findings)
        }
        if let table = try table("Headphone.csv") {
            imported.headphoneMotion = try readHeadphone(
                table, times: try times(table), standardised: standardised, findings: &imported.findings)
        }
    }

    static func readBarometer(_ table: TextCSVTable, times: [Double]) throws(RecordingError) -> ImportedStream<PressureData> {
        let pressure = try table.column(["pressure"], required: true)!
        let altitude = try table.column(["relativeAltitude"], required: false)
        var (kilopascals, altitudes): ([Float], [Float]) = ([], [])
        for row in 0..<table.count {
            kilopascals.append(try table.float(row, pressure))
            if let altitude { altitudes.append(try table.float(row, altitude, empty: .nan)) }
        }
        return InterchangeCSV.stream(
            PressureData(timestamps: times, pressureKilopascals: kilopascals, relativeAltitudeMeters: altitudes), table)
    }

    /// A negative value (Sensor Logger's "invalid") or an empty field as NaN.
    static func validOrNaN(_ table: TextCSVTable, _ row: Int, _ column: Int?) throws(RecordingError) -> Float {
        guard let column else { return .nan }
        let value = try table.float(row, column, empty: .nan)
        return value < 0 ? .nan : value
    }

    static func readLocation(
        _ table: TextCSVTable, times: [Double], isWatch: Bool, findings: inout [HygieneFinding]
    ) throws(RecordingError) -> ImportedStream<LocationData> {
        let latitude = try table.column(["latitude"], required: true)!
        let longitude = try table.column(["longitude"], required: true)!
        let meanSeaLevel = try table.column(isWatch ? ["altitude"] : ["altitudeAboveMeanSeaLevel"], required: false)
        let ellipsoidal = isWatch ? nil : try table.column(["altitude"], required: false)
        if meanSeaLevel == nil, ellipsoidal != nil {
            findings.append(HygieneFinding(
                kind: .other, file: table.file,
                message: "no altitudeAboveMeanSeaLevel column: altitude is taken from altitude, the height above the WGS 84 ellipsoid (differs from mean sea level by the geoid separation, up to ±100 m)"))
        }
        let speed = try table.column(["speed"], required: false)
        let accuracy = try table.column(["horizontalAccuracy"], required: false)
        var data = LocationData()
        for row in 0..<table.count {
            data.append(
                timestamp: times[row], latitude: try table.double(row, latitude), longitude: try table.double(row, longitude),
                altitude: try (meanSeaLevel ?? ellipsoidal).map { column throws(RecordingError) in try table.float(row, column, empty: .nan) } ?? .nan,
                speed: try validOrNaN(table, row, speed), horizontalAccuracy: try validOrNaN(table, row, accuracy))
        }
        return InterchangeCSV.stream(data, table)
    }

    static func readPedometer(_ table: TextCSVTable, times: [Double]) throws(RecordingError) -> ImportedStream<PedometerData> {
        let steps = try table.column(["steps"], required: true)!
        let distance = try table.column(["distance"], required: false)
        let ascended = try table.column(["floorsAscended"], required: false)
        let descended = try table.column(["floorsDescended"], required: false)
        /// A count, written as an integer or as a whole number with a decimal point.
        func count(_ row: Int, _ column: Int) throws(RecordingError) -> Int {
            let value = try table.double(row, column)
            guard value == value.rounded(), value >= 0, value < 1e15 else { throw table.invalid(row, column, "a count") }
            return Int(value)
        }
        var (stepCounts, distances, up, down): ([Int], [Float], [Int], [Int]) = ([], [], [], [])
        for row in 0..<table.count {
            stepCounts.append(try count(row, steps))
            distances.append(try validOrNaN(table, row, distance))
            if let ascended { up.append(try count(row, ascended)) }
            if let descended { down.append(try count(row, descended)) }
        }
        let data = PedometerData(
            timestamps: times, steps: stepCounts, distanceMeters: distances, floorsAscended: up, floorsDescended: down)
        return InterchangeCSV.stream(data, table)
    }

    static func readActivity(
        _ table: TextCSVTable, times: [Double], findings: inout [HygieneFinding]
    ) throws(RecordingError) -> ImportedStream<MotionActivityData> {
        let activity = try table.column(["activity"], required: true)!
        let confidence = try table.column(["confidence"], required: true)!
        var (kinds, levels): ([MotionActivityKind], [MotionActivityConfidence]) = ([], [])
        var mapped: [String: (count: Int, line: UInt32, to: String)] = [:]
        for row in 0..<table.count {
            let kindText = table.text(row, activity).lowercased()
            let kind = MotionActivityKind(rawValue: kindText) ?? .unknown
            if kind.rawValue != kindText { mapped[kindText, default: (0, table.lines[row], "unknown")].count += 1 }
            let confidenceText = table.text(row, confidence).lowercased()
            let level = MotionActivityConfidence(rawValue: confidenceText) ?? .low
            if level.rawValue != confidenceText { mapped[confidenceText, default: (0, table.lines[row], "low")].count += 1 }
            kinds.append(kind)
            levels.append(level)
        }
        for (text, entry) in mapped.sorted(by: { ($0.value.line, $0.key) < ($1.value.line, $1.key) }) {
            findings.append(HygieneFinding(
                kind: .other, file: table.file, line: Int(entry.line),
                message: "\(entry.count) row(s) say \"\(text.prefix(24))\", which Core Motion does not report: read as \(entry.to)"))
        }
        return InterchangeCSV.stream(MotionActivityData(timestamps: times, activity: kinds, confidence: levels), table)
    }

    static func readHeadphone(
        _ table: TextCSVTable, times: [Double], standardised: Bool?, findings: inout [HygieneFinding]
    ) throws(RecordingError) -> ImportedStream<HeadphoneMotionData> {
        let groups: [([String], [WritableKeyPath<DeviceMotionData, [Float]>], Bool)] = [
            (["quaternionW", "quaternionX", "quaternionY", "quaternionZ"], [\.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ], true),
            (["rotationRateX", "rotationRateY", "rotationRateZ"], [\.rotationRateX, \.rotationRateY, \.rotationRateZ], false),
            (["gravityX", "gravityY", "gravityZ"], [\.gravityX, \.gravityY, \.gravityZ], true),
            (["accelerationX", "accelerationY", "accelerationZ"], [\.userAccelerationX, \.userAccelerationY, \.userAccelerationZ], false),
        ]
        var motion = DeviceMotionData(timestamps: times)
        for (names, keyPaths, required) in groups {
            var columns: [Int] = []
            for name in names {
                guard let column = try table.column([name], required: required) else { break }
                columns.append(column)
            }
            guard columns.count == names.count else { continue }
            for (column, keyPath) in zip(columns, keyPaths) {
                var values: [Float] = []
                values.reserveCapacity(table.count)
                for row in 0..<table.count { values.append(try table.float(row, column)) }
                motion[keyPath: keyPath] = values
            }
        }
        // Gravity is always m/s²; user acceleration g unless standardised. Standardisation also flips both to
        // Android's signs (as for WristMotion.csv).
        let sign: Float = standardised == true ? -1 : 1
        let perG = Float(1 / HygieneChecker.standardGravity)
        for keyPath in [\DeviceMotionData.gravityX, \.gravityY, \.gravityZ] {
            motion[keyPath: keyPath] = motion[keyPath: keyPath].map { $0 * sign * perG }
        }
        if standardised == true {
            for keyPath in [\DeviceMotionData.userAccelerationX, \.userAccelerationY, \.userAccelerationZ] {
                motion[keyPath: keyPath] = motion[keyPath: keyPath].map { $0 * sign * perG }
            }
        }
        findings.append(HygieneFinding(
            kind: .units, file: table.file,
            message: "headphone gravity in m/s² (as Sensor Logger writes it)\(standardised == true ? " and acceleration in m/s², with Android signs (standardised)" : ""); converted to g\(standardised == true ? " with Core Motion signs (× −1/9.80665)" : " (÷ 9.80665)")"))
        if let finding = checkAttitude(&motion, file: table.file) { findings.append(finding) }
        var locations: [HeadphoneSensorLocation] = []
        if let column = try table.column(["devicelocation", "deviceLocation", "sensorLocation"], required: false) {
            for row in 0..<table.count {
                let text = table.text(row, column).lowercased()
                if let location = HeadphoneSensorLocation(rawValue: text) {
                    locations.append(location)
                } else if text.isEmpty || text == "unknown" {
                    locations.append(.default)
                } else {
                    throw table.invalid(row, column, "left, right or default")
                }
            }
        }
        return InterchangeCSV.stream(HeadphoneMotionData(motion: motion, sensorLocation: locations), table)
    }
}
