/// Runs of ASCII digits read eight bytes at a time (SWAR), the building block of every fast path.
extension DecimalParser {
    /// Eight ASCII digits at `pointer` as their value, or `nil` when any of the eight bytes is not a digit
    /// (SWAR: one unaligned 64-bit load, three multiplications; after simdjson / fast_float).
    @inlinable @inline(__always)
    static func eightDigits(_ pointer: UnsafePointer<UInt8>) -> UInt64? {
        var value = UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)
        value = UInt64(littleEndian: value)
        let isDigits = ((value & 0xF0F0_F0F0_F0F0_F0F0)
            | (((value &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)) == 0x3333_3333_3333_3333
        guard isDigits else { return nil }
        value &-= 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)
        value = (((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
        return value
    }

    /// The parts of a scanned plain decimal number: `±mantissa · 10^exponent`, exactly unless `truncated`
    /// (nonzero digits beyond the 19th were dropped), and the index after the number.
    @usableFromInline
    struct ScannedDecimal {
        @usableFromInline var mantissa: UInt64
        @usableFromInline var exponent: Int
        @usableFromInline var negative: Bool
        @usableFromInline var truncated: Bool
        @usableFromInline var end: Int

        @inlinable
        init(mantissa: UInt64, exponent: Int, negative: Bool, truncated: Bool, end: Int) {
            (self.mantissa, self.exponent, self.negative, self.truncated, self.end) =
                (mantissa, exponent, negative, truncated, end)
        }
    }

    /// The value and number (0...8) of the ASCII digits that start the eight bytes at `pointer` (SWAR: the run is
    /// moved to the top of the word and all eight bytes converted at once).
    @inlinable @inline(__always)
    static func leadingDigits(_ pointer: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        leadingDigits(word: UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)))
    }

    /// The value and number (0...8) of the ASCII digits that start `word` (eight bytes, the first in the lowest).
    ///
    /// `'0'` is subtracted from every byte first: a byte below `'0'` borrows only from the bytes above it, which are
    /// all beyond the run, and the left shift then drops them, leaving zeros (digit 0) below the run.
    @inlinable @inline(__always)
    static func leadingDigits(word: UInt64) -> (value: UInt64, count: Int) {
        // Per byte 0x33 exactly when it is a digit (no carry crosses from a digit byte: those are < 0xFA).
        let classes = (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
        let nonDigits = classes ^ 0x3333_3333_3333_3333
        let count = nonDigits.trailingZeroBitCount / 8  // 8 when all are digits
        guard count > 0 else { return (0, 0) }
        var value = (word &- 0x3030_3030_3030_3030) &<< UInt64(8 * (8 - count))  // 0...56 bits
        value = (value &* 10) &+ (value >> 8)
        value = (((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
        return (value, count)
    }

    /// ``leadingDigits(_:)`` without the branch that zeroes the value of an empty run, for callers that check
    /// the count anyway: the value is that of ``leadingDigits(_:)`` when the count is 1...8, unspecified for 0.
    @inlinable @inline(__always)
    static func leadingDigitsUnlessEmpty(_ pointer: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        leadingDigitsUnlessEmpty(word: UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self)))
    }

    /// ``leadingDigits(word:)`` without the branch that zeroes the value of an empty run, for callers that check
    /// the count anyway: the value is that of ``leadingDigits(word:)`` when the count is 1...8, unspecified for 0.
    @inlinable @inline(__always)
    static func leadingDigitsUnlessEmpty(word: UInt64) -> (value: UInt64, count: Int) {
        let classes = (word & 0xF0F0_F0F0_F0F0_F0F0) | (((word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4)
        let nonDigits = classes ^ 0x3333_3333_3333_3333
        let count = nonDigits.trailingZeroBitCount / 8  // 8 when all are digits
        // `&<<` masks the shift to 0...63 bits: for count 0 it is 0 (a meaningless value, rejected by the caller).
        var value = (word &- 0x3030_3030_3030_3030) &<< UInt64(8 &* (8 &- count))
        value = (value &* 10) &+ (value >> 8)
        value = (((value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32)))
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32)))) >> 32
        return (value, count)
    }

    /// 10ⁿ for n in 1...8: the factor that shifts a mantissa left by an n-digit run.
    @inlinable @inline(__always)
    static func digitRunScale(_ count: Int) -> UInt64 {
        switch count {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }
}
