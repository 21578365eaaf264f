import Foundation

extension ColumnDetection {
    /// The first data rows (up to 256): every field as a number (NaN where it is none), and the raw time cell text.
    static func sampleRows(_ bytes: UnsafeBufferPointer<UInt8>, layout: CSVLayout) -> [[Double]] {
        var scanner = CSVScanner(bytes)
        scanner.offset = layout.dataOffset
        var rows: [[Double]] = []
        while rows.count < 256, let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            rows.append(CSVLayout.fields(line, scanner, layout.separator).map { range in
                let cell = scanner.slice(range)
                return (layout.decimalComma ? CSVLayout.parseDecimalComma(cell) : DecimalParser.parseDouble(cell)) ?? .nan
            })
        }
        return rows
    }

    /// The first data row's cell in `field`, as text.
    static func firstCell(_ bytes: UnsafeBufferPointer<UInt8>, layout: CSVLayout, field: Int) -> String? {
        var scanner = CSVScanner(bytes)
        scanner.offset = layout.dataOffset
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let fields = CSVLayout.fields(line, scanner, layout.separator)
            return field < fields.count ? String(decoding: scanner.slice(fields[field]), as: UTF8.self) : nil
        }
        return nil
    }

    /// The time column's unit: from its name (`(ms)`, `_ns`, `time_us`, `seconds_elapsed`), else text (ISO 8601,
    /// time of day), else an epoch's magnitude, else the median spacing of the first rows (typical IMU rates of
    /// 20 Hz–2 kHz give spacings that do not overlap between s, ms, µs and ns).
    static func timeUnit(
        _ name: String, rows: [[Double]], field: Int, bytes: UnsafeBufferPointer<UInt8>, layout: CSVLayout, file: String
    ) throws(RecordingError) -> ColumnMap.TimeUnit {
        if let unit = hint(name).flatMap(ColumnMap.timeUnit) { return unit }
        let stem = normalized(name)
        for (suffixes, unit) in [
            (["ns", "nanos"], ColumnMap.TimeUnit.nanoseconds), (["us", "micros"], .microseconds),
            (["ms", "millis", "inms"], .milliseconds), (["secondselapsed", "seconds", "sec", "ins"], .seconds),
        ] where suffixes.contains(where: { stem.hasSuffix($0) }) && stem != "ts" {
            return unit
        }
        if let cell = firstCell(bytes, layout: layout, field: field) {
            let unit: ColumnMap.TimeUnit? = cell.utf8.withContiguousStorageIfAvailable { bytes in
                TimeText.iso8601(bytes) != nil ? .iso8601 : TimeText.timeOfDay(bytes) != nil ? .timeOfDay : nil
            } ?? nil
            if let unit { return unit }
        }
        let times = rows.compactMap { field < $0.count && $0[field].isFinite ? $0[field] : nil }
        if let first = times.first {
            for (threshold, unit) in [(9.5e17, ColumnMap.TimeUnit.nanoseconds), (9.5e14, .microseconds), (9.5e11, .milliseconds), (9.5e8, .seconds)]
            where first >= threshold && first < threshold * 5 {
                return unit
            }
        }
        let spacings = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        if !spacings.isEmpty {
            let median = spacings[spacings.count / 2]
            for (range, unit) in [
                (0.0002...0.05, ColumnMap.TimeUnit.seconds), (0.2...50, .milliseconds), (200...50_000, .microseconds),
                (200_000...50_000_000, .nanoseconds),
            ] where range.contains(median) {
                return unit
            }
        }
        throw suggestion(
            file: file, header: layout.header, headerLine: layout.headerLine, separator: layout.separator,
            roles: Self.roles(layout.header),
            problem: "the time column's unit is not in its name and not clear from the values (s, ms, us, ns, iso8601 or time-of-day)")
    }

    static func suggestion(file: String, layout: CSVLayout, roles: Roles, problem: String) -> RecordingError {
        suggestion(
            file: file, header: layout.header, headerLine: layout.headerLine, separator: layout.separator, roles: roles,
            problem: problem)
    }

    /// The error for a file whose columns cannot be detected: the header found, what is missing, and a complete
    /// `--columns` map built from what was recognised, the other columns taken in order.
    static func suggestion(
        file: String, header: [String], headerLine: Int?, separator: FieldSeparator, roles: Roles, problem: String
    ) -> RecordingError {
        var unused = Array(header.indices).filter { $0 != roles.time }
        for fields in [roles.accelerometer, roles.gyroscope, roles.magnetometer] { unused.removeAll { fields?.contains($0) ?? false } }
        func name(_ field: Int) -> String {
            guard field < header.count, !header[field].isEmpty, !header[field].contains(where: { ",:=".contains($0) }),
                Int(header[field]) == nil
            else { return String(field + 1) }
            return header[field]
        }
        // Columns not recognised: three whose names end in x, y, z side by side, else the next three.
        func take(_ fields: [Int]?) -> [Int]? {
            if let fields { return fields }
            guard unused.count >= 3 else { return nil }
            let axes = unused.indices.dropLast(2).first { start in
                (0..<3).allSatisfy { offset in
                    unused[start + offset] == unused[start] + offset
                        && normalized(header[unused[start + offset]]).last == Array("xyz")[offset]
                }
            } ?? 0
            defer { unused.removeSubrange(axes..<(axes + 3)) }
            return Array(unused[axes..<(axes + 3)])
        }
        let time = roles.time ?? 0
        var entries = ["time=\(name(time)):s"]
        if let accelerometer = take(roles.accelerometer) { entries.append("accel=\(accelerometer.map(name).joined(separator: ",")):m/s2") }
        if let gyroscope = take(roles.gyroscope) { entries.append("gyro=\(gyroscope.map(name).joined(separator: ",")):rad/s") }
        if separator != .comma { entries.append("sep=\(separator)") }
        if headerLine == nil { entries.append("header=none") }
        let shown = headerLine == nil
            ? "no header line"
            : "header \"\(header.joined(separator: separator == .tab ? "\t" : separator.rawValue).prefix(160))\" (line \(headerLine!))"
        return .unrecognizedFormat(
            file: file,
            reason: "\(shown): \(problem); give the columns and units, e.g. --columns '\(entries.joined(separator: ","))' (units: time s|ms|us|ns|iso8601|time-of-day, accel g|m/s2, gyro rad/s|deg/s; see --help)")
    }

    /// The error for a text file in which no header could be mapped: the first line with several fields is shown
    /// as the header (or the file has none: numbers only), with the map to give.
    static func undetected(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> RecordingError {
        var scanner = CSVScanner(bytes)
        while scanner.offset < min(bytes.count, 65536), let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let text = scanner.slice(line)
            if let first = text.first, first == 0x23 || first == 0x25 || first == 0x2F { continue }  // # % //
            let separator = CSVLayout.candidates(nil).first { $0.byte.map { text.contains($0) } ?? true } ?? .comma
            let fields = CSVLayout.fields(line, scanner, separator)
            guard fields.count >= 3 else { continue }
            let numeric = fields.allSatisfy { DecimalParser.parseDouble(scanner.slice($0)) != nil }
            let header = numeric ? [] : csvHeaderNames(scanner, line, separator: separator)
            let names = numeric ? fields.indices.map { String($0 + 1) } : header
            var roles = numeric ? Roles() : Self.roles(header)
            if numeric { roles.time = 0 }
            let problem = numeric
                ? "the columns cannot be detected without a header"
                : roles.time == nil ? "no time column recognised (timestamp, time, t, …)"
                : "no accelerometer or gyroscope x, y, z columns recognised"
            return suggestion(
                file: file, header: numeric ? names : header, headerLine: numeric ? nil : scanner.lineNumber,
                separator: separator, roles: roles, problem: problem)
        }
        return .unrecognizedFormat(file: file, reason: "no line with three or more fields: not a table of samples")
    }
}
