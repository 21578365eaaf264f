/// `Float` columns without a division: the three acceleration columns of an interchange file are 7–9 digit
/// fractions (`-0.1437196`), and `Double(w) / 10ᵏ` (the IEEE division of Clinger's path) was the single most
/// expensive instruction of an import.
///
/// Method: `d = Double(w) · 10⁻ᵏ` with `10⁻ᵏ` the correctly rounded `Double` literal. Both factors carry at most
/// half an ulp of relative error and the product rounds once more, so `d` is within 2 ulps (of a `Double`) of the
/// exact decimal. Rounding `d` to `Float` then gives the correctly rounded `Float` unless a `Float` midpoint lies
/// within those 2 ulps, i.e. unless the 29 `Double` significand bits below the `Float` ones are within a margin of
/// `0x1000_0000` (the midpoint pattern). Those values (32 of every 2²⁹ bit patterns, and every short decimal that
/// is exactly a `Float` midpoint, such as `8388608.5`) take the exact path instead.
extension DecimalParser {
    /// 10⁻ᵏ for k in 1...22, each the correctly rounded `Double` of its literal (a constant table).
    @inlinable @inline(__always)
    static func reciprocalPowerOfTen(_ k: Int) -> Double {
        switch k {
        case 1: 1e-1
        case 2: 1e-2
        case 3: 1e-3
        case 4: 1e-4
        case 5: 1e-5
        case 6: 1e-6
        case 7: 1e-7
        case 8: 1e-8
        case 9: 1e-9
        case 10: 1e-10
        case 11: 1e-11
        case 12: 1e-12
        case 13: 1e-13
        case 14: 1e-14
        case 15: 1e-15
        case 16: 1e-16
        case 17: 1e-17
        case 18: 1e-18
        case 19: 1e-19
        case 20: 1e-20
        case 21: 1e-21
        case 22: 1e-22
        default: preconditionFailure("reciprocalPowerOfTen: \(k) outside 1...22")
        }
    }

    /// Distance, in units of the last `Double` bit, from a `Float` midpoint below which the multiplied estimate
    /// is not trusted (the error bound is 2; 16 leaves room).
    @usableFromInline static var floatMidpointMargin: UInt64 { 16 }

    /// Like ``scanDouble(_:_:_:)`` followed by ``narrowToFloat(_:)``: the correctly rounded `Float` of the plain
    /// decimal number at `start`, widened to `Double`, and the index after it; `nil` when there is no plain number
    /// there or when only `strtof` can decide (then parse the whole field with ``parseFloat(_:)``).
    /// `readableEnd` (≥ `end`): bytes up to there may be read ahead in whole words (the buffer's end).
    @inlinable
    static func scanFloat(_ bytes: UnsafePointer<UInt8>, _ start: Int, _ end: Int, readableEnd: Int? = nil)
        -> (Double, Int)?
    {
        if let readableEnd, let (single, index) = scanShortFloat(bytes, start, readableEnd: readableEnd), index <= end {
            return (Double(single), index)
        }
        guard let scanned = scanCommonDecimal(bytes, start, end, readableEnd: readableEnd ?? end)
            ?? scanDecimal(bytes, start, end)
        else { return nil }
        if !scanned.truncated, scanned.mantissa != 0, scanned.mantissa >> 53 == 0, scanned.exponent < 0,
            scanned.exponent >= -22
        {
            // |d| in [1e-22, 2^53): far inside the normal, finite Float range.
            let estimate = Double(scanned.mantissa) * reciprocalPowerOfTen(-scanned.exponent)
            let belowFloat = estimate.bitPattern & 0x1FFF_FFFF
            if belowFloat &- (0x1000_0000 - floatMidpointMargin) > 2 * floatMidpointMargin {
                let single = Float(estimate)
                return (Double(scanned.negative ? -single : single), scanned.end)
            }
        }
        guard let (value, index) = finishDouble(scanned, bytes, start, end),
            let single = narrowToFloat(value)
        else { return nil }
        return (Double(single), index)
    }
}
