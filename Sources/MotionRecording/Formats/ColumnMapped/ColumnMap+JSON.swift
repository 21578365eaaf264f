import Foundation

/// The JSON form of a column map (`--column-map map.json`): the same entries as the command-line text
/// (``init(parsing:source:)``), as an object:
///
/// ```json
/// {
///   "time": {"column": "t_ms", "unit": "ms"},
///   "accelerometer": {"columns": ["ax", "ay", "az"], "unit": "m/s2", "sign": "specific-force"},
///   "gyroscope": {"columns": [5, 6, 7], "unit": "deg/s"},
///   "magnetometer": {"columns": ["mx", "my", "mz"], "unit": "uT"},
///   "axes": ["-y", "x", "z"],
///   "separator": ";", "decimal": "comma", "header": 3
/// }
/// ```
/// Columns are header names or 1-based positions (numbers); `"-name"` flips an axis. Every key but `time` and one
/// sensor is optional; an unknown key is an error (a misspelt `"gyroscope"` would otherwise drop the stream).
extension ColumnMap {
    /// Reads the JSON file at `url`; errors name the file and the key.
    public init(contentsOf url: URL) throws(ColumnMapError) {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ColumnMapError(source: url.path, reason: "cannot read: \(describeFileError(error))")
        }
        try self.init(json: data, source: url.path)
    }

    /// Parses a JSON column map; `source` names it in errors.
    public init(json data: Data, source: String) throws(ColumnMapError) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw ColumnMapError(source: source, reason: "not valid JSON: \(describeFileError(error))")
        }
        guard let root = object as? [String: Any] else {
            throw ColumnMapError(source: source, reason: "expected a JSON object with \"time\" and a sensor")
        }
        func fail(_ key: String, _ problem: String) -> ColumnMapError {
            ColumnMapError(source: source, reason: "\"\(key)\": \(problem)")
        }
        func column(_ value: Any?, _ key: String) throws(ColumnMapError) -> String {
            if let name = value as? String, !name.isEmpty, !name.contains(where: { ",:=".contains($0) }) { return name }
            if let number = value as? Int, number >= 1 { return String(number) }
            throw fail(key, "a column is a header name (without , : =) or a 1-based position")
        }
        var entries: [String] = []
        for key in root.keys.sorted() {
            let value = root[key]!
            switch key {
            case "time":
                guard let time = value as? [String: Any] else { throw fail(key, "expected {\"column\": …, \"unit\": …}") }
                entries.insert("time=\(try column(time["column"], key)):\(time["unit"] as? String ?? "s")", at: 0)
            case "accelerometer", "gyroscope", "magnetometer":
                guard let sensor = value as? [String: Any], let columns = sensor["columns"] as? [Any], columns.count == 3,
                    let unit = sensor["unit"] as? String
                else { throw fail(key, "expected {\"columns\": [x, y, z], \"unit\": …}") }
                var names: [String] = []
                for item in columns { names.append(try column(item, key)) }
                let sign = (sensor["sign"] as? String).map { ":" + $0 } ?? ""
                entries.append("\(key)=\(names.joined(separator: ",")):\(unit)\(sign)")
            case "axes":
                guard let axes = value as? [String] else { throw fail(key, "expected three strings, e.g. [\"-y\", \"x\", \"z\"]") }
                entries.append("axes=\(axes.joined(separator: ","))")
            case "separator":
                guard let text = value as? String else { throw fail(key, "expected \",\", \";\", \"tab\" or \"whitespace\"") }
                entries.append("sep=\(text == "," ? "comma" : text)")
            case "decimal":
                guard let text = value as? String else { throw fail(key, "expected \"comma\" or \"point\"") }
                entries.append("decimal=\(text)")
            case "header":
                if let line = value as? Int { entries.append("header=\(line)") } else if let text = value as? String {
                    entries.append("header=\(text)")
                } else {
                    throw fail(key, "expected a 1-based line number or \"none\"")
                }
            default:
                throw fail(key, "unknown key (time, accelerometer, gyroscope, magnetometer, axes, separator, decimal, header)")
            }
        }
        try self.init(parsing: entries.joined(separator: ","), source: source)
    }
}
