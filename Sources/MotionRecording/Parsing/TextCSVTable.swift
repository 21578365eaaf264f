import Foundation

/// A small CSV file read whole into text fields, for the slower streams (pressure, location, headphone motion,
/// pedometer, activity: 1–25 Hz, so at most a few hundred thousand rows) whose columns mix numbers and labels.
///
/// UTF-8, comma separated, `\n` or `\r\n`, one header line, a byte-order mark tolerated, blank lines skipped; no
/// quoting (none of these layouts quotes a field). Numbers are parsed with Swift's correctly rounded parsers
/// (`Float` columns straight from the text, never through `Double`), so the shortest round-tripping text the
/// writers print reads back to the identical bits. Every accessor that fails throws an error naming the file, the
/// 1-based line and column, the column's name and the text found.
struct TextCSVTable {
    let file: String
    /// Header names as found (blanks trimmed); after ``requireHeader(_:optional:)``, the layout's names in its order.
    private(set) var header: [String]
    /// The 1-based column in the file of each column of ``header`` (they differ after a reordered file's
    /// ``requireHeader(_:optional:)``).
    private var sourceColumns: [Int]
    /// The note that ``requireHeader(_:optional:)`` found the columns by name (renamed, reordered, extra ones
    /// ignored), then a `units` finding per column converted from the unit its header states.
    private(set) var headerFindings: [HygieneFinding] = []
    /// How a spreadsheet's layout was read (``SpreadsheetText``), if it was.
    private var layoutFinding: HygieneFinding?
    /// Per column of ``header`` after ``requireHeader(_:optional:)``, the factor to its documented unit (empty: 1).
    private var factors: [Double] = []
    /// The fields of each data row (as many as the header).
    private(set) var rows: [[Substring]] = []
    /// The 1-based source line of each row.
    private(set) var lines: [UInt32] = []

    /// Reads `bytes` (the whole file named `file`); every row must have as many fields as the header.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String) throws(RecordingError) {
        self.file = file
        var scanner = CSVScanner(bytes)
        try scanner.rejectBinary(file: file)
        var headerNames: [String]? = nil
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let text = Substring(String(decoding: scanner.slice(line), as: UTF8.self))
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            guard let names = headerNames else {
                headerNames = fields.map { String($0.trimmingBlanks()) }
                continue
            }
            guard fields.count == names.count else {
                throw .malformed(
                    file: file, line: scanner.lineNumber, column: nil, columnName: nil,
                    reason: "\(fields.count) fields, the header has \(names.count)")
            }
            rows.append(fields)
            lines.append(UInt32(truncatingIfNeeded: scanner.lineNumber))
        }
        guard let headerNames else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        header = headerNames
        sourceColumns = headerNames.indices.map { $0 + 1 }
    }

    /// Reads the file at `url` (saved by a spreadsheet with semicolons, tabs or quotes: read as plain CSV, and
    /// reported first in ``headerFindings``, ``SpreadsheetText``).
    init(url: URL) throws(RecordingError) {
        self = try withTextFileBytes(url) { bytes, layout throws(RecordingError) in
            var table = try TextCSVTable(bytes: bytes, file: url.path)
            table.layoutFinding = layout
            table.headerFindings = [layout].compactMap { $0 }
            return table
        }
    }

    var count: Int { rows.count }

    /// Finds `required` and as many of `optional` (in order) as present in the header by name (``HeaderColumns``),
    /// and rearranges the table to them, in that order: columns 0, 1, … are then the layout's, extra columns are
    /// gone (reported in ``headerFindings``). Returns how many of `optional` are present.
    mutating func requireHeader(_ required: [String], optional: [String] = []) throws(RecordingError) -> Int {
        let columns = try HeaderColumns(names: header, required: required, optional: optional, file: file)
        headerFindings = [layoutFinding].compactMap { $0 } + columns.findings
        if columns.converts { factors = columns.factors }
        if !columns.isExact {
            header = columns.fields.map { header[$0] }
            sourceColumns = columns.fields.map { $0 + 1 }
            rows = rows.map { row in columns.fields.map { row[$0] } }
        }
        return columns.optionalCount
    }

    /// The index of the first of `names` in the header (in any case, with or without blanks and quotes); `nil`
    /// when absent and not `required`.
    func column(_ names: [String], required: Bool) throws(RecordingError) -> Int? {
        if let index = HeaderName.firstField(naming: names, in: header) { return index }
        guard required else { return nil }
        throw .malformed(
            file: file, line: 1, column: nil, columnName: nil,
            reason: "header lacks column \"\(names[0])\" (header: \"\(header.joined(separator: ",").prefix(80))\")")
    }

    /// The error for a field that does not hold what its column needs.
    func invalid(_ row: Int, _ column: Int, _ what: String) -> RecordingError {
        .malformed(
            file: file, line: Int(lines[row]), column: sourceColumns[column], columnName: header[column],
            reason: "\"\(rows[row][column].prefix(40))\" is not \(what)")
    }

    /// The field's text with blanks trimmed.
    func text(_ row: Int, _ column: Int) -> Substring { rows[row][column].trimmingBlanks() }

    /// Whether the field is empty (or blank).
    func isEmpty(_ row: Int, _ column: Int) -> Bool { text(row, column).isEmpty }

    /// A number, in its column's documented unit (converted when the header states another, ``HeaderColumns``).
    func double(_ row: Int, _ column: Int) throws(RecordingError) -> Double {
        guard let value = Double(text(row, column)) else { throw invalid(row, column, "a number") }
        return column < factors.count ? value * factors[column] : value
    }

    /// A `Float` field (in its column's documented unit, as ``double(_:_:)``); an empty one is `empty` when given (an unknown value), an error otherwise.
    func float(_ row: Int, _ column: Int, empty: Float? = nil) throws(RecordingError) -> Float {
        let field = text(row, column)
        if field.isEmpty, let empty { return empty }
        guard let value = Float(field) else { throw invalid(row, column, "a number") }
        return column < factors.count && factors[column] != 1 ? Float(Double(value) * factors[column]) : value
    }

    func integer(_ row: Int, _ column: Int) throws(RecordingError) -> Int {
        guard let value = Int(text(row, column)) else { throw invalid(row, column, "an integer") }
        return value
    }

    /// A label column: the case whose raw value is the field.
    func label<Label: RawRepresentable>(_ row: Int, _ column: Int, as _: Label.Type) throws(RecordingError) -> Label
    where Label.RawValue == String {
        guard let value = Label(rawValue: String(text(row, column))) else {
            throw invalid(row, column, "one of the known labels")
        }
        return value
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingBlanks() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
