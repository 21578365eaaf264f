/// The native format's arrays for the slower streams (each present only when the recording has the stream; a
/// label column holds each value's position in the label's list below):
///
/// | name | dtype | content |
/// |---|---|---|
/// | `pressure_timestamp` | `<f8` | s, recording clock |
/// | `pressure_kpa` | `<f4` | absolute pressure, kPa |
/// | `pressure_relative_altitude` | `<f4` | the device's own relative altitude, m (only when recorded; NaN unknown) |
/// | `location_timestamp` | `<f8` | s |
/// | `location_latitude`, `location_longitude` | `<f8` | degrees, WGS 84 |
/// | `location_altitude`, `location_speed`, `location_horizontal_accuracy` | `<f4` | m above mean sea level, m/s, m (NaN unknown) |
/// | `headphone_motion_timestamp` | `<f8` | s |
/// | `headphone_motion_<column>` | `<f4` | as `device_motion_<column>` |
/// | `headphone_motion_sensor_location` | `\|u1` | 0 default, 1 left, 2 right (only when the source said) |
/// | `pedometer_timestamp` | `<f8` | s |
/// | `pedometer_steps` | `<i8` | steps since the start |
/// | `pedometer_distance` | `<f4` | m since the start (NaN unknown) |
/// | `pedometer_floors_ascended`, `pedometer_floors_descended` | `<i8` | floors since the start (only when counted) |
/// | `activity_timestamp` | `<f8` | s, start of each classification |
/// | `activity_kind` | `\|u1` | 0 stationary, 1 walking, 2 running, 3 cycling, 4 automotive, 5 unknown |
/// | `activity_confidence` | `\|u1` | 0 low, 1 medium, 2 high |
extension NativeFormat {
    /// The members for the slower streams the recording has.
    static func workoutStreamMembers(_ recording: Recording) -> [(String, NpyArray)] {
        var members: [(String, NpyArray)] = []
        func codes<Label: CaseIterable & Equatable>(_ labels: [Label]) -> NpyArray {
            let cases = Array(Label.allCases)
            return .uint8(labels.map { UInt8(cases.firstIndex(of: $0)!) })
        }
        if let p = recording.pressure {
            members += [("pressure_timestamp", .float64(p.timestamps)), ("pressure_kpa", .float32(p.pressureKilopascals))]
            if p.hasRelativeAltitude { members.append(("pressure_relative_altitude", .float32(p.relativeAltitudeMeters))) }
        }
        if let l = recording.location {
            members += [
                ("location_timestamp", .float64(l.timestamps)), ("location_latitude", .float64(l.latitudeDegrees)),
                ("location_longitude", .float64(l.longitudeDegrees)), ("location_altitude", .float32(l.altitudeMeters)),
                ("location_speed", .float32(l.speedMetersPerSecond)),
                ("location_horizontal_accuracy", .float32(l.horizontalAccuracyMeters)),
            ]
        }
        if let h = recording.headphoneMotion {
            members.append(("headphone_motion_timestamp", .float64(h.motion.timestamps)))
            for column in DeviceMotionColumn.all where !h.motion[keyPath: column.keyPath].isEmpty {
                members.append(("headphone_motion_" + column.name, .float32(h.motion[keyPath: column.keyPath])))
            }
            if !h.sensorLocation.isEmpty { members.append(("headphone_motion_sensor_location", codes(h.sensorLocation))) }
        }
        if let p = recording.pedometer {
            members += [
                ("pedometer_timestamp", .float64(p.timestamps)), ("pedometer_steps", .int64(p.steps.map { Int64($0) })),
                ("pedometer_distance", .float32(p.distanceMeters)),
            ]
            if !p.floorsAscended.isEmpty { members.append(("pedometer_floors_ascended", .int64(p.floorsAscended.map { Int64($0) }))) }
            if !p.floorsDescended.isEmpty { members.append(("pedometer_floors_descended", .int64(p.floorsDescended.map { Int64($0) }))) }
        }
        if let a = recording.motionActivity {
            members += [
                ("activity_timestamp", .float64(a.timestamps)), ("activity_kind", codes(a.activity)),
                ("activity_confidence", codes(a.confidence)),
            ]
        }
        return members
    }
}

extension NativeRecordingFile {
    /// The slower streams (pressure, location, headphone motion, pedometer, activity) copied out of the mapping
    /// into a recording that holds nothing else: they are small beside the motion streams (≤ 25 Hz), and the
    /// analyses that use them read them whole. Their arrays were checked when the file was opened.
    public func slowerStreams() throws(RecordingError) -> Recording {
        var recording = Recording(metadata: metadata)
        try addWorkoutStreams(to: &recording)
        return recording
    }

    /// Reads the slower streams' arrays into `recording` (after checking their types and lengths).
    func addWorkoutStreams(to recording: inout Recording) throws(RecordingError) {
        func fail(_ reason: String) -> RecordingError {
            .malformed(file: file, line: nil, column: nil, columnName: nil, reason: reason)
        }
        /// The sample count of the stream with `prefix`, or `nil` when absent; every listed array must have it.
        func count(_ prefix: String, required: [String], optional: [String] = []) throws(RecordingError) -> Int? {
            guard let time = arrays[prefix + "timestamp"] else {
                if let stray = arrays.keys.sorted().first(where: { $0.hasPrefix(prefix) }) {
                    throw fail("\(stray) present without \(prefix)timestamp")
                }
                return nil
            }
            guard time.dtype == .float64 || time.dtype == .float32 else { throw fail("\(prefix)timestamp must be float") }
            for name in required where arrays[prefix + name] == nil { throw fail("\(prefix + name) missing") }
            for name in required + optional {
                guard let info = arrays[prefix + name] else { continue }
                guard info.count == time.count else {
                    throw fail("\(prefix + name) has \(info.count) values, \(prefix)timestamp has \(time.count)")
                }
            }
            return time.count
        }
        func integers(_ name: String, _ n: Int) throws(RecordingError) -> [Int] {
            guard let info = arrays[name] else { return [] }
            guard info.dtype == .int64 else { throw fail("\(name) must be <i8") }
            return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                (0..<n).map { Int(raw.baseAddress!.loadUnaligned(fromByteOffset: info.offset + $0 * 8, as: Int64.self)) }
            }
        }
        func labels<Label: CaseIterable>(_ name: String, _ n: Int) throws(RecordingError) -> [Label] {
            guard let info = arrays[name] else { return [] }
            guard info.dtype == .uint8 else { throw fail("\(name) must be |u1") }
            let cases = Array(Label.allCases)
            let bytes: [UInt8] = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in (0..<n).map { raw[info.offset + $0] } }
            if let bad = bytes.firstIndex(where: { Int($0) >= cases.count }) {
                throw fail("\(name)[\(bad)] = \(bytes[bad]) is no code (0–\(cases.count - 1))")
            }
            return bytes.map { cases[Int($0)] }
        }
        func floatColumn(_ name: String, _ n: Int) throws(RecordingError) -> [Float] {
            if let info = arrays[name], info.dtype != .float32 && info.dtype != .float64 { throw fail("\(name) must be float") }
            return floats(name, 0..<n)
        }
        func doubleColumn(_ name: String, _ n: Int) throws(RecordingError) -> [Double] {
            if let info = arrays[name], info.dtype != .float32 && info.dtype != .float64 { throw fail("\(name) must be float") }
            return doubles(name, 0..<n)
        }
        if let n = try count("pressure_", required: ["kpa"], optional: ["relative_altitude"]) {
            recording.pressure = PressureData(
                timestamps: doubles("pressure_timestamp", 0..<n), pressureKilopascals: try floatColumn("pressure_kpa", n),
                relativeAltitudeMeters: try floatColumn("pressure_relative_altitude", n))
        }
        if let n = try count("location_", required: ["latitude", "longitude", "altitude", "speed", "horizontal_accuracy"]) {
            recording.location = LocationData(
                timestamps: doubles("location_timestamp", 0..<n), latitudeDegrees: try doubleColumn("location_latitude", n),
                longitudeDegrees: try doubleColumn("location_longitude", n), altitudeMeters: try floatColumn("location_altitude", n),
                speedMetersPerSecond: try floatColumn("location_speed", n),
                horizontalAccuracyMeters: try floatColumn("location_horizontal_accuracy", n))
        }
        if let n = try count("headphone_motion_", required: [], optional: DeviceMotionColumn.all.map(\.name) + ["sensor_location"]) {
            var motion = DeviceMotionData()
            motion.timestamps = doubles("headphone_motion_timestamp", 0..<n)
            for column in DeviceMotionColumn.all {
                motion[keyPath: column.keyPath] = try floatColumn("headphone_motion_" + column.name, n)
            }
            recording.headphoneMotion = HeadphoneMotionData(
                motion: motion, sensorLocation: try labels("headphone_motion_sensor_location", n))
        }
        if let n = try count("pedometer_", required: ["steps", "distance"], optional: ["floors_ascended", "floors_descended"]) {
            recording.pedometer = PedometerData(
                timestamps: doubles("pedometer_timestamp", 0..<n), steps: try integers("pedometer_steps", n),
                distanceMeters: try floatColumn("pedometer_distance", n),
                floorsAscended: try integers("pedometer_floors_ascended", n),
                floorsDescended: try integers("pedometer_floors_descended", n))
        }
        if let n = try count("activity_", required: ["kind", "confidence"]) {
            recording.motionActivity = MotionActivityData(
                timestamps: doubles("activity_timestamp", 0..<n), activity: try labels("activity_kind", n),
                confidence: try labels("activity_confidence", n))
        }
    }
}
