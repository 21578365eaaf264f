/// A number written with its digits grouped in threes, as a spreadsheet saves a cell whose number format shows
/// thousands separators: `1,234.5` (quoted in a comma-separated file), `1.234,5` (a locale that writes decimal
/// commas), `1 234,5` with a blank, a no-break space (U+00A0) or a narrow no-break space (U+202F), `1'234.5`. Epoch
/// times are where they turn up: `1,700,000,000,000` ms.
///
/// Only unambiguous forms are taken: an optional sign, 1–3 digits, one or more groups of a separator and exactly 3
/// digits (the same separator each time), then optionally a decimal mark (`.` or `,`, not the group separator) and
/// digits. A single group after a comma or a point with no decimal mark (`1,234`, `1.234`) is a decimal number in
/// some locale and is left as it is (``SpreadsheetLayout/decimalCommaIndex(_:)`` reads `1,234` in a semicolon file).
enum DigitGrouping {
    /// The group separators: comma, point, blank, apostrophe, no-break space, narrow no-break space (UTF-8).
    static let separators: [[UInt8]] = [[0x2C], [0x2E], [0x20], [0x27], [0xC2, 0xA0], [0xE2, 0x80, 0xAF]]

    /// Appends `field` to `output` without its group separators — the same digits, the decimal mark a point when
    /// `decimalPoint`, else as written — and returns true, when `field` is a grouped number; else appends nothing
    /// and returns false.
    static func appendUngrouped(_ field: UnsafeBufferPointer<UInt8>, decimalPoint: Bool, to output: inout [UInt8]) -> Bool {
        let start = output.count
        var index = 0
        if index < field.count, field[index] == 0x2B || field[index] == 0x2D {
            output.append(field[index])
            index += 1
        }
        let leading = index
        while index < field.count, isDigit(field[index]) { index += 1 }
        guard (1...3).contains(index - leading) else {
            output.removeSubrange(start...)
            return false
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: field[leading..<index]))
        var groups = 0
        var groupSeparator: [UInt8]? = nil
        grouping: while index < field.count {
            for separator in separators where groupSeparator == nil || groupSeparator! == separator {
                let digits = index + separator.count
                guard digits + 3 <= field.count, field[index] == separator[0],
                    (0..<separator.count).allSatisfy({ field[index + $0] == separator[$0] }),
                    (digits..<digits + 3).allSatisfy({ isDigit(field[$0]) }),
                    digits + 3 == field.count || !isDigit(field[digits + 3])
                else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: field[digits..<digits + 3]))
                groupSeparator = separator
                groups += 1
                index = digits + 3
                continue grouping
            }
            break
        }
        var decimal = false
        if index + 1 < field.count, field[index] == 0x2E || field[index] == 0x2C, groupSeparator != [field[index]],
            isDigit(field[index + 1])
        {
            output.append(decimalPoint ? 0x2E : field[index])
            index += 1
            while index < field.count, isDigit(field[index]) {
                output.append(field[index])
                index += 1
            }
            decimal = true
        }
        let ambiguous = groups == 1 && !decimal && (groupSeparator == [0x2C] || groupSeparator == [0x2E])
        guard groups > 0, index == field.count, !ambiguous else {
            output.removeSubrange(start...)
            return false
        }
        return true
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}
