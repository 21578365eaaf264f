/// The command-line text of a column map, and its canonical form (``description``).
///
/// Comma-separated entries `key=value`; a vector sensor's value is its three columns in device x, y, z order
/// followed by `:`-separated modifiers:
///
/// ```
/// time=t_ms:ms,accel=ax,ay,az:m/s2,gyro=gx,gy,gz:deg/s
/// time=1:iso8601,accel=-3,2,4:g:core-motion,sep=;,decimal=comma,header=4
/// time=Time (s):s,accel=Acceleration x (m/s^2),Acceleration y (m/s^2),Acceleration z (m/s^2):m/s2,axes=-y,x,z
/// ```
///
/// | key | value |
/// |---|---|
/// | `time` | a column, then `:s`, `:ms`, `:us` (`µs`), `:ns`, `:iso8601` (`rfc3339`) or `:time-of-day` (default `s`) |
/// | `accel` | three columns, then `:g` or `:m/s2` (required), optionally `:specific-force` (+1 g up: Android, most IMUs; the default) or `:core-motion` (−1 g up, Apple) |
/// | `gyro` | three columns, then `:rad/s` or `:deg/s` (required) |
/// | `mag` | three columns, then `:uT` (`µT`), `:mT` or `:gauss` (required) |
/// | `axes` | a mounting remap of every sensor, e.g. `-y,x,z`: device x = −sensor y, device y = sensor x |
/// | `sep` | `,` `;` `tab` `whitespace` (default: detected) |
/// | `decimal` | `comma` or `point` (default: detected) |
/// | `header` | 1-based line of the header, or `none` (default: the first line holding every named column) |
///
/// A column is a header name or a 1-based position (`3`); `-` before it flips that axis's sign. Names may hold
/// spaces and brackets, not `,`, `:` or `=`. Keys also have long forms (`accelerometer`, `gyroscope`,
/// `magnetometer`, `separator`).
extension ColumnMap: CustomStringConvertible {
    /// Parses the command-line text above; errors name the entry and the problem (source `--columns`).
    public init(parsing text: String, source: String = "--columns") throws(ColumnMapError) {
        var entries: [(key: String, values: [String])] = []
        for token in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            if let equals = token.firstIndex(of: "="),
                let key = Self.keys[String(token[..<equals]).trimmingBlanks().lowercased()]
            {
                entries.append((key, [String(token[token.index(after: equals)...])]))
            } else if entries.isEmpty {
                throw ColumnMapError(
                    source: source,
                    reason: "\"\(token)\" is not an entry: the map starts with key=value, keys \(Self.keyList)")
            } else {
                entries[entries.count - 1].values.append(token)
            }
        }
        var time: (Column, TimeUnit)?
        var map = ColumnMap(time: .index(1), timeUnit: .seconds)
        for (key, values) in entries {
            let entry = "entry \"\(key)=\(values.joined(separator: ","))\""
            func fail(_ problem: String) -> ColumnMapError { ColumnMapError(source: source, reason: "\(entry): \(problem)") }
            var columns = values
            var modifiers: [String] = []
            if let last = columns.last, let colon = last.firstIndex(of: ":"), ["time", "accel", "gyro", "mag"].contains(key) {
                modifiers = last[last.index(after: colon)...].split(separator: ":").map { String($0).trimmingBlanks() }
                columns[columns.count - 1] = String(last[..<colon])
            }
            let single = values.joined(separator: ",").trimmingBlanks()
            switch key {
            case "time":
                guard columns.count == 1, let column = Self.column(columns[0]), !column.negated else {
                    throw fail("needs one column (a header name or a 1-based position)")
                }
                guard modifiers.count <= 1 else { throw fail("one unit expected after the column") }
                guard let unit = modifiers.first.map(Self.timeUnit) ?? .seconds else {
                    throw fail("unknown time unit \"\(modifiers[0])\" (s, ms, us, ns, iso8601, time-of-day)")
                }
                time = (column.column, unit)
            case "accel":
                let axes = try Self.axes(columns, fail)
                var unit: AccelerationUnit?
                for modifier in modifiers {
                    if let parsed = Self.accelerationUnit(modifier) {
                        unit = parsed
                    } else if let sign = Self.accelerationSign(modifier) {
                        map.accelerometerSign = sign
                    } else {
                        throw fail("unknown modifier \"\(modifier)\" (units g, m/s2; sign specific-force, core-motion)")
                    }
                }
                guard let unit else { throw fail("give the unit: :g or :m/s2") }
                map.accelerometer = Vector(axes, unit: unit)
            case "gyro":
                let axes = try Self.axes(columns, fail)
                guard modifiers.count == 1, let unit = Self.rotationUnit(modifiers[0]) else {
                    throw fail("give the unit: :rad/s or :deg/s")
                }
                map.gyroscope = Vector(axes, unit: unit)
            case "mag":
                let axes = try Self.axes(columns, fail)
                guard modifiers.count == 1, let unit = Self.magneticUnit(modifiers[0]) else {
                    throw fail("give the unit: :uT, :mT or :gauss")
                }
                map.magnetometer = Vector(axes, unit: unit)
            case "axes":
                guard let remap = Self.remap(values) else {
                    throw fail("give each of x, y, z once, each optionally with -, e.g. -y,x,z")
                }
                map.axes = remap
            case "sep":
                guard let separator = FieldSeparator(name: single) ?? FieldSeparator(name: values.joined(separator: ",")) else {
                    throw fail("separator is , ; tab or whitespace")
                }
                map.separator = separator
            case "decimal":
                switch single.lowercased() {
                case "comma", ",": map.decimalComma = true
                case "point", "dot", ".": map.decimalComma = false
                default: throw fail("decimal is comma or point")
                }
            default:  // header
                if single.lowercased() == "none" {
                    map.headerLine = 0
                } else if let line = Int(single), line >= 1 {
                    map.headerLine = line
                } else {
                    throw fail("header is a 1-based line number or none")
                }
            }
        }
        guard let time else { throw ColumnMapError(source: source, reason: "no time entry (e.g. time=timestamp:ms)") }
        map.time = time.0
        map.timeUnit = time.1
        try map.validate(source: source)
        self = map
    }

    /// Checks what every map needs: a sensor, and a header when columns are named.
    func validate(source: String) throws(ColumnMapError) {
        if accelerometer == nil && gyroscope == nil && magnetometer == nil {
            throw ColumnMapError(source: source, reason: "no sensor: give accel=…, gyro=… or mag=…")
        }
        if headerLine == 0, let name = namedColumns.first {
            throw ColumnMapError(source: source, reason: "header=none, but column \"\(name)\" is named: give its 1-based position")
        }
        if decimalComma == true && separator == .comma {
            throw ColumnMapError(source: source, reason: "decimal=comma needs a separator other than , (sep=; tab or whitespace)")
        }
    }

    /// The canonical command-line text of this map (what ``init(parsing:source:)`` reads back to an equal map).
    public var description: String {
        var entries = ["time=\(time):\(timeUnit.rawValue)"]
        if let accelerometer {
            entries.append("accel=\(accelerometer.axes.map(\.description).joined(separator: ",")):\(accelerometer.unit.rawValue):\(accelerometerSign.rawValue)")
        }
        if let gyroscope { entries.append("gyro=\(gyroscope.axes.map(\.description).joined(separator: ",")):\(gyroscope.unit.rawValue)") }
        if let magnetometer {
            entries.append("mag=\(magnetometer.axes.map(\.description).joined(separator: ",")):\(magnetometer.unit.rawValue)")
        }
        if let axes { entries.append("axes=\(axes.map(\.description).joined(separator: ","))") }
        if let separator, separator != .comma { entries.append("sep=\(separator)") }
        if let decimalComma { entries.append("decimal=\(decimalComma ? "comma" : "point")") }
        if let headerLine { entries.append("header=\(headerLine == 0 ? "none" : String(headerLine))") }
        return entries.joined(separator: ",")
    }

    static let keys: [String: String] = [
        "time": "time", "t": "time", "accel": "accel", "acc": "accel", "accelerometer": "accel", "gyro": "gyro",
        "gyroscope": "gyro", "mag": "mag", "magnetometer": "mag", "axes": "axes", "sep": "sep", "separator": "sep",
        "decimal": "decimal", "header": "header",
    ]
    static let keyList = "time, accel, gyro, mag, axes, sep, decimal, header"

    /// `-name` / `name` / `3` → column with sign.
    static func column(_ text: String) -> Axis? {
        var text = text.trimmingBlanks()
        let negated = text.hasPrefix("-") && text.count > 1
        if negated { text.removeFirst() }
        guard !text.isEmpty else { return nil }
        if let index = Int(text) { return index >= 1 ? Axis(.index(index), negated: negated) : nil }
        return Axis(.name(text), negated: negated)
    }

    static func axes(_ columns: [String], _ fail: (String) -> ColumnMapError) throws(ColumnMapError) -> [Axis] {
        guard columns.count == 3 else { throw fail("needs 3 columns (x, y, z), found \(columns.count)") }
        var axes: [Axis] = []
        for text in columns {
            guard let axis = column(text) else { throw fail("\"\(text)\" is not a column (a header name or a 1-based position)") }
            axes.append(axis)
        }
        return axes
    }

    static func remap(_ values: [String]) -> [SignedAxis]? {
        let axes = values.compactMap { text -> SignedAxis? in
            var text = text.trimmingBlanks().lowercased()
            let negated = text.hasPrefix("-")
            if negated || text.hasPrefix("+") { text.removeFirst() }
            return ["x", "y", "z"].firstIndex(of: text).map { SignedAxis(axis: $0, negated: negated) }
        }
        guard axes.count == 3, values.count == 3, Set(axes.map(\.axis)).count == 3 else { return nil }
        return axes
    }

    static func timeUnit(_ text: String) -> TimeUnit? {
        switch text.lowercased() {
        case "s", "sec", "seconds": .seconds
        case "ms", "milliseconds": .milliseconds
        case "us", "µs", "μs", "microseconds": .microseconds
        case "ns", "nanoseconds": .nanoseconds
        case "iso8601", "iso-8601", "rfc3339", "iso": .iso8601
        case "time-of-day", "timeofday", "clock", "hh-mm-ss": .timeOfDay
        default: nil
        }
    }

    static func accelerationUnit(_ text: String) -> AccelerationUnit? {
        switch text.lowercased() {
        case "g": .g
        case "m/s2", "m/s^2", "m/s²", "ms2", "mps2": .metersPerSecondSquared
        default: nil
        }
    }

    static func accelerationSign(_ text: String) -> AccelerationSign? {
        switch text.lowercased() {
        case "specific-force", "android", "+g": .specificForce
        case "core-motion", "apple", "-g": .coreMotion
        default: nil
        }
    }

    static func rotationUnit(_ text: String) -> RotationUnit? {
        switch text.lowercased() {
        case "rad/s", "rads", "rad": .radiansPerSecond
        case "deg/s", "°/s", "dps", "degs", "deg": .degreesPerSecond
        default: nil
        }
    }

    static func magneticUnit(_ text: String) -> MagneticUnit? {
        switch text.lowercased() {
        case "ut", "µt", "μt", "microtesla": .microtesla
        case "mt", "millitesla": .millitesla
        case "gauss", "g": .gauss
        default: nil
        }
    }
}
