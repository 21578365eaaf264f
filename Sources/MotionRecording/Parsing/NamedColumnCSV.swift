import Foundation

/// Reads the columns of a CSV with a header by name (for third-party exports whose column order is not fixed).
struct NamedColumnCSV {
    enum Kind { case double, float, integer }

    struct Request {
        /// Accepted header names (first match wins; in any case, with or without blanks and quotes).
        var names: [String]
        var kind: Kind
        var required: Bool
        /// Empty fields allowed (stored as ``emptyFieldMarker``).
        var allowsEmpty: Bool = false
    }

    /// Values per request (empty when an optional column is absent) and the source line of each row.
    var columns: [[Double]]
    var lines: [UInt32]
    /// Header names as found.
    var header: [String]
    /// Which requests were found.
    var found: [Bool]
    /// The last line, dropped because the file ends inside it (``HygieneFinding/Kind/truncated``), if so.
    var droppedLastLine: HygieneFinding?

    /// Reads `bytes` (the whole file) named `file`.
    init(bytes: UnsafeBufferPointer<UInt8>, file: String, requests: [Request]) throws(RecordingError) {
        var columns = [[Double]](repeating: [], count: requests.count)
        var lines: [UInt32] = []
        let layout = try Self.parse(bytes: bytes, file: file, requests: requests, mapping: nil, chunkRows: nil) {
            part throws(RecordingError) in
            columns = part.columns
            lines = part.lines
        }
        self.columns = columns
        self.lines = lines
        header = layout.header
        found = layout.found
        droppedLastLine = layout.droppedLastLine
    }

    /// Rows as columns: values per request (empty when an optional column is absent) and each row's source line.
    typealias Part = (columns: [[Double]], lines: [UInt32])

    /// Parses `bytes` (the whole file, named `file`), handing its rows to `part` in order, in chunks of `chunkRows`
    /// rows (all in one chunk when `nil`; the last chunk is handed over even when empty), with the pages of
    /// `mapping` already parsed released (``ReadBehindRelease``). Returns the header, which requests were found, and
    /// the last line when it was dropped (the file ends inside it).
    static func parse(
        bytes: UnsafeBufferPointer<UInt8>, file: String, requests: [Request], mapping: MappedFile?, chunkRows: Int?,
        part: (Part) throws(RecordingError) -> Void
    ) throws(RecordingError) -> (header: [String], found: [Bool], droppedLastLine: HygieneFinding?) {
        var scanner = CSVScanner(bytes)
        if bytes.isEmpty {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        try scanner.rejectBinary(file: file)
        guard let headerLine = scanner.nextLine() else {
            throw .malformed(file: file, line: nil, column: nil, columnName: nil, reason: "file is empty")
        }
        let header = csvHeaderNames(scanner, headerLine)
        var readerColumns: [NumericCSVReader.Column] = []
        var slots: [Int] = []  // request index → reader column index or -1
        var found: [Bool] = []
        for request in requests {
            if let field = HeaderName.firstField(naming: request.names, in: header) {
                slots.append(readerColumns.count)
                readerColumns.append(NumericCSVReader.Column(
                    field: field, name: header[field], isFloat: request.kind == .float,
                    isInteger: request.kind == .integer, allowsEmpty: request.allowsEmpty))
                found.append(true)
            } else if request.required {
                throw .malformed(
                    file: file, line: 1, column: nil, columnName: nil,
                    reason: "header lacks column \"\(request.names[0])\" (header: \"\(header.joined(separator: ",").prefix(80))\")")
            } else {
                slots.append(-1)
                found.append(false)
            }
        }
        var rows: Part = ([[Double]](repeating: [], count: requests.count), [])
        let reader = NumericCSVReader(file: file, columns: readerColumns, expectedFieldCount: header.count)
        let droppedLastLine = try reader.read(&scanner, releasingBehindIn: mapping) { row, line throws(RecordingError) in
            for (request, slot) in slots.enumerated() where slot >= 0 { rows.columns[request].append(row[slot]) }
            rows.lines.append(UInt32(truncatingIfNeeded: line))
            if let chunkRows, rows.lines.count >= chunkRows {
                try part(rows)
                rows = ([[Double]](repeating: [], count: requests.count), [])
            }
        }
        try part(rows)
        return (header, found, droppedLastLine)
    }
}

/// Splits one CSV line into fields, honouring double quotes (for small metadata files).
func splitQuotedCSVLine(_ line: Substring) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    var iterator = line.makeIterator()
    while let character = iterator.next() {
        if quoted {
            if character == "\"" {
                quoted = false
            } else {
                current.append(character)
            }
        } else if character == "\"" {
            quoted = true
        } else if character == "," {
            fields.append(current)
            current = ""
        } else {
            current.append(character)
        }
    }
    fields.append(current)
    return fields.map { $0.trimmingBlanks() }
}
