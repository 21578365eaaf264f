/// The acceleration fields of an interchange file straight to `Float`: shortest round-trip `Float` text of a value
/// below 10 in magnitude, `-?D.F…F` with one integer digit and 1–9 fraction digits, no exponent
/// (`-0.1437196`, `0.59482557`, `-0.032223105`). One unaligned 8-byte load after the point converts up to eight
/// fraction digits at once (``DecimalParser/leadingDigits(word:)``, the SWAR "parse eight digits" step of
/// simdjson / fast_float); the integer digit and a ninth fraction digit are added without branches.
///
/// Why the result is exact: the text is `w / 10ᵏ` with `w < 10¹⁰ < 2⁵³` (so `Double(w)` is exact) and `k ≤ 9`.
/// `Double(w) · 10⁻ᵏ`, with `10⁻ᵏ` the correctly rounded `Double` literal, carries at most two roundings of half
/// a `Double` ulp each, so it lies within 2 `Double` ulps of the exact decimal. Rounding it to `Float` gives the
/// correctly rounded `Float` unless a `Float` rounding boundary (a midpoint between two floats, whose 29 low
/// `Double` significand bits read `0x1000_0000`) lies within those 2 ulps; the check below declines anything
/// within ``DecimalParser/floatMidpointMargin`` (16) ulps of one, and those values take the exact path. The
/// magnitude lies in `[10⁻⁹, 10)`, far inside the normal `Float` range, so neither subnormals nor overflow occur;
/// `w = 0` gives a signed zero, as `strtof` does.
extension DecimalParser {
    /// The correctly rounded `Float` of the short decimal at `start` and the index of the byte after it, or `nil`
    /// when the text has another shape (more integer digits, more than nine fraction digits, an exponent, no
    /// digits) or sits too close to a `Float` rounding boundary; then use ``scanFloat(_:_:_:readableEnd:)``.
    /// The byte after the number is not checked beyond "not a digit, not `e`/`E`": the caller checks the separator.
    ///
    /// - Parameters:
    ///   - bytes: the buffer; `start + 16 ≤ readableEnd` is needed (the 8-byte loads stay inside the buffer),
    ///     else the answer is `nil`.
    ///   - readableEnd: the end of the buffer (bytes up to there may be read).
    @inlinable @inline(__always)
    static func scanShortFloat(_ bytes: UnsafePointer<UInt8>, _ start: Int, readableEnd: Int) -> (Float, Int)? {
        guard start + 16 <= readableEnd, let (value, end) = scanShortFloatUnchecked(bytes, start),
            bytes[end] &- 0x30 >= 10, bytes[end] | 0x20 != 0x65  // ten or more fraction digits, or an exponent
        else { return nil }
        return (value, end)
    }

    /// ``scanShortFloat(_:_:readableEnd:)`` without its two checks, for a caller that has made them already:
    /// room to read (`start + 16 ≤` the buffer's end) and that the byte after the number (at the returned index)
    /// is neither a digit nor `e`/`E` (a caller that requires a separator there has). Without the latter the
    /// answer for longer text is that of its first digits.
    @inlinable @inline(always)  // guaranteed: `__always` is a heuristic since Swift 6.2
    static func scanShortFloatUnchecked(_ bytes: UnsafePointer<UInt8>, _ start: Int) -> (Float, Int)? {
        // Written without branches on the digit count (7, 8 or 9 at random in real data, so a branch on it is
        // mispredicted about every other value); the rejections are rare and predictable. The sign costs no
        // branch either (the integer digit's index is `start` plus 0 or 1).
        // Index arithmetic with `&+`: the caller guarantees 16 readable bytes from `start`, so no index overflows.
        let negative = bytes[start] == 0x2D
        let integerIndex = negative ? start &+ 1 : start
        let integer = UInt64(bytes[integerIndex] &- 0x30)
        guard integer < 10, bytes[integerIndex &+ 1] == 0x2E else { return nil }
        // The first eight fraction digits in one SWAR step, their count (0...8) from the same word, the integer
        // digit put in front by one multiplication (10ⁿ from a table).
        let (fraction, fractionCount) = leadingDigitsUnlessEmpty(bytes + (integerIndex &+ 2))
        guard fractionCount > 0 else { return nil }  // no fraction digit
        // A ninth fraction digit, taken only when all eight before it were digits: a flag of 0 or 1 (`x &- 10`
        // has its top bit set exactly when the byte value x < 10) and multiplications instead of a branch, which
        // the compiler would otherwise emit.
        let ninth = UInt64(bytes[integerIndex &+ 10] &- 0x30)
        let hasNinth = UInt64(fractionCount >> 3) & ((ninth &- 10) >> 63)  // fractionCount == 8 and a digit
        let upToEight = integer &* digitRunScale(fractionCount) &+ fraction
        let mantissa = upToEight &* (1 &+ 9 &* hasNinth) &+ hasNinth &* ninth
        let fractionDigits = fractionCount &+ Int(hasNinth)
        let end = integerIndex &+ 2 &+ fractionDigits
        let estimate = Double(mantissa) * reciprocalPowerOfTen(fractionDigits)
        let belowFloat = estimate.bitPattern & 0x1FFF_FFFF
        guard belowFloat &- (0x1000_0000 - floatMidpointMargin) > 2 * floatMidpointMargin else { return nil }
        let magnitude = Float(estimate).bitPattern
        return (Float(bitPattern: magnitude | (negative ? 0x8000_0000 : 0)), end)
    }
}
