/// Timestamps straight to `Double`: fixed-point text `-?I….F…` with 1–7 integer digits, 1–15 fraction digits, at
/// most 19 digits in all and no exponent (`56257.44367168934`, `56257.449910963594`: recording-clock seconds
/// printed shortest round-trip). Each run of up to eight digits is converted by one SWAR step
/// (``DecimalParser/leadingDigits(_:)``), reading whole 8-byte words.
///
/// Why the result is exact: with at most 19 digits the mantissa `w` is exact in a `UInt64` and the text is
/// `w / 10ᵏ` with `k ≤ 15`, converted by ``DecimalParser/eiselLemire(_:decimalExponent:)``, which is exact or
/// declines. Declined and other shapes answer `nil`, and the caller parses the field with the general path
/// (`strtod` as the last resort).
extension DecimalParser {
    /// The correctly rounded `Double` of the fixed-point decimal at `start` and the index of the byte after it, or
    /// `nil` for other shapes (see above); the byte after the number is a non-digit other than `e`/`E` (the
    /// caller checks the separator).
    ///
    /// - Parameters:
    ///   - bytes: the buffer; `start + 32 ≤ readableEnd` is needed (the 8-byte loads stay inside the buffer),
    ///     else the answer is `nil`.
    ///   - readableEnd: the end of the buffer (bytes up to there may be read).
    @inlinable @inline(__always)
    static func scanFixedPoint(_ bytes: UnsafePointer<UInt8>, _ start: Int, readableEnd: Int) -> (Double, Int)? {
        guard start + 32 <= readableEnd else { return nil }
        return scanFixedPointUnchecked(bytes, start)
    }

    /// ``scanFixedPoint(_:_:readableEnd:)`` without its room-to-read check, for a caller that has made it
    /// (`start + 32 ≤` the buffer's end): index arithmetic without overflow checks, digit runs without the
    /// branch for an empty run (every count is checked here).
    @inlinable @inline(always)
    static func scanFixedPointUnchecked(_ bytes: UnsafePointer<UInt8>, _ start: Int) -> (Double, Int)? {
        let negative = bytes[start] == 0x2D
        var index = negative ? start &+ 1 : start
        let (integer, integerCount) = leadingDigitsUnlessEmpty(bytes + index)
        guard integerCount > 0, integerCount < 8, bytes[index &+ integerCount] == 0x2E else { return nil }
        index &+= integerCount &+ 1
        let (head, headCount) = leadingDigitsUnlessEmpty(bytes + index)
        guard headCount > 0 else { return nil }
        var mantissa = integer &* decimalScale(headCount) &+ head
        var fractionDigits = headCount
        index &+= headCount
        if headCount == 8 {
            let (tail, tailCount) = leadingDigitsUnlessEmpty(bytes + index)
            guard tailCount < 8, integerCount &+ 8 &+ tailCount <= 19 else { return nil }
            if tailCount > 0 {
                mantissa = mantissa &* decimalScale(tailCount) &+ tail
                fractionDigits &+= tailCount
                index &+= tailCount
            }
        }
        guard bytes[index] | 0x20 != 0x65 else { return nil }  // an exponent follows: e / E
        guard mantissa != 0 else { return (negative ? -0.0 : 0.0, index) }
        // Eisel–Lemire for every mantissa, short ones included: a branch between it and Clinger's division on
        // the digit count (16 or 17 at random) would be mispredicted every other row.
        guard let magnitude = eiselLemire(mantissa, decimalExponent: -fractionDigits) else { return nil }
        return (Double(bitPattern: magnitude.bitPattern | (negative ? 1 << 63 : 0)), index)
    }

    @inlinable @inline(__always)
    static func decimalScale(_ n: Int) -> UInt64 { decimalScaleTable[n] }
}

/// 10ⁿ for n in 0...8 (a statically initialised constant array: one load, no lazy initialisation).
@usableFromInline let decimalScaleTable: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000,
]
