#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a spreadsheet (or a script's "quote everything" CSV writer) saved a text table, when it is not plain CSV:
/// fields separated by semicolons — with decimal commas (`0,123`), as spreadsheets in locales that write decimal
/// commas save "CSV" — or by tabs (TSV, "Unicode/Text" saves), or fields in quotes (`"77349.026","0.27"`, as
/// `csv.QUOTE_ALL`, pandas' `to_csv(quoting=1)` and some exporters write).
///
/// ``SpreadsheetRewriter`` rewrites such text line by line into plain CSV — the same lines, the same fields in the
/// same columns, the same digits — so that the readers parse exactly the numbers of the clean file and every line and
/// column they name is the source's. Found from the head of the file (``detect(_:keepingSeparator:)``); plain
/// comma-separated text without quotes in its rows gives `nil`, and is read as it is, with no extra pass.
struct SpreadsheetLayout: Sendable, Equatable {
    /// What separates the fields: a comma, a semicolon or a tab.
    var separator: FieldSeparator
    /// Rewrite the separator to commas and decimal commas to points (every reader but the generic one); when
    /// false, only the quotes are removed (the generic column-mapped reader reads any separator and decimal commas
    /// itself, and a column map may name the separator).
    var toCommas: Bool

    /// Bytes of the file's head looked at: the header and the first rows.
    static let headBytes = 65536

    /// The layout of the text starting `bytes` (its first ``headBytes`` looked at), or `nil` for text read as it
    /// is: comma separated (or, with `keepingSeparator`, any separator) with no quote in any row after the first
    /// non-blank line. A header in quotes alone is left to the readers, which find quoted names themselves.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>, keepingSeparator: Bool) -> SpreadsheetLayout? {
        let head = UnsafeBufferPointer(rebasing: bytes.prefix(headBytes))
        var scanner = CSVScanner(head)
        var header: Range<Int>?
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            header = line
            break
        }
        guard let header else { return nil }
        let separator = headerSeparator(UnsafeBufferPointer(rebasing: head[header]))
        // memchr: the plain file's only cost (a few µs for 64 KiB), so that its import does not slow down.
        let quotedRows = head.baseAddress.map { memchr($0 + scanner.offset, Int32(quote), head.count - scanner.offset) != nil } ?? false
        if keepingSeparator || separator == .comma {
            if quotedRows { return SpreadsheetLayout(separator: separator, toCommas: !keepingSeparator) }
            // Thousands separators in a semicolon or tab file the generic reader reads itself (in a comma file
            // they come in quotes).
            if keepingSeparator && separator != .comma && groupedNumbers(head, from: scanner.offset, separator: separator) {
                return SpreadsheetLayout(separator: separator, toCommas: false)
            }
            return nil
        }
        return SpreadsheetLayout(separator: separator, toCommas: true)
    }

    /// The layout of text that ``detect(_:keepingSeparator:)`` reads as it is from its head, when a row after the
    /// head holds a quote (a text field quoted only where it first holds something, or rows appended by another
    /// writer): every byte after ``headBytes`` is looked at (`memchr`), `release` called with the bytes behind
    /// every 8 MiB looked at so that a long mapping does not stay resident. `nil` when there is no quote.
    static func detectBeyondHead(
        _ bytes: UnsafeBufferPointer<UInt8>, keepingSeparator: Bool, release: (Range<Int>) -> Void
    ) -> SpreadsheetLayout? {
        guard bytes.count > headBytes, let base = bytes.baseAddress else { return nil }
        var start = headBytes
        while start < bytes.count {
            let end = min(bytes.count, start + ReadBehindRelease.chunkBytes)
            let found = memchr(base + start, Int32(quote), end - start) != nil
            if end < bytes.count || found { release(0..<end) }
            if found { break }
            start = end
        }
        guard start < bytes.count else { return nil }
        let head = UnsafeBufferPointer(rebasing: bytes.prefix(headBytes))
        var scanner = CSVScanner(head)
        while let line = scanner.nextLine() {
            if scanner.isBlank(line) { continue }
            let separator = headerSeparator(UnsafeBufferPointer(rebasing: head[line]))
            return SpreadsheetLayout(separator: separator, toCommas: !keepingSeparator)
        }
        return nil
    }

    /// Whether a field of the rows of `head` from `offset` on (fields separated by `separator`) is a number with
    /// thousands separators (``DigitGrouping``).
    static func groupedNumbers(_ head: UnsafeBufferPointer<UInt8>, from offset: Int, separator: FieldSeparator) -> Bool {
        guard let byte = separator.byte else { return false }
        var output: [UInt8] = []
        var start = offset
        for index in offset...head.count where index == head.count || head[index] == byte || head[index] == 0x0A || head[index] == 0x0D {
            if index > start, DigitGrouping.appendUngrouped(UnsafeBufferPointer(rebasing: head[start..<index]), decimalPoint: true, to: &output) {
                return true
            }
            start = index + 1
        }
        return false
    }

    /// The separator of a header line: a tab or a semicolon when the line holds one outside quotes and no comma
    /// but between two digits (a decimal comma), else a comma.
    static func headerSeparator(_ line: UnsafeBufferPointer<UInt8>) -> FieldSeparator {
        var (tabs, semicolons, commas) = (0, 0, 0)
        var inQuotes = false
        for index in line.indices {
            switch line[index] {
            case quote: inQuotes.toggle()
            case _ where inQuotes: continue
            case 0x09: tabs += 1
            case 0x3B: semicolons += 1
            case 0x2C:
                let betweenDigits = index > 0 && index + 1 < line.count && isDigit(line[index - 1]) && isDigit(line[index + 1])
                if !betweenDigits { commas += 1 }
            default: continue
            }
        }
        if commas == 0 && tabs > 0 { return .tab }
        if commas == 0 && semicolons > 0 { return .semicolon }
        return .comma
    }

    static let quote: UInt8 = 0x22

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// Where the decimal comma of `field` is when it is a number written with one — an optional sign, digits, one
    /// comma, digits (at least one), an optional exponent (`-0,123`, `1,5E-05`) — else `nil`.
    static func decimalCommaIndex(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        if index < field.count, field[index] == 0x2B || field[index] == 0x2D { index += 1 }
        while index < field.count, isDigit(field[index]) { index += 1 }
        guard index < field.count, field[index] == 0x2C else { return nil }
        let comma = index
        index += 1
        while index < field.count, isDigit(field[index]) { index += 1 }
        guard index > comma + 1 else { return nil }
        if index < field.count, field[index] == 0x45 || field[index] == 0x65 {
            index += 1
            if index < field.count, field[index] == 0x2B || field[index] == 0x2D { index += 1 }
            let exponent = index
            while index < field.count, isDigit(field[index]) { index += 1 }
            guard index > exponent else { return nil }
        }
        return index == field.count ? comma : nil
    }
}
