#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rewrites text in a ``SpreadsheetLayout`` into plain CSV, line by line: each field loses the quotes around it
/// (unless what they hold would then split or join fields: a separator, a quote), a semicolon or tab between fields
/// becomes a comma and a number's decimal comma a point (when ``SpreadsheetLayout/toCommas``); a number's thousands
/// separators are removed (``DigitGrouping``). Line breaks, a
/// byte-order mark and every other byte are kept, so lines and columns are the source's and the digits are the
/// ones written. Counts what it changed, for the finding that reports it.
struct SpreadsheetRewriter {
    let layout: SpreadsheetLayout
    /// Fields whose quotes were removed.
    private(set) var unquotedFields = 0
    /// Numbers whose decimal comma became a point.
    private(set) var decimalCommas = 0
    /// Numbers read without their thousands separators (``DigitGrouping``).
    private(set) var groupedNumbers = 0
    /// Text fields of a semicolon or tab file holding a comma, read with a semicolon in its place.
    private(set) var textCommas = 0
    /// Lines whose fields were separated by the layout's separator and rejoined with commas.
    private(set) var separatedLines = 0
    /// 1-based number of the first line changed, of the last line rewritten.
    private(set) var firstChangedLine: Int?
    private var lineNumber = 0

    init(_ layout: SpreadsheetLayout) { self.layout = layout }

    /// Rewrites `bytes[line]` (one line without its line break) into `output`.
    mutating func rewrite(_ bytes: UnsafeBufferPointer<UInt8>, line: Range<Int>, into output: inout [UInt8]) {
        lineNumber += 1
        let before = (unquotedFields, decimalCommas, separatedLines, groupedNumbers, textCommas)
        let separator = layout.separator.byte ?? 0x2C
        let outputSeparator = layout.toCommas ? UInt8(0x2C) : separator
        var start = line.lowerBound
        var fields = 0
        while true {
            var end = start
            var inner: Range<Int>?
            if start < line.upperBound, bytes[start] == SpreadsheetLayout.quote {
                // A quoted field: its closing quote must end the field; a doubled quote inside keeps it as written.
                var close = start + 1
                var doubled = false
                while close < line.upperBound {
                    if bytes[close] == SpreadsheetLayout.quote {
                        if close + 1 < line.upperBound, bytes[close + 1] == SpreadsheetLayout.quote {
                            doubled = true
                            close += 2
                            continue
                        }
                        break
                    }
                    close += 1
                }
                if close < line.upperBound, close + 1 == line.upperBound || bytes[close + 1] == separator {
                    end = close + 1
                    if !doubled { inner = (start + 1)..<close }
                }
            }
            if end == start, let base = bytes.baseAddress {
                let found = memchr(base + start, Int32(separator), line.upperBound - start)
                end = found.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? line.upperBound
            }
            if fields > 0 { output.append(outputSeparator) }
            fields += 1
            emit(bytes, field: start..<end, inner: inner, separators: (separator, outputSeparator), into: &output)
            if end >= line.upperBound { break }
            start = end + 1
        }
        if fields > 1 && outputSeparator != separator { separatedLines += 1 }
        if firstChangedLine == nil && before != (unquotedFields, decimalCommas, separatedLines, groupedNumbers, textCommas) {
            firstChangedLine = lineNumber
        }
    }

    /// Appends one field: `inner` is what its quotes hold when it is quoted (and holds no doubled quote).
    /// `separators`: the source's and the output's, which would split the field if its quotes went.
    private mutating func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, field: Range<Int>, inner: Range<Int>?, separators: (UInt8, UInt8),
        into output: inout [UInt8]
    ) {
        let content = inner ?? field
        let text = UnsafeBufferPointer(rebasing: bytes[content])
        if layout.toCommas && layout.separator != .comma, let comma = SpreadsheetLayout.decimalCommaIndex(text) {
            output.append(contentsOf: text)
            output[output.count - text.count + comma] = 0x2E
            decimalCommas += 1
            if inner != nil { unquotedFields += 1 }
            return
        }
        // The generic reader reads a semicolon file's decimal commas itself: its decimal mark is kept there.
        if DigitGrouping.appendUngrouped(text, decimalPoint: layout.toCommas || layout.separator == .comma, to: &output) {
            groupedNumbers += 1
            if inner != nil { unquotedFields += 1 }
            return
        }
        // Text (a letter in it) holding a comma, which plain CSV without quotes cannot hold: its commas become
        // semicolons, which a comma-separated line does not split at.
        if layout.toCommas && layout.separator != .comma && text.contains(0x2C)
            && !text.contains(where: { $0 == SpreadsheetLayout.quote || $0 == separators.0 })
            && text.contains(where: { $0 >= 0x80 || ($0 | 0x20) &- 0x61 < 26 })
        {
            output.append(contentsOf: text.lazy.map { $0 == 0x2C ? 0x3B : $0 })
            textCommas += 1
            if inner != nil { unquotedFields += 1 }
            return
        }
        if inner != nil {
            if !text.contains(where: { $0 == SpreadsheetLayout.quote || $0 == separators.0 || $0 == separators.1 }) {
                output.append(contentsOf: text)
                unquotedFields += 1
                return
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[field]))
    }

    /// The repair finding for `file` once every line is rewritten, `nil` when nothing changed.
    func finding(file: String) -> HygieneFinding? {
        guard let firstChangedLine else { return nil }
        var read: [String] = []
        if separatedLines > 0 {
            let name = layout.separator == .tab ? "tabs (tab-separated text)" : "semicolons"
            read.append(
                "fields separated by \(name)"
                    + (decimalCommas > 0 ? " with decimal commas, as a spreadsheet saves them in a locale that writes decimal commas" : ""))
        } else if decimalCommas > 0 {
            read.append("\(decimalCommas) number(s) with a decimal comma")
        }
        if groupedNumbers > 0 {
            read.append("\(groupedNumbers) number(s) with thousands separators (1,234.5 or 1.234,5 or 1 234,5), read without them")
        }
        if textCommas > 0 {
            read.append("\(textCommas) text field(s) holding a comma, read with a semicolon in its place")
        }
        if unquotedFields > 0 {
            read.append("\(unquotedFields) field(s) in quotes, as a spreadsheet or a \"quote every field\" CSV writer saves them")
        }
        return HygieneFinding(
            kind: .layout, file: file, line: firstChangedLine,
            message: read.joined(separator: "; ")
                + (layout.toCommas ? ": read as plain comma-separated CSV, the same numbers"
                    : unquotedFields > 0 ? ": read without the quotes" : ": read as the same numbers"))
    }
}
