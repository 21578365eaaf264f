/// A sample type the hygiene checks can repair: it converts to ``StreamColumns`` and back, so that one generic
/// path in ``HygieneChecker`` serves every stream.
protocol HygieneSamples: Sendable {
    static var hygieneStream: HygieneStream { get }
    var hygieneColumns: StreamColumns { get }
    init(hygieneColumns: StreamColumns)
}

extension StreamColumns {
    /// Columns `x`, `y`, `z` named `names`.
    init(timestamps: [Double], triple x: [Float], _ y: [Float], _ z: [Float], names: [String]) {
        self.init(timestamps: timestamps)
        for (name, values) in zip(names, [x, y, z]) { add(name, values) }
    }

    /// The device-motion columns present in `data`, with the units check (m/s² given as g) on gravity and user
    /// acceleration.
    init(deviceMotion data: DeviceMotionData) {
        self.init(timestamps: data.timestamps)
        for column in DeviceMotionColumn.all where !data[keyPath: column.keyPath].isEmpty {
            let index = columns.count
            add(column.name, data[keyPath: column.keyPath])
            if column.group == .gravity || column.group == .userAcceleration { unitColumns.append(index) }
            if column.group == .gravity { unitProbe.append(index) }
        }
    }

    /// The device-motion columns back (absent ones empty).
    var deviceMotion: DeviceMotionData {
        var data = DeviceMotionData()
        data.timestamps = timestamps
        for column in DeviceMotionColumn.all { data[keyPath: column.keyPath] = float(column.name) }
        return data
    }

    /// A label column stored as the index of each case in `allCases` (exact in a `Float`).
    mutating func addLabels<Label: CaseIterable & Equatable>(_ name: String, _ labels: [Label]) {
        let cases = Array(Label.allCases)
        add(name, labels.map { Float(cases.firstIndex(of: $0)!) })
    }

    func labels<Label: CaseIterable>(_ name: String) -> [Label] {
        let cases = Array(Label.allCases)
        return float(name).map { cases[Int($0)] }
    }
}

extension AccelerometerData: HygieneSamples {
    static var hygieneStream: HygieneStream { .accelerometer }
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(timestamps: timestamps, triple: x, y, z, names: ["x", "y", "z"])
        columns.unitColumns = [0, 1, 2]
        columns.unitProbe = [0, 1, 2]
        columns.saturationGroups = [([0, 1, 2], 2, "g")]
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(timestamps: c.timestamps, x: c.columns[0], y: c.columns[1], z: c.columns[2])
    }
}

extension DeviceMotionData: HygieneSamples {
    static var hygieneStream: HygieneStream { .deviceMotion }
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(deviceMotion: self)
        let rotation = columns.names.indices.filter { columns.names[$0].hasPrefix("rotation_rate") }
        if rotation.count == 3 { columns.saturationGroups.append((rotation, 5, "rad/s")) }
        let user = columns.names.indices.filter { columns.names[$0].hasPrefix("user_acceleration") }
        if user.count == 3 { columns.saturationGroups.append((user, 2, "g")) }
        return columns
    }
    init(hygieneColumns: StreamColumns) { self = hygieneColumns.deviceMotion }
}

extension GyroscopeData: HygieneSamples {
    static var hygieneStream: HygieneStream { .gyroscope }
    /// No units probe (see ``StreamRepairer``'s °/s check); saturation from 5 rad/s.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(
            timestamps: timestamps, triple: x, y, z, names: ["rotation_rate_x", "rotation_rate_y", "rotation_rate_z"])
        columns.saturationGroups = [([0, 1, 2], 5, "rad/s")]
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(timestamps: c.timestamps, x: c.columns[0], y: c.columns[1], z: c.columns[2])
    }
}

extension MagnetometerData: HygieneSamples {
    static var hygieneStream: HygieneStream { .magnetometer }
    /// µT: no units probe, no saturation check.
    var hygieneColumns: StreamColumns {
        StreamColumns(timestamps: timestamps, triple: x, y, z, names: ["magnetic_field_x", "magnetic_field_y", "magnetic_field_z"])
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(timestamps: c.timestamps, x: c.columns[0], y: c.columns[1], z: c.columns[2])
    }
}

extension PressureData: HygieneSamples {
    static var hygieneStream: HygieneStream { .pressure }
    /// kPa up to 1000 (90 m of water); relative altitude up to ±20 km, NaN unknown. The units (hPa, Pa) and spike
    /// checks are ``PressureChecks``.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(timestamps: timestamps)
        columns.checksTimeUnits = false
        columns.add("pressure", pressureKilopascals)
        if hasRelativeAltitude { columns.add("relative_altitude", relativeAltitudeMeters, limit: 20_000, nanMeansUnknown: true) }
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(
            timestamps: c.timestamps, pressureKilopascals: c.float("pressure"),
            relativeAltitudeMeters: c.float("relative_altitude"))
    }
}

extension LocationData: HygieneSamples {
    static var hygieneStream: HygieneStream { .location }
    /// Latitude within ±90°, longitude within ±180°; altitude (±20 km), speed (1000 m/s) and accuracy NaN when
    /// unknown.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(timestamps: timestamps)
        columns.checksTimeUnits = false
        columns.add("latitude", latitudeDegrees, limit: 90)
        columns.add("longitude", longitudeDegrees, limit: 180)
        columns.add("altitude", altitudeMeters, limit: 20_000, nanMeansUnknown: true)
        columns.add("speed", speedMetersPerSecond, limit: 1000, nanMeansUnknown: true)
        columns.add("horizontal_accuracy", horizontalAccuracyMeters, limit: 1e7, nanMeansUnknown: true)
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(
            timestamps: c.timestamps, latitudeDegrees: c.double("latitude"), longitudeDegrees: c.double("longitude"),
            altitudeMeters: c.float("altitude"), speedMetersPerSecond: c.float("speed"),
            horizontalAccuracyMeters: c.float("horizontal_accuracy"))
    }
}

extension HeadphoneMotionData: HygieneSamples {
    static var hygieneStream: HygieneStream { .headphoneMotion }
    /// Device motion's columns and units check, plus the sensor location (when given) as a label column.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(deviceMotion: motion)
        columns.checksTimeUnits = false
        if !sensorLocation.isEmpty { columns.addLabels("sensor_location", sensorLocation) }
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(motion: c.deviceMotion, sensorLocation: c.labels("sensor_location"))
    }
}

extension PedometerData: HygieneSamples {
    static var hygieneStream: HygieneStream { .pedometer }
    /// Counts as exact `Double` columns; distance NaN when unknown. One row per report: no gap check.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(timestamps: timestamps)
        columns.checksTimeUnits = false
        columns.isEventStream = true
        columns.add("steps", steps.map(Double.init), limit: 1e9)
        columns.add("distance", distanceMeters, limit: 1e7, nanMeansUnknown: true)
        if !floorsAscended.isEmpty { columns.add("floors_ascended", floorsAscended.map(Double.init), limit: 1e6) }
        if !floorsDescended.isEmpty { columns.add("floors_descended", floorsDescended.map(Double.init), limit: 1e6) }
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(
            timestamps: c.timestamps, steps: c.double("steps").map { Int($0) }, distanceMeters: c.float("distance"),
            floorsAscended: c.double("floors_ascended").map { Int($0) },
            floorsDescended: c.double("floors_descended").map { Int($0) })
    }
}

extension MotionActivityData: HygieneSamples {
    static var hygieneStream: HygieneStream { .motionActivity }
    /// Labels as case indices. One row per change: no gap check.
    var hygieneColumns: StreamColumns {
        var columns = StreamColumns(timestamps: timestamps)
        columns.checksTimeUnits = false
        columns.isEventStream = true
        columns.addLabels("activity", activity)
        columns.addLabels("confidence", confidence)
        return columns
    }
    init(hygieneColumns c: StreamColumns) {
        self.init(timestamps: c.timestamps, activity: c.labels("activity"), confidence: c.labels("confidence"))
    }
}
