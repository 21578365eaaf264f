import Foundation

/// Reads numeric CSV rows into a per-row scratch buffer of `Double`s and hands each row to a consumer: the shared
/// core of every text importer. Parses over the raw bytes (no per-line allocation); every rejection names the
/// file, the 1-based line, the column and the reason.
struct NumericCSVReader {
    /// One column to read.
    struct Column {
        /// 0-based field index in the row.
        var field: Int
        /// Name for messages (header name or a role such as "x").
        var name: String
        /// Parse as `Float` (exact to the printed digits) rather than `Double`; stored widened in the row.
        var isFloat: Bool
        /// Parse as an exact `Int64` (e.g. nanoseconds since the epoch), stored as its bit pattern in the row:
        /// read it back with ``NumericCSVReader/integer(_:)``.
        var isInteger: Bool = false
        /// An empty field reads as ``emptyFieldMarker`` (a NaN with a payload) instead of being an error.
        var allowsEmpty: Bool = false
        /// An empty field reads as a quiet NaN — how pandas and most spreadsheets write a missing value — which the
        /// hygiene checks then drop and report with its line, instead of the whole file being an error.
        var emptyIsNaN: Bool = false
        /// Parses the field's bytes instead of the number parsers (a decimal comma, time text); `nil` from it is
        /// "not a number" (or an empty field, with `allowsEmpty`).
        var parse: (@Sendable (UnsafeBufferPointer<UInt8>) -> Double?)? = nil
    }

    var file: String
    var columns: [Column]
    /// Rows must have exactly this many fields, or at least `columns`' largest index + 1 when `nil`.
    var expectedFieldCount: Int?
    /// What separates the fields of a row.
    var separator: FieldSeparator = .comma

    /// What ``LineReader/readLine(_:blankLine:row:)`` found.
    enum LineOutcome {
        /// A data row (given to `row`) or a blank line (given to `blankLine`).
        case line
        /// The end of the text.
        case end
        /// The text ends inside its last line — no line break after it, and too few fields or its last field not
        /// a number: a file cut short while being written. The line is dropped; the finding says so.
        case endInsideLastLine(HygieneFinding)
    }

    /// Reads lines from `scanner`'s current position to the end. `row` gets the values in `columns` order and the
    /// line number; `blankLine` gets the number of each empty (or all-blank) line, which is otherwise skipped.
    /// Returns the ``HygieneFinding/Kind/truncated`` finding when the text ends inside its last line (dropped).
    /// With `mapping` (the file `scanner` reads), the pages already parsed are released (``ReadBehindRelease``).
    @discardableResult
    func read(
        _ scanner: inout CSVScanner,
        releasingBehindIn mapping: MappedFile? = nil,
        blankLine: (Int) -> Void = { _ in },
        row: (UnsafeBufferPointer<Double>, Int) throws(RecordingError) -> Void
    ) throws(RecordingError) -> HygieneFinding? {
        let lines = LineReader(self, readableEnd: scanner.bytes.count)
        var behind = ReadBehindRelease(mapping)
        while true {
            behind.advance(to: scanner.offset)
            switch try lines.readLine(&scanner, blankLine: blankLine, row: row) {
            case .line: continue
            case .end: return nil
            case .endInsideLastLine(let finding): return finding
            }
        }
    }

    /// The reader with its per-row scratch space allocated once: reads one line per call, so that a caller with
    /// a faster path for its own common row shape can hand every other line to the general reader.
    struct LineReader: ~Copyable {
        let reader: NumericCSVReader
        private let fields: UnsafeMutableBufferPointer<Range<Int>>
        private let values: UnsafeMutableBufferPointer<Double>
        private let requiredFields: Int
        private let columnFields: [Int]
        private let columnIsFloat: [Bool]
        private let columnIsInteger: [Bool]
        private let columnAllowsEmpty: [Bool]
        private let columnEmptyIsNaN: [Bool]
        private let columnParsers: [(@Sendable (UnsafeBufferPointer<UInt8>) -> Double?)?]
        /// The row is exactly the requested columns in order (see ``readLine(_:blankLine:row:)``).
        private let isPlainRow: Bool
        /// Float columns of the plain-row path as bits (no array access per value); only used when ≤ 64 columns.
        private let floatColumns: UInt64

        /// Scratch space for `reader`'s rows; `readableEnd` is the length of the scanner's buffer.
        init(_ reader: NumericCSVReader, readableEnd: Int) {
            self.reader = reader
            let columns = reader.columns
            requiredFields = reader.expectedFieldCount ?? (columns.map(\.field).max() ?? -1) + 1
            fields = .allocate(capacity: max(requiredFields, (columns.map(\.field).max() ?? 0) + 1))
            values = .allocate(capacity: max(columns.count, 1))
            columnFields = columns.map(\.field)
            columnIsFloat = columns.map(\.isFloat)
            columnIsInteger = columns.map(\.isInteger)
            columnAllowsEmpty = columns.map(\.allowsEmpty)
            columnEmptyIsNaN = columns.map(\.emptyIsNaN)
            columnParsers = columns.map(\.parse)
            isPlainRow = reader.expectedFieldCount == columns.count && reader.separator == .comma
                && columns.enumerated().allSatisfy { $1.field == $0 && !$1.isInteger && !$1.allowsEmpty && $1.parse == nil }
            floatColumns = columnIsFloat.prefix(64).enumerated().reduce(UInt64(0)) { $0 | ($1.element ? 1 << $1.offset : 0) }
        }

        deinit {
            fields.deallocate()
            values.deallocate()
        }

        /// Reads the line at `scanner`'s position: a data row goes to `row` (values in `columns` order, line
        /// number), an empty (or all-blank) line to `blankLine`.
        func readLine(
            _ scanner: inout CSVScanner,
            blankLine: (Int) -> Void,
            row: (UnsafeBufferPointer<Double>, Int) throws(RecordingError) -> Void
        ) throws(RecordingError) -> LineOutcome {
            let base = scanner.bytes.baseAddress
            let columnCount = reader.columns.count
            let readableEnd = scanner.bytes.count
            // Single-pass fast path when the row is exactly the requested columns in order: scan each number
            // straight off the bytes from the scanner's position, without finding the line end first: the numbers
            // stop at the first byte that cannot continue them, so the line end shows up as the terminator after
            // the last one (`\n`, `\r\n`, or a final line without either). Anything unusual (blanks, nan, a missing
            // field) falls through to the general path for that line, which produces the exact message.
            if isPlainRow, columnCount <= 64, let base, scanner.offset < readableEnd {
                var position = scanner.offset
                var complete = true
                for index in 0..<columnCount {
                    let isFloat = floatColumns >> UInt64(index) & 1 != 0
                    // Float columns: correctly rounded Float (widened), or nil when strtof must decide.
                    guard let (value, next) = isFloat
                        ? DecimalParser.scanFloat(base, position, readableEnd, readableEnd: readableEnd)
                        : DecimalParser.scanDouble(base, position, readableEnd, readableEnd: readableEnd)
                    else {
                        complete = false
                        break
                    }
                    if index == columnCount - 1 {
                        position = next
                    } else {
                        guard next < readableEnd, base[next] == 0x2C else {
                            complete = false
                            break
                        }
                        values[index] = value
                        position = next + 1
                        continue
                    }
                    values[index] = value
                }
                if complete, let lineEnd = CSVScanner.lineEnd(base, at: position, readableEnd: readableEnd) {
                    scanner.offset = lineEnd
                    scanner.lineNumber += 1
                    try row(UnsafeBufferPointer(values), scanner.lineNumber)
                    return .line
                }
            }
            guard let line = scanner.nextLine() else { return .end }
            if scanner.isBlank(line) {
                blankLine(scanner.lineNumber)
                return .line
            }
            let count = reader.separator == .comma
                ? scanner.splitFields(line, into: fields) : scanner.splitFields(line, separator: reader.separator, into: fields)
            // A last line the text ends inside may be short of fields or cut inside its last number: the start of
            // a row (its complete fields must still be numbers), dropped with a finding rather than an error.
            let endsInside = Self.textEndsInside(line, scanner)
            let expected = reader.expectedFieldCount ?? requiredFields
            let isCutShort = endsInside && count < expected
            if !isCutShort {
                if let expectedFieldCount = reader.expectedFieldCount, count != expectedFieldCount {
                    throw reader.fieldCountError(scanner, line: line, found: count, expected: expectedFieldCount)
                } else if count < requiredFields {
                    throw reader.fieldCountError(scanner, line: line, found: count, expected: requiredFields)
                }
            }
            for index in 0..<columnFields.count where columnFields[index] < count {
                let range = fields[columnFields[index]]
                let bytes = scanner.slice(range)
                let parsed: Double?
                if let parse = columnParsers[index] {
                    parsed = parse(bytes)
                } else if columnIsInteger[index] {
                    parsed = DecimalParser.parseInt64(bytes).map { Double(bitPattern: UInt64(bitPattern: $0)) }
                } else if columnIsFloat[index] {
                    parsed = DecimalParser.parseFloat(bytes).map(Double.init)
                } else {
                    parsed = DecimalParser.parseDouble(bytes)
                }
                if let parsed {
                    values[index] = parsed
                } else if columnAllowsEmpty[index] && scanner.isBlank(range) {
                    values[index] = emptyFieldMarker
                } else if endsInside && range.upperBound == line.upperBound {
                    let column = reader.columns[index]
                    return .endInsideLastLine(reader.droppedLastLine(
                        scanner, reason: "column \(column.field + 1) \"\(column.name)\" ends in \"\(scanner.text(range))\""))
                } else if columnEmptyIsNaN[index] && scanner.isBlank(range) {
                    values[index] = .nan
                } else {
                    throw reader.notANumber(scanner, column: index, range: range, line: line)
                }
            }
            if isCutShort {
                return .endInsideLastLine(reader.droppedLastLine(scanner, reason: "expected \(expected) fields, found \(count)"))
            }
            try row(UnsafeBufferPointer(values), scanner.lineNumber)
            return .line
        }

        /// Whether `line` is the last of the text and the text ends inside it: no line break, nor the `\r` of one,
        /// follows it (``CSVScanner/nextLine()`` leaves both out of the line).
        private static func textEndsInside(_ line: Range<Int>, _ scanner: CSVScanner) -> Bool {
            line.upperBound == scanner.bytes.count
        }
    }

    /// The `Int64` stored in a row slot of an `isInteger` column.
    @inline(__always)
    static func integer(_ slot: Double) -> Int64 { Int64(bitPattern: slot.bitPattern) }

    @inline(never)
    fileprivate func fieldCountError(_ scanner: CSVScanner, line: Range<Int>, found: Int, expected: Int)
        -> RecordingError
    {
        repeatedHeaderError(scanner, line: line)
            ?? .malformed(
                file: file, line: scanner.lineNumber, column: nil, columnName: nil,
                reason: "expected \(expected) fields, found \(found)")
    }

    /// The error for a data line that repeats the header line: files joined end to end, which the reader does not
    /// take apart (their clocks may overlap), so the message says where to split them.
    fileprivate func repeatedHeaderError(_ scanner: CSVScanner, line: Range<Int>) -> RecordingError? {
        guard let header = scanner.earlierLineRepeated(by: line) else { return nil }
        return .malformed(
            file: file, line: scanner.lineNumber, column: nil, columnName: nil,
            reason: "this line repeats the header (line \(header)): files joined end to end, as `cat a.csv b.csv` "
                + "leaves them; split the file before this line, or delete the line if the rows after it continue the recording")
    }

    /// The finding for a last line the text ends inside (`reason`: what is wrong with it).
    @inline(never)
    fileprivate func droppedLastLine(_ scanner: CSVScanner, reason: String) -> HygieneFinding {
        HygieneFinding(
            kind: .truncated, file: file, line: scanner.lineNumber,
            message: "the file ends inside this line (\(reason)), as a recording cut short does: line dropped")
    }

    @inline(never)
    fileprivate func notANumber(_ scanner: CSVScanner, column index: Int, range: Range<Int>, line: Range<Int>)
        -> RecordingError
    {
        if let repeatedHeader = repeatedHeaderError(scanner, line: line) { return repeatedHeader }
        let column = columns[index]
        let text = scanner.text(range)
        var reason = scanner.isBlank(range) ? "empty field, expected a number" : "\"\(text)\" is not a number"
        // A spreadsheet's "quote every field" export: say that it is the quotes.
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\""),
            Double(trimmed.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)) != nil
        {
            reason = "\(trimmed) is a number in quotes: export the file without quoting numbers"
        }
        return .malformed(
            file: file, line: scanner.lineNumber, column: column.field + 1, columnName: column.name, reason: reason)
    }
}

/// Reads a whole file into memory (memory-mapped when the platform allows) and runs `body` over its bytes.
func withFileBytes<R>(
    _ url: URL, _ body: (UnsafeBufferPointer<UInt8>) throws(RecordingError) -> R
) throws(RecordingError) -> R {
    try FileKind.requireReadableFile(url.path)
    let data: Data
    do {
        data = try Data(contentsOf: url, options: .alwaysMapped)
    } catch {
        throw .unreadable(file: url.path, reason: describeFileError(error))
    }
    return try withBytes(data, body)
}

/// Runs `body` over the bytes of `data`.
func withBytes<R>(
    _ data: Data, _ body: (UnsafeBufferPointer<UInt8>) throws(RecordingError) -> R
) throws(RecordingError) -> R {
    let result: Result<R, RecordingError> = data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        do throws(RecordingError) { return .success(try body(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
}

func describeFileError(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
        let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain
    {
        return String(cString: strerror(posix.rawValue))
    }
    if nsError.domain == NSCocoaErrorDomain {
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: break
        }
    }
    return nsError.localizedDescription
}
