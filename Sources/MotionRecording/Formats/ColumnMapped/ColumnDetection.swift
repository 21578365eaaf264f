import Foundation

/// Finds the column map of a generic IMU CSV from its header, where the names leave no doubt: a time column
/// (`timestamp`, `time`, `t`, `Time (s)`, `time_ms`, `t_ms`, …) and x/y/z triples of one prefix for the accelerometer
/// (`ax`, `acc_x`, `accel_x`, `accelerometer_x`, `Acceleration x (m/s^2)` as Phyphox writes it, `gFx` as Physics
/// Toolbox writes it), the gyroscope (`gx`, `gyro_x`, `g_x`, `wx`, `Gyroscope x (rad/s)`, `rotationRateX`) and the
/// magnetometer (`mx`, `mag_x`, `Bx`, `Magnetic field x (µT)`). Linear (user) acceleration and gravity columns are
/// never taken for the raw accelerometer.
///
/// Units come from the header (`(m/s^2)`, `[deg/s]`, `_ms`, `dps`, …), else from the values where they leave no
/// doubt (|a| near 1 → g, near 9.8 → m/s²; |B| of the Earth's field in µT, gauss or mT; an epoch time's magnitude,
/// else the sample spacing for s, ms, µs or ns); a gyroscope without a unit is taken as rad/s and that is said (the
/// hygiene checks convert one that reads impossible rates). The accelerometer is taken as specific force (+1 g up),
/// as every non-Apple logger writes it. The map used is reported, so that it can be given with `--columns` and
/// corrected. Anything else is an error that shows the header and the `--columns` map to give.
enum ColumnDetection {
    struct Detected {
        var map: ColumnMap
        var layout: CSVLayout
        /// What was assumed rather than read, for the report (empty, or starting with "; ").
        var assumptions: String
    }

    /// Roles found in one header: field indices (0-based) and unit hints.
    struct Roles {
        var time: Int?
        var accelerometer: [Int]?
        var gyroscope: [Int]?
        var magnetometer: [Int]?
        var found: Bool { time != nil && (accelerometer != nil || gyroscope != nil) }
    }

    static func detect(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) -> Detected {
        var roles = Roles()
        let layout = try CSVLayout.locate(
            bytes, file: file, separator: nil, decimalComma: nil, headerLine: nil,
            isHeader: { header in
                roles = Self.roles(header)
                return roles.found
            },
            isData: { _, _, _ in false })
        guard let layout else { throw undetected(bytes, file: file) }
        let header = layout.header
        var assumptions: [String] = []
        let rows = sampleRows(bytes, layout: layout)
        func column(_ field: Int) -> ColumnMap.Column { .name(header[field]) }
        func axes(_ fields: [Int]) -> [ColumnMap.Axis] { fields.map { ColumnMap.Axis(column($0)) } }
        func magnitudes(_ fields: [Int]) -> Double? {
            let values = rows.compactMap { row -> Double? in
                let v = fields.compactMap { $0 < row.count ? row[$0] : nil }
                return v.count == 3 ? (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() : nil
            }.sorted()
            return values.isEmpty ? nil : values[values.count / 2]
        }
        let timeUnit = try Self.timeUnit(header[roles.time!], rows: rows, field: roles.time!, bytes: bytes, layout: layout, file: file)
        var map = ColumnMap(time: column(roles.time!), timeUnit: timeUnit)
        let interchangeNames = fields(roles.accelerometer, header) == ["acceleration_x", "acceleration_y", "acceleration_z"]
        if let fields = roles.accelerometer, interchangeNames {
            // This package's own interchange names in another separator (a spreadsheet's `;` export): g, Core Motion sign.
            map.accelerometer = .init(axes(fields), unit: .g)
            map.accelerometerSign = .coreMotion
            assumptions.append("the interchange layout's accelerometer: g, Core Motion sign")
        } else if let fields = roles.accelerometer {
            var unit = hint(header[fields[0]]).flatMap(ColumnMap.accelerationUnit)
            if unit == nil, normalized(header[fields[0]]).hasPrefix("gf") { unit = .g }
            if unit == nil, let median = magnitudes(fields) {
                if (0.5...2).contains(median) { unit = .g } else if (5...15).contains(median) { unit = .metersPerSecondSquared }
                if unit != nil { assumptions.append(String(format: "accelerometer unit from the values (median |a| %.2f)", median)) }
            }
            guard let unit else {
                throw suggestion(file: file, layout: layout, roles: roles, problem: "the accelerometer's unit (g or m/s²) is neither in the header nor clear from the values")
            }
            map.accelerometer = .init(axes(fields), unit: unit)
            assumptions.append("accelerometer sign taken as specific force (+1 g up; :core-motion if it reads −1 g face up)")
        }
        if let fields = roles.gyroscope {
            let unit = hint(header[fields[0]]).flatMap(ColumnMap.rotationUnit)
            if unit == nil { assumptions.append("gyroscope unit not in the header: rad/s assumed") }
            map.gyroscope = .init(axes(fields), unit: unit ?? .radiansPerSecond)
        }
        if let fields = roles.magnetometer {
            var unit = hint(header[fields[0]]).flatMap(ColumnMap.magneticUnit)
            if unit == nil, let median = magnitudes(fields) {
                unit = (10...100).contains(median) ? .microtesla : (0.1...1).contains(median) ? .gauss
                    : (0.01...0.1).contains(median) ? .millitesla : nil
            }
            if let unit { map.magnetometer = .init(axes(fields), unit: unit) } else {
                assumptions.append("magnetometer columns left out: unit neither in the header nor clear from the values")
            }
        }
        map.separator = layout.separator
        if layout.decimalComma { map.decimalComma = true }
        return Detected(map: map, layout: layout, assumptions: assumptions.isEmpty ? "" : "; " + assumptions.joined(separator: "; "))
    }

    /// The header names of `fields`, or `nil`.
    static func fields(_ fields: [Int]?, _ header: [String]) -> [String]? { fields.map { $0.map { header[$0] } } }

    /// Whether a text file that no other importer recognised is a generic IMU CSV; throws the error that shows
    /// the header found and the `--columns` map to give when it has a header-like line that cannot be mapped.
    static func recognizes(_ url: URL) throws(RecordingError) -> Bool {
        try withFileBytes(url) { bytes throws(RecordingError) in
            // Fields in quotes are read without them, as the reader reads them (``SpreadsheetText``).
            let (head, _) = try SpreadsheetText.normalized(
                Data(bytes.prefix(1 << 20)), file: url.path, keepingSeparator: true)
            _ = try withBytes(head) { head throws(RecordingError) in try detect(head, file: url.path) }
            return true
        }
    }

    // MARK: names

    static let accelerometerPrefixes: Set<String> = [
        "a", "acc", "accel", "accelerometer", "acceleration", "accelerationincludinggravity", "gf", "rawacc",
        "accelerometeracceleration", "imuacc", "imuaccel",
    ]
    static let gyroscopePrefixes: Set<String> = [
        "g", "gyr", "gyro", "gyroscope", "w", "omega", "rot", "rotationrate", "gyroscoperotationrate", "angularvelocity",
        "rawgyro", "imugyro", "imugyr",
    ]
    static let magnetometerPrefixes: Set<String> = [
        "m", "mag", "magnetometer", "magneticfield", "b", "rawmag", "imumag",
    ]

    /// Lowercased letters and digits of a header name, without a bracketed unit: `Acceleration x (m/s^2)` → `accelerationx`.
    static func normalized(_ name: String) -> String {
        var base = name
        if let open = base.firstIndex(where: { $0 == "(" || $0 == "[" }) { base = String(base[..<open]) }
        return String(base.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The unit written in a header name: in brackets (`(m/s^2)`, `[dps]`), else after the last `_` (`gyro_x_dps`).
    static func hint(_ name: String) -> String? {
        if let open = name.lastIndex(where: { $0 == "(" || $0 == "[" }) {
            return String(name[name.index(after: open)...].dropLast(name.hasSuffix(")") || name.hasSuffix("]") ? 1 : 0))
                .trimmingBlanks()
        }
        if let underscore = name.lastIndex(of: "_") { return String(name[name.index(after: underscore)...]) }
        return nil
    }

    static func roles(_ header: [String]) -> Roles {
        var roles = Roles()
        let names = header.map(normalized)
        roles.time = names.firstIndex { name in
            ["t", "ts", "time", "timestamp", "millis", "micros", "secondselapsed", "elapsed", "seconds", "sec"].contains(name)
                || ["time", "timestamp", "t"].contains { prefix in
                    name.hasPrefix(prefix) && ["s", "ms", "us", "ns", "sec", "millis", "micros", "nanos", "inms", "ins"]
                        .contains(String(name.dropFirst(prefix.count)))
                }
        }
        // x/y/z triples by prefix, the axis letter last (`accx`) or first (`xaccel` is not taken: too loose).
        func triple(_ prefixes: Set<String>) -> [Int]? {
            var found: [String: [Int?]] = [:]
            for (field, name) in names.enumerated() {
                var stem = name
                for suffix in ["dps", "rads", "degs", "ms2", "g", "ut"] where stem.hasSuffix(suffix) && stem.count > suffix.count + 1 {
                    let trimmed = String(stem.dropLast(suffix.count))
                    if let last = trimmed.last, "xyz".contains(last), prefixes.contains(String(trimmed.dropLast())) { stem = trimmed }
                }
                guard let axis = stem.last.flatMap({ "xyz".firstIndex(of: $0) }) else { continue }
                let prefix = String(stem.dropLast())
                guard prefixes.contains(prefix) else { continue }
                let position = "xyz".distance(from: "xyz".startIndex, to: axis)
                var slots = found[prefix] ?? [nil, nil, nil]
                if slots[position] == nil { slots[position] = field }
                found[prefix] = slots
            }
            return found.values.compactMap { slots in slots.allSatisfy { $0 != nil } ? slots.map { $0! } : nil }
                .min { $0[0] < $1[0] }
        }
        roles.accelerometer = triple(accelerometerPrefixes)
        roles.gyroscope = triple(gyroscopePrefixes)
        roles.magnetometer = triple(magnetometerPrefixes)
        return roles
    }
}
