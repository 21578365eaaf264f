import Foundation

/// The interchange layout's optional slower streams, each a file beside the motion streams (empty field: unknown):
///
/// | file | header | units |
/// |---|---|---|
/// | `pressure.csv` | `timestamp,pressure[,relative_altitude]` | s, kPa, m (the device's own relative altitude) |
/// | `location.csv` | `timestamp,latitude,longitude,altitude,speed,horizontal_accuracy` | s, degrees (WGS 84), m above mean sea level, m/s, m |
/// | `headphone_motion.csv` | `device_motion.csv`'s columns, then `sensor_location` | as device motion; `default`, `left` or `right` (empty: not said) |
/// | `pedometer.csv` | `timestamp,steps,distance,floors_ascended,floors_descended` | s, steps, m, floors: cumulative since the start |
/// | `activity.csv` | `timestamp,activity,confidence` | s; `stationary`, `walking`, `running`, `cycling`, `automotive`, `unknown`; `low`, `medium`, `high` |
///
/// Timestamps are on the motion streams' clock. They are not batched for the swing analysis.
extension InterchangeCSV {
    public static let pressureFileName = "pressure.csv"
    public static let locationFileName = "location.csv"
    public static let headphoneMotionFileName = "headphone_motion.csv"
    public static let pedometerFileName = "pedometer.csv"
    public static let activityFileName = "activity.csv"

    public static let pressureHeader = ["timestamp", "pressure"]
    /// The optional column after ``pressureHeader``.
    public static let pressureRelativeAltitudeColumn = "relative_altitude"
    public static let locationHeader = ["timestamp", "latitude", "longitude", "altitude", "speed", "horizontal_accuracy"]
    public static let headphoneMotionHeader = deviceMotionHeader + ["sensor_location"]
    public static let pedometerHeader = ["timestamp", "steps", "distance", "floors_ascended", "floors_descended"]
    public static let activityHeader = ["timestamp", "activity", "confidence"]

    /// Adds the slower streams' files of `directory` to `imported`, when present.
    static func readWorkoutStreams(directory: URL, into imported: inout ImportedRecording) throws(RecordingError) {
        func table(_ name: String) throws(RecordingError) -> TextCSVTable? {
            let url = directory.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path) ? try TextCSVTable(url: url) : nil
        }
        if let table = try table(pressureFileName) { imported.pressure = try readPressure(table) }
        if let table = try table(locationFileName) { imported.location = try readLocation(table) }
        if let table = try table(headphoneMotionFileName) { imported.headphoneMotion = try readHeadphoneMotion(table) }
        if let table = try table(pedometerFileName) { imported.pedometer = try readPedometer(table) }
        if let table = try table(activityFileName) { imported.motionActivity = try readActivity(table) }
    }

    static func stream<Samples>(_ samples: Samples, _ table: TextCSVTable) -> ImportedStream<Samples> {
        ImportedStream(
            samples: samples, lines: table.lines, file: table.file, batchEnds: nil,
            findings: table.headerFindings)
    }

    static func readPressure(_ table: consuming TextCSVTable) throws(RecordingError) -> ImportedStream<PressureData> {
        let hasAltitude = try table.requireHeader(pressureHeader, optional: [pressureRelativeAltitudeColumn]) == 1
        var data = PressureData()
        for row in 0..<table.count {
            data.timestamps.append(try table.double(row, 0))
            data.pressureKilopascals.append(try table.float(row, 1))
            if hasAltitude { data.relativeAltitudeMeters.append(try table.float(row, 2, empty: .nan)) }
        }
        return stream(data, table)
    }

    static func readLocation(_ table: consuming TextCSVTable) throws(RecordingError) -> ImportedStream<LocationData> {
        _ = try table.requireHeader(locationHeader)
        var data = LocationData()
        for row in 0..<table.count {
            data.append(
                timestamp: try table.double(row, 0), latitude: try table.double(row, 1),
                longitude: try table.double(row, 2), altitude: try table.float(row, 3, empty: .nan),
                speed: try table.float(row, 4, empty: .nan), horizontalAccuracy: try table.float(row, 5, empty: .nan))
        }
        return stream(data, table)
    }

    static func readHeadphoneMotion(_ table: consuming TextCSVTable) throws(RecordingError) -> ImportedStream<HeadphoneMotionData> {
        _ = try table.requireHeader(headphoneMotionHeader)
        var motion = DeviceMotionData()
        // A column group is present when its first field on the first data line is; then it must be on every line.
        let present = deviceMotionGroups.filter { _, first, _ in table.count > 0 && !table.isEmpty(0, first) }
        let locationColumn = headphoneMotionHeader.count - 1
        let saysLocation = table.count > 0 && !table.isEmpty(0, locationColumn)
        var locations: [HeadphoneSensorLocation] = []
        for row in 0..<table.count {
            motion.timestamps.append(try table.double(row, 0))
            for (component, first, width) in deviceMotionGroups {
                let isPresent = present.contains { $0.0 == component }
                for field in first..<(first + width) where table.isEmpty(row, field) == isPresent {
                    throw .malformed(
                        file: table.file, line: Int(table.lines[row]), column: field + 1,
                        columnName: headphoneMotionHeader[field],
                        reason: isPresent ? "empty field, expected a number" : "value in a column group that is empty on the first data line")
                }
            }
            for (component, first, width) in present {
                let keyPaths = DeviceMotionColumn.all.filter { $0.group == component }.map(\.keyPath)
                for offset in 0..<width { motion[keyPath: keyPaths[offset]].append(try table.float(row, first + offset)) }
            }
            if saysLocation {
                locations.append(try table.label(row, locationColumn, as: HeadphoneSensorLocation.self))
            } else if !table.isEmpty(row, locationColumn) {
                throw table.invalid(row, locationColumn, "empty, as on the first data line")
            }
        }
        return stream(HeadphoneMotionData(motion: motion, sensorLocation: locations), table)
    }

    static func readPedometer(_ table: consuming TextCSVTable) throws(RecordingError) -> ImportedStream<PedometerData> {
        _ = try table.requireHeader(pedometerHeader)
        let countsFloors = table.count > 0 && !table.isEmpty(0, 3)
        var data = PedometerData()
        for row in 0..<table.count {
            data.timestamps.append(try table.double(row, 0))
            data.steps.append(try table.integer(row, 1))
            data.distanceMeters.append(try table.float(row, 2, empty: .nan))
            if countsFloors {
                data.floorsAscended.append(try table.integer(row, 3))
                data.floorsDescended.append(try table.integer(row, 4))
            } else if !table.isEmpty(row, 3) || !table.isEmpty(row, 4) {
                throw table.invalid(row, table.isEmpty(row, 3) ? 4 : 3, "empty, as on the first data line")
            }
        }
        return stream(data, table)
    }

    static func readActivity(_ table: consuming TextCSVTable) throws(RecordingError) -> ImportedStream<MotionActivityData> {
        _ = try table.requireHeader(activityHeader)
        var data = MotionActivityData()
        for row in 0..<table.count {
            data.timestamps.append(try table.double(row, 0))
            data.activity.append(try table.label(row, 1, as: MotionActivityKind.self))
            data.confidence.append(try table.label(row, 2, as: MotionActivityConfidence.self))
        }
        return stream(data, table)
    }
}

extension InterchangeCSVWriter {
    /// Writes `rows` rows of `header` into `url`; `fields(row)` gives each row's fields after the timestamp.
    static func writeTable(
        _ header: [String], _ timestamps: [Double], to url: URL, fields: (Int) -> [String]
    ) throws(RecordingError) {
        var output = try ChunkedFileWriter(url)
        output.append(header.joined(separator: ","))
        output.newline()
        for row in timestamps.indices {
            output.append(timestamps[row].description)
            for field in fields(row) {
                output.comma()
                output.append(field)
            }
            output.newline()
            try output.flushIfFull()
        }
        try output.close()
    }

    /// A value as its shortest round-tripping text; NaN (unknown) as an empty field.
    static func field(_ value: Float) -> String { value.isNaN ? "" : value.description }

    /// Writes the slower streams' files into `directory` for the streams the recording has.
    static func writeWorkoutStreams(_ recording: Recording, to directory: URL) throws(RecordingError) {
        func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
        if let p = recording.pressure {
            let header = InterchangeCSV.pressureHeader + (p.hasRelativeAltitude ? [InterchangeCSV.pressureRelativeAltitudeColumn] : [])
            try writeTable(header, p.timestamps, to: url(InterchangeCSV.pressureFileName)) { row in
                [p.pressureKilopascals[row].description] + (p.hasRelativeAltitude ? [field(p.relativeAltitudeMeters[row])] : [])
            }
        }
        if let l = recording.location {
            try writeTable(InterchangeCSV.locationHeader, l.timestamps, to: url(InterchangeCSV.locationFileName)) { row in
                [l.latitudeDegrees[row].description, l.longitudeDegrees[row].description, field(l.altitudeMeters[row]),
                 field(l.speedMetersPerSecond[row]), field(l.horizontalAccuracyMeters[row])]
            }
        }
        if let h = recording.headphoneMotion {
            let m = h.motion
            let columns: [[Float]] = InterchangeCSV.deviceMotionGroups.flatMap { component, _, _ in
                DeviceMotionColumn.all.filter { $0.group == component }.map { m[keyPath: $0.keyPath] }
            }
            try writeTable(InterchangeCSV.headphoneMotionHeader, m.timestamps, to: url(InterchangeCSV.headphoneMotionFileName)) { row in
                columns.map { $0.isEmpty ? "" : $0[row].description } + [h.sensorLocation.isEmpty ? "" : h.sensorLocation[row].rawValue]
            }
        }
        if let p = recording.pedometer {
            try writeTable(InterchangeCSV.pedometerHeader, p.timestamps, to: url(InterchangeCSV.pedometerFileName)) { row in
                [String(p.steps[row]), field(p.distanceMeters[row]),
                 p.floorsAscended.isEmpty ? "" : String(p.floorsAscended[row]),
                 p.floorsDescended.isEmpty ? "" : String(p.floorsDescended[row])]
            }
        }
        if let a = recording.motionActivity {
            try writeTable(InterchangeCSV.activityHeader, a.timestamps, to: url(InterchangeCSV.activityFileName)) { row in
                [a.activity[row].rawValue, a.confidence[row].rawValue]
            }
        }
    }
}
