/// Parsers for times written as text in generic CSV files, over the field's bytes (no allocation).
enum TimeText {
    /// An ISO 8601 / RFC 3339 date and time: `YYYY-MM-DD`, then `T` or a space, `hh:mm:ss`, an optional fraction
    /// (`.` or `,`, any number of digits), and an optional zone (`Z`, `±hh:mm`, `±hhmm`, `±hh`; none: UTC).
    /// Returns whole seconds since the Unix epoch and the fraction of a second (kept apart: a `Double` of epoch
    /// seconds would keep only ~0.2 µs).
    static func iso8601(_ bytes: UnsafeBufferPointer<UInt8>) -> (seconds: Int64, fraction: Double)? {
        let (start, end) = DecimalParser.blankTrimmed(bytes)
        var index = start
        func number(_ digits: Int) -> Int? {
            guard index + digits <= end else { return nil }
            var value = 0
            for _ in 0..<digits {
                let digit = Int(bytes[index]) - 0x30
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(0x2D), let month = number(2), expect(0x2D), let day = number(2),
            (1...12).contains(month), (1...31).contains(day), index < end,
            bytes[index] == 0x54 || bytes[index] == 0x74 || bytes[index] == 0x20
        else { return nil }
        index += 1
        guard let clock = timeOfDayParts(bytes, &index, end: end) else { return nil }
        var offset = 0
        if index < end {
            switch bytes[index] {
            case 0x5A, 0x7A: index += 1  // Z
            case 0x2B, 0x2D:
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let hours = number(2) else { return nil }
                _ = expect(0x3A)
                let minutes = index < end ? number(2) : 0
                guard let minutes, hours <= 23, minutes <= 59 else { return nil }
                offset = sign * (hours * 3600 + minutes * 60)
            default: return nil
            }
        }
        guard index == end else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return (Int64(days) * 86400 + Int64(clock.whole) - Int64(offset), clock.fraction)
    }

    /// A time of day `h:mm:ss`, `hh:mm:ss.fff` (fraction after `.` or `,`), as seconds since midnight.
    static func timeOfDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let (start, end) = DecimalParser.blankTrimmed(bytes)
        var index = start
        guard let clock = timeOfDayParts(bytes, &index, end: end), index == end else { return nil }
        return Double(clock.whole) + clock.fraction
    }

    /// `h:mm:ss[.fff]` at `index`: whole seconds since midnight and the fraction; `index` ends after it.
    private static func timeOfDayParts(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, end: Int)
        -> (whole: Int, fraction: Double)?
    {
        var parts = SIMD3<Int>()  // hours, minutes, seconds (no array: this runs once per row)
        for part in 0..<3 {
            if part > 0 {
                guard index < end, bytes[index] == 0x3A else { return nil }
                index += 1
            }
            var digits = 0
            var value = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39, digits < 2 {
                value = value * 10 + Int(bytes[index] - 0x30)
                digits += 1
                index += 1
            }
            guard digits == 2 || (part == 0 && digits == 1) else { return nil }
            parts[part] = value
        }
        guard parts[0] <= 24, parts[1] <= 59, parts[2] <= 60 else { return nil }
        var fraction = 0.0
        if index < end, bytes[index] == 0x2E || bytes[index] == 0x2C {
            index += 1
            var numerator: Int64 = 0
            var denominator = 1.0
            var digits = 0
            while index < end, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 18 {
                    numerator = numerator * 10 + Int64(bytes[index] - 0x30)
                    denominator *= 10
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            fraction = Double(numerator) / denominator
        }
        return (parts[0] * 3600 + parts[1] * 60 + parts[2], fraction)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }
}
