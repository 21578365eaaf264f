#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exact decimal-text → floating-point conversion over raw bytes, without allocation.
///
/// Fast path (Clinger): up to 19 significant digits gathered into a `UInt64`; when the mantissa is below 2⁵³ and
/// the decimal exponent within ±22, one IEEE multiplication or division gives the correctly rounded `Double`.
/// 17–19 digit mantissas with 0–22 fraction digits take the Eisel–Lemire path (`DecimalParser+EiselLemire.swift`),
/// and the rare products it leaves undecided an exact `UInt128`-verified one (`DecimalParser+LongMantissa.swift`).
/// Interchange accelerometer rows skip the general scanner altogether (`AccelerometerCSVRow`: short `Float` fields,
/// `DecimalParser+ShortFloat.swift`, and fixed-point timestamps, `DecimalParser+FixedPoint.swift`). Everything else (more digits, large exponents, `nan`, `inf`, hex) falls back to the C library's
/// `strtod`/`strtof` on a NUL-terminated stack copy, which is correctly rounded. `Float` values are converted from
/// the `Double` result except when that result sits exactly on a midpoint between two floats (the only case in
/// which double rounding can differ), where `strtof` decides. A value printed by Swift's `description` therefore
/// parses back to the identical bits.
@usableFromInline
enum DecimalParser {
    /// 10ᵏ for k in 0...22, exact (every such power is a Double). A `switch` of literals, which the optimiser
    /// turns into a constant table: no lazy global (a `static let` array cost a `swift_once` call and a bounds
    /// check per number).
    @inlinable @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: preconditionFailure("powerOfTen: \(k) outside 0...22")
        }
    }

    /// The bounds of `bytes` without leading and trailing blanks (spaces and tabs): `start ≤ end`.
    @inlinable @inline(__always)
    static func blankTrimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int) {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return (start, end)
    }

    /// Parses the whole of `bytes` as a number; `nil` when it is not one (leading/trailing blanks are allowed).
    @inlinable
    static func parseDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let (start, end) = blankTrimmed(bytes)
        guard start < end else { return nil }
        var index = start
        var negative = false
        if bytes[index] == 0x2D || bytes[index] == 0x2B {
            negative = bytes[index] == 0x2D
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var sawDigit = false
        var truncated = false
        while index < end, bytes[index] &- 0x30 < 10 {
            let digit = UInt64(bytes[index] &- 0x30)
            sawDigit = true
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ digit
                if mantissa != 0 { significantDigits += 1 }
            } else {
                exponent += 1
                if digit != 0 { truncated = true }
            }
            index += 1
        }
        if index < end, bytes[index] == 0x2E {
            index += 1
            while index < end, bytes[index] &- 0x30 < 10 {
                let digit = UInt64(bytes[index] &- 0x30)
                sawDigit = true
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ digit
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                } else if digit != 0 {
                    truncated = true
                }
                index += 1
            }
        }
        if sawDigit, index < end, bytes[index] | 0x20 == 0x65 {  // e / E
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == 0x2D || bytes[index] == 0x2B {
                exponentNegative = bytes[index] == 0x2D
                index += 1
            }
            var written = 0
            var sawExponentDigit = false
            while index < end, bytes[index] &- 0x30 < 10 {
                sawExponentDigit = true
                if written < 100_000 { written = written * 10 + Int(bytes[index] &- 0x30) }
                index += 1
            }
            if !sawExponentDigit { return slowParseDouble(bytes, start, end) }
            exponent += exponentNegative ? -written : written
        }
        guard sawDigit, index == end else { return slowParseDouble(bytes, start, end) }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if !truncated, mantissa >> 53 == 0, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powerOfTen(-exponent)
            } else {
                value *= powerOfTen(exponent)
            }
            return negative ? -value : value
        }
        if !truncated, exponent <= 0, exponent >= -22, let value = eiselLemire(mantissa, decimalExponent: exponent) {
            return negative ? -value : value
        }
        if !truncated, exponent < 0, exponent >= -22, let value = exactQuotient(mantissa, fractionDigits: -exponent) {
            return negative ? -value : value
        }
        return slowParseDouble(bytes, start, end)
    }


    /// Scans a plain decimal number (`-?digits[.digits][e±digits]`) starting at `start`, stopping at the first
    /// byte that cannot continue it (or `end`), into its parts; `nil` when there is no plain number there.
    @inlinable @inline(__always)
    static func scanDecimal(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> ScannedDecimal? {
        var index = start
        var negative = false
        if index < end, bytes[index] == 0x2D {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var truncated = false
        let integerStart = index
        // Integer part, per digit (usually 1–5 digits: cheaper than the SWAR conversion).
        while index < end, bytes[index] &- 0x30 < 10 {
            if significantDigits < 19 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                if mantissa != 0 { significantDigits += 1 }
            } else {
                exponent += 1
                if bytes[index] != 0x30 { truncated = true }
            }
            index += 1
        }
        var sawDigit = index > integerStart
        if index < end, bytes[index] == 0x2E {
            index += 1
            let fractionStart = index
            // Up to eight digits at a time (SWAR) while the mantissa has room for them; a run shorter than eight
            // (the usual 7-digit tail of a Float) ends the loop. Digits beyond the 19th go to the loop below.
            while index + 8 <= end {
                let (run, count) = leadingDigits(bytes + index)
                guard count > 0, significantDigits + count <= 19 else { break }
                mantissa = mantissa &* digitRunScale(count) &+ run
                significantDigits = mantissa == 0 ? 0 : (significantDigits == 0 ? decimalDigitCount(mantissa) : significantDigits + count)
                exponent -= count
                index += count
                if count < 8 { break }
            }
            while index < end, bytes[index] &- 0x30 < 10 {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30)
                    if mantissa != 0 { significantDigits += 1 }
                    exponent -= 1
                } else if bytes[index] != 0x30 {
                    truncated = true
                }
                index += 1
            }
            sawDigit = sawDigit || index > fractionStart
        }
        guard sawDigit else { return nil }
        if index < end, bytes[index] | 0x20 == 0x65 {
            var cursor = index + 1
            var exponentNegative = false
            if cursor < end, bytes[cursor] == 0x2D || bytes[cursor] == 0x2B {
                exponentNegative = bytes[cursor] == 0x2D
                cursor += 1
            }
            let digitsStart = cursor
            var written = 0
            while cursor < end, bytes[cursor] &- 0x30 < 10 {
                if written < 100_000 { written = written * 10 + Int(bytes[cursor] &- 0x30) }
                cursor += 1
            }
            guard cursor > digitsStart else { return nil }
            exponent += exponentNegative ? -written : written
            index = cursor
        }
        return ScannedDecimal(
            mantissa: mantissa, exponent: exponent, negative: negative, truncated: truncated, end: index)
    }

    /// Scans a plain decimal number (`-?digits[.digits][e±digits]`) starting at `start`, stopping at the first
    /// byte that cannot continue it (or `end`). Returns the value and the index after the number, or `nil` when
    /// there is no plain number there (then use ``parseDouble(_:)`` on the whole field). Correctly rounded: the
    /// Clinger fast path, the exact long-mantissa path, otherwise `strtod` on the scanned text.
    /// `readableEnd` (≥ `end`): bytes up to there may be read ahead in whole words (the buffer's end).
    @inlinable
    static func scanDouble(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, readableEnd: Int? = nil)
        -> (Double, Int)?
    {
        guard let scanned = scanCommonDecimal(bytes, start, end, readableEnd: readableEnd ?? end)
            ?? scanDecimal(bytes, start, end)
        else { return nil }
        return finishDouble(scanned, bytes, start, end)
    }

    /// The correctly rounded `Double` of `scanned` (whose text starts at `start`) and the index after it.
    @inlinable @inline(__always)
    static func finishDouble(_ scanned: ScannedDecimal, _ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int)
        -> (Double, Int)?
    {
        let (mantissa, exponent, negative, truncated, index) =
            (scanned.mantissa, scanned.exponent, scanned.negative, scanned.truncated, scanned.end)
        if mantissa == 0 { return (negative ? -0.0 : 0.0, index) }
        if !truncated, mantissa >> 53 == 0, exponent >= -22, exponent <= 22 {
            var value = Double(mantissa)
            if exponent < 0 {
                value /= powerOfTen(-exponent)
            } else {
                value *= powerOfTen(exponent)
            }
            return (negative ? -value : value, index)
        }
        if !truncated, exponent <= 0, exponent >= -22, let value = eiselLemire(mantissa, decimalExponent: exponent) {
            return (negative ? -value : value, index)
        }
        if !truncated, exponent < 0, exponent >= -22, let value = exactQuotient(mantissa, fractionDigits: -exponent) {
            return (negative ? -value : value, index)
        }
        guard let value = slowParseDouble(UnsafeBufferPointer(start: bytes, count: end), start, index) else { return nil }
        return (value, index)
    }

    /// Number of decimal digits of a nonzero value.
    @inlinable
    static func decimalDigitCount(_ value: UInt64) -> Int {
        if value < 10_000 {
            return value < 100 ? (value < 10 ? 1 : 2) : (value < 1000 ? 3 : 4)
        }
        if value < 100_000_000 {
            return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : (value < 10_000_000 ? 7 : 8)
        }
        var count = 8
        var rest = value / 100_000_000
        while rest != 0 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// A `Double` parsed from `Float` text, narrowed exactly as ``parseFloat(_:)`` does (`nil`: ask `strtof`).
    @inlinable @inline(__always)
    static func narrowToFloat(_ double: Double) -> Float? {
        let magnitude = abs(double)
        if magnitude < Double(Float.leastNormalMagnitude) && magnitude != 0 { return nil }
        let single = Float(double)
        if single.isFinite && double.bitPattern & 0x1FFF_FFFF == 0x1000_0000 { return nil }
        return single
    }

    /// Parses the whole of `bytes` as a decimal integer (optional sign, up to 18 digits, or any that fit Int64).
    @inlinable
    static func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        let (trimmedStart, end) = blankTrimmed(bytes)
        var start = trimmedStart
        guard start < end else { return nil }
        var negative = false
        if bytes[start] == 0x2D || bytes[start] == 0x2B {
            negative = bytes[start] == 0x2D
            start += 1
        }
        guard start < end else { return nil }
        var value: Int64 = 0
        for index in start..<end {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Parses the whole of `bytes` as a `Float`, correctly rounded from the decimal text.
    @inlinable
    static func parseFloat(_ bytes: UnsafeBufferPointer<UInt8>) -> Float? {
        guard let double = parseDouble(bytes) else { return nil }
        let single = Float(double)
        // Double rounding can only go wrong when the Double landed exactly on a midpoint between two floats.
        let magnitude = abs(double)
        if magnitude < Double(Float.leastNormalMagnitude) && magnitude != 0
            || (single.isFinite && double.bitPattern & 0x1FFF_FFFF == 0x1000_0000)
        {
            return slowParseFloat(bytes)
        }
        return single
    }
}
