/// Where the header and the data of a generic delimited text file are, and how its fields are written: found from
/// the first lines, before the rows are read (``ColumnMappedCSV``).
struct CSVLayout {
    /// 1-based line of the header, or `nil` when the file has none.
    var headerLine: Int?
    /// Header names (empty without a header).
    var header: [String]
    var separator: FieldSeparator
    var decimalComma: Bool
    /// Byte offset and 1-based number of the line after the header (or of the first data line without one).
    var dataOffset: Int
    var dataLineNumber: Int
    /// Non-blank lines before the header (or data) that were skipped as annotations: count, first line number, text.
    var skipped: (count: Int, first: Int, text: String)?

    /// The separators tried on a line, most specific first: a tab or `;` in a header line is a separator, a comma
    /// may be a decimal comma only once one of those is present, and whitespace is the last resort.
    static func candidates(_ fixed: FieldSeparator?) -> [FieldSeparator] {
        fixed.map { [$0] } ?? [.tab, .semicolon, .comma, .whitespace]
    }

    /// Finds the layout. The header is line `headerLine` when given, else the first line (in the first 64 KiB)
    /// whose names, split by one of the candidate separators, `isHeader` accepts. With `dataFirst` (a map that
    /// names no column) or `headerLine == 0`, data starts at the first line `isData` accepts, and the line before
    /// it is its header when it splits into as many fields (unless `headerLine == 0`). Returns `nil` when no line fits.
    static func locate(
        _ bytes: UnsafeBufferPointer<UInt8>, file: String, separator fixed: FieldSeparator?, decimalComma: Bool?,
        headerLine: Int?, dataFirst: Bool = false, isHeader: ([String]) -> Bool,
        isData: ([Range<Int>], CSVScanner, FieldSeparator) -> Bool
    ) throws(RecordingError) -> CSVLayout? {
        var scanner = CSVScanner(bytes)
        var skipped: [(number: Int, text: String, range: Range<Int>)] = []
        func summary(_ lines: ArraySlice<(number: Int, text: String, range: Range<Int>)>) -> (count: Int, first: Int, text: String)? {
            lines.first.map { (lines.count, $0.number, $0.text) }
        }
        let searchEnd = 65536
        while scanner.offset < min(bytes.count, searchEnd), let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let number = scanner.lineNumber
            if headerLine == 0 || (headerLine == nil && dataFirst) {
                for separator in candidates(fixed) {
                    let cells = fields(line, scanner, separator)
                    guard isData(cells, scanner, separator) else { continue }
                    var layout = CSVLayout(
                        headerLine: nil, header: [], separator: separator,
                        decimalComma: decimalComma ?? detectDecimalComma(scanner.slice(line), separator),
                        dataOffset: line.lowerBound, dataLineNumber: number, skipped: summary(skipped[...]))
                    if headerLine == nil, let previous = skipped.last,
                        fields(previous.range, scanner, separator).count == cells.count
                    {
                        layout.headerLine = previous.number
                        layout.header = csvHeaderNames(scanner, previous.range, separator: separator)
                        layout.skipped = summary(skipped.dropLast())
                    }
                    return layout
                }
            } else if headerLine == nil || headerLine == number {
                for separator in candidates(fixed) {
                    if fixed == nil, let byte = separator.byte, !scanner.slice(line).contains(byte) { continue }
                    let names = csvHeaderNames(scanner, line, separator: separator)
                    guard isHeader(names) else { continue }
                    return CSVLayout(
                        headerLine: number, header: names, separator: separator,
                        decimalComma: decimalComma ?? nextLineHasDecimalComma(scanner, separator),
                        dataOffset: scanner.offset, dataLineNumber: number + 1, skipped: summary(skipped[...]))
                }
                if headerLine == number { return nil }
            }
            skipped.append((number, scanner.text(line, limit: 60), line))
        }
        return nil
    }

    /// The fields of `line` split at `separator`.
    static func fields(_ line: Range<Int>, _ scanner: CSVScanner, _ separator: FieldSeparator) -> [Range<Int>] {
        withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: line.count + 1) { buffer in
            let count = scanner.splitFields(line, separator: separator, into: buffer)
            return Array(buffer.prefix(count))
        }
    }

    /// Whether the first non-blank line after the scanner's position writes decimal commas.
    static func nextLineHasDecimalComma(_ scanner: CSVScanner, _ separator: FieldSeparator) -> Bool {
        var probe = scanner
        while let line = probe.nextLine() {
            if probe.isBlank(line) { continue }
            return detectDecimalComma(probe.slice(line), separator)
        }
        return false
    }

    /// A line written with decimal commas: a separator other than `,`, a digit-comma-digit, and no decimal point.
    static func detectDecimalComma(_ line: UnsafeBufferPointer<UInt8>, _ separator: FieldSeparator) -> Bool {
        guard separator != .comma, !line.contains(0x2E), line.count >= 3 else { return false }
        for index in 1..<(line.count - 1) where line[index] == 0x2C {
            if (0x30...0x39).contains(line[index - 1]) && (0x30...0x39).contains(line[index + 1]) { return true }
        }
        return false
    }

    /// Parses a number written with a decimal comma (`-0,123`, `1,5e-3`): the field with its comma read as a point.
    static func parseDecimalComma(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.count <= 64 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { copy in
            for index in 0..<bytes.count { copy[index] = bytes[index] == 0x2C ? 0x2E : bytes[index] }
            return DecimalParser.parseDouble(UnsafeBufferPointer(rebasing: copy[0..<bytes.count]))
        }
    }
}
