/// The common shape of interchange numbers without the general scanner's per-digit bookkeeping: an optional `-`,
/// 1–7 integer digits, `.`, and 1–15 fraction digits, at most 19 digits in all, no exponent (`-0.1437196`,
/// `56257.44367168934`). The integer part and each run of up to eight fraction digits are converted by one SWAR
/// step each (``DecimalParser/leadingDigits(_:)``), reading whole 8-byte words; digits never run past a line end,
/// so the words may extend beyond the field as long as they stay inside the buffer (`readableEnd`).
///
/// Whenever it answers, the answer is the identical ``DecimalParser/ScannedDecimal`` that
/// ``DecimalParser/scanDecimal(_:_:_:)`` gives (no digit is dropped with ≤ 19 digits, so mantissa and exponent are
/// exact); every other text answers `nil` and goes to the general scanner, so the conversion that follows is
/// unchanged.
extension DecimalParser {
    @inlinable @inline(__always)
    static func scanCommonDecimal(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, readableEnd: Int)
        -> ScannedDecimal?
    {
        var index = start
        let negative = index < end && bytes[index] == 0x2D
        if negative { index += 1 }
        guard index + 24 <= readableEnd else { return nil }
        // One integer digit (`-0.`, `1.`: the acceleration columns) without the SWAR conversion.
        let first = bytes[index] &- 0x30
        let (integer, integerCount) = first < 10 && bytes[index + 1] == 0x2E
            ? (UInt64(first), 1) : leadingDigits(bytes + index)
        index += integerCount
        guard integerCount > 0, integerCount < 8, index < end, bytes[index] == 0x2E else { return nil }
        index += 1
        let (head, headCount) = leadingDigits(bytes + index)
        guard headCount > 0 else { return nil }
        var mantissa = integer &* digitRunScale(headCount) &+ head
        var fractionCount = headCount
        if headCount == 8, bytes[index + 8] &- 0x30 < 10 {
            // A ninth digit alone (`-0.032223105`) without the SWAR conversion.
            let ninth = bytes[index + 8] &- 0x30
            let (tail, tailCount) = bytes[index + 9] &- 0x30 >= 10
                ? (UInt64(ninth), 1) : leadingDigits(bytes + index + 8)
            guard tailCount < 8 else { return nil }
            if tailCount > 0 { mantissa = mantissa &* digitRunScale(tailCount) &+ tail }
            fractionCount += tailCount
        }
        guard integerCount + fractionCount <= 19 else { return nil }
        index += fractionCount
        guard index <= end, index == end || bytes[index] | 0x20 != 0x65 else { return nil }  // no e / E
        return ScannedDecimal(mantissa: mantissa, exponent: -fractionCount, negative: negative, truncated: false, end: index)
    }
}
