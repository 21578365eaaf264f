import Foundation

/// Reads a generic delimited text file of raw IMU samples — one row per sample time, the time and the axes of an
/// accelerometer, gyroscope and/or magnetometer in named or numbered columns — through a ``ColumnMap`` given by the
/// user or detected from the header (``ColumnDetection``).
///
/// - Annotation lines before the header (comments, logger settings) are skipped and reported; blank lines are
///   skipped; columns the map does not name are ignored.
/// - Separators `,` `;` tab or whitespace, decimal points or commas, fields in quotes; every rejection names the file, the 1-based
///   line and column (a row with too few fields, a cell that is not a number or not a time).
/// - A row whose three cells of one sensor are all empty adds no sample to that sensor (loggers that write each
///   sensor's events on their own rows); one or two empty cells of three are an error.
/// - The result follows the package's conventions (time s, acceleration g with Core Motion's sign, rotation rate
///   rad/s, magnetic field µT, device frame); an epoch time (from 2000 on) becomes seconds since its first whole
///   second, which is kept as the start date. Then the usual hygiene checks run (rates, gaps, units: a gyroscope
///   declared rad/s that reads impossible rates was °/s, and is converted and reported).
enum ColumnMappedCSV {
    /// Short stable name, as ``RecordingMetadata/sourceFormat``.
    static let formatName = "column-mapped"

    static func read(_ url: URL, map: ColumnMap?) throws(RecordingError) -> ImportedRecording {
        // Quoted fields are read without their quotes, reported first (``SpreadsheetText``).
        try withTextFileBytes(url, keepingSeparator: true) { bytes, layout throws(RecordingError) in
            var imported = try read(bytes, file: url.path, map: map)
            if let layout { imported.findings.insert(layout, at: 0) }
            return imported
        }
    }

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String, map given: ColumnMap?) throws(RecordingError)
        -> ImportedRecording
    {
        var (table, findings) = try mappedTable(bytes, file: file, map: given)
        return try table.recording(findings: findings)
    }

    /// The table of `bytes` through `given` (detected from the file's head when `nil`), before its rows are read,
    /// and the findings made finding it (the detected map, annotation lines skipped).
    static func mappedTable(_ bytes: UnsafeBufferPointer<UInt8>, file: String, map given: ColumnMap?)
        throws(RecordingError) -> (table: MappedTable, findings: [HygieneFinding])
    {
        if bytes.isEmpty { throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty") }
        try CSVScanner(bytes).rejectBinary(file: file)
        var findings: [HygieneFinding] = []
        let map: ColumnMap
        let layout: CSVLayout
        if let given {
            map = given
            layout = try locate(bytes, file: file, map: given)
        } else {
            let detected = try ColumnDetection.detect(bytes, file: file)
            map = detected.map
            layout = detected.layout
            findings.append(HygieneFinding(
                kind: .streamDetection, file: file, line: layout.headerLine, column: nil,
                message: "columns detected from the header: \(detected.map)\(detected.assumptions)"))
        }
        if let skipped = layout.skipped {
            findings.append(HygieneFinding(
                kind: .other, file: file, line: skipped.first, column: nil,
                message: "\(skipped.count) line(s) before the \(layout.headerLine == nil ? "data" : "header") skipped as annotations (first: \"\(skipped.text)\")"))
        }
        return (try MappedTable(bytes, file: file, map: map, layout: layout), findings)
    }

    /// The layout for a given map: the header is the line holding every named column (or `map.headerLine`).
    static func locate(_ bytes: UnsafeBufferPointer<UInt8>, file: String, map: ColumnMap) throws(RecordingError) -> CSVLayout {
        let names = map.namedColumns
        let indices = ([map.time] + map.vectorColumns).compactMap { if case .index(let i) = $0 { i - 1 } else { nil } }
        let largestIndex = (indices.max() ?? -1) + 1
        let layout = try CSVLayout.locate(
            bytes, file: file, separator: map.separator, decimalComma: map.decimalComma, headerLine: map.headerLine,
            dataFirst: names.isEmpty,
            isHeader: { header in header.count > 1 && names.allSatisfy { ColumnMappedCSV.field(named: $0, in: header) != nil } },
            isData: { fields, scanner, _ in
                fields.count >= max(largestIndex, 2) && indices.allSatisfy { index in
                    let cell = scanner.slice(fields[index])
                    return DecimalParser.parseDouble(cell) != nil || CSVLayout.parseDecimalComma(cell) != nil
                        || TimeText.timeOfDay(cell) != nil || TimeText.iso8601(cell) != nil
                }
            })
        if let layout { return layout }
        var probe = CSVScanner(bytes)
        var firstLine = ""
        while let line = probe.nextLine() {
            if probe.isBlank(line) { continue }
            firstLine = probe.text(line, limit: 120)
            break
        }
        let wanted = map.headerLine == 0 || names.isEmpty
            ? "no data line with numbers in columns \(indices.map { String($0 + 1) }.joined(separator: ", "))"
            : map.headerLine.map { "line \($0) is not a header holding \(names.map { "\"\($0)\"" }.joined(separator: ", "))" }
                ?? "no line in the first 64 KiB holds every named column (\(names.map { "\"\($0)\"" }.joined(separator: ", ")))"
        throw .malformed(
            file: file, line: map.headerLine.flatMap { $0 > 0 ? $0 : nil }, column: nil, columnName: nil,
            reason: "\(wanted); first line: \"\(firstLine)\"")
    }

    /// The 0-based field of a header name: exact, else ignoring case and blanks.
    static func field(named name: String, in header: [String]) -> Int? {
        if let exact = header.firstIndex(of: name) { return exact }
        let folded = name.trimmingBlanks().lowercased()
        return header.firstIndex { $0.lowercased() == folded }
    }
}

extension ColumnMap {
    /// The columns of every vector sensor, accelerometer then gyroscope then magnetometer.
    var vectorColumns: [Column] {
        [accelerometer?.axes, gyroscope?.axes, magnetometer?.axes].flatMap { ($0 ?? []).map(\.column) }
    }
}
