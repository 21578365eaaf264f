/// Exact conversion of 17–19 significant digits with a short fraction, where Clinger's fast path does not apply
/// (the mantissa is ≥ 2⁵³) and `strtod` used to cost ~14 % of an import: the 17-digit timestamps that shortest
/// round-trip printing gives for recording-clock seconds (`56257.443671689345`).
///
/// Method: a candidate from two IEEE operations (`Double(w) / 10ᵏ`, at most an ulp or two off), then verified and
/// corrected with exact integer arithmetic: the decimal `w / 10ᵏ` is compared with the midpoints between the
/// candidate and its neighbours, `M · 2ᵖ`, as `w` against `M · 5ᵏ · 2ᵖ⁺ᵏ` in `UInt128`. A tie goes to the even
/// significand, as IEEE round-to-nearest-even does. When an intermediate would not fit in 128 bits the caller
/// falls back to `strtod`, so the result is always the correctly rounded `Double`.
extension DecimalParser {
    /// 5ᵏ for k in 0...22 (5²² < 2⁵²), exact; a constant table like ``powerOfTen(_:)``.
    @inlinable @inline(__always)
    static func powerOfFive(_ k: Int) -> UInt64 {
        switch k {
        case 0: 1
        case 1: 5
        case 2: 25
        case 3: 125
        case 4: 625
        case 5: 3125
        case 6: 15625
        case 7: 78125
        case 8: 390625
        case 9: 1953125
        case 10: 9765625
        case 11: 48828125
        case 12: 244140625
        case 13: 1220703125
        case 14: 6103515625
        case 15: 30517578125
        case 16: 152587890625
        case 17: 762939453125
        case 18: 3814697265625
        case 19: 19073486328125
        case 20: 95367431640625
        case 21: 476837158203125
        case 22: 2384185791015625
        default: preconditionFailure("powerOfFive: \(k) outside 0...22")
        }
    }

    /// The correctly rounded `Double` nearest to `mantissa / 10^fractionDigits`, or `nil` when this method cannot
    /// decide it exactly (then use `strtod`).
    ///
    /// - Parameters:
    ///   - mantissa: the significant digits as an integer, nonzero (any `UInt64`: up to 19 digits).
    ///   - fractionDigits: the decimal exponent's negation, 1...22.
    @usableFromInline
    static func exactQuotient(_ mantissa: UInt64, fractionDigits: Int) -> Double? {
        precondition(mantissa != 0 && (1...22).contains(fractionDigits), "exactQuotient: mantissa 0 or exponent out of range")
        // Result lies in [1e-22, 1.9e19]: always a normal, finite Double.
        var candidate = Double(mantissa) / powerOfTen(fractionDigits)
        // Each step moves one ulp towards the true value; the candidate is at most ~2 ulps off, 4 steps suffice.
        for _ in 0..<4 {
            let significand = candidate.significandBitPattern | (1 << 52)  // m in [2^52, 2^53)
            let binaryExponent = Int(candidate.exponent) - 52  // candidate = m · 2^q
            // Upper midpoint (2m + 1) · 2^(q-1).
            guard let above = compareQuotient(
                mantissa, fractionDigits, with: 2 * significand + 1, binaryExponent - 1)
            else { return nil }
            if above > 0 {
                candidate = candidate.nextUp
                continue
            }
            if above == 0 { return significand & 1 == 0 ? candidate : candidate.nextUp }
            // Lower midpoint; at a binade's bottom the neighbour below is half an ulp away.
            let (lower, lowerExponent) = significand == 1 << 52
                ? (4 * significand - 1, binaryExponent - 2) : (2 * significand - 1, binaryExponent - 1)
            guard let below = compareQuotient(mantissa, fractionDigits, with: lower, lowerExponent) else { return nil }
            if below < 0 {
                candidate = candidate.nextDown
                continue
            }
            if below == 0 { return significand & 1 == 0 ? candidate : candidate.nextDown }
            return candidate
        }
        return nil
    }

    /// Sign (-1, 0, 1) of `mantissa / 10^k − midpoint · 2^e`, computed exactly, or `nil` when it does not fit in
    /// 128 bits. Both sides times `10^k = 5^k · 2^k`: `mantissa` against `midpoint · 5^k · 2^(e+k)`.
    @usableFromInline @inline(__always)
    static func compareQuotient(_ mantissa: UInt64, _ k: Int, with midpoint: UInt64, _ e: Int) -> Int? {
        let scaled = UInt128(midpoint) * UInt128(powerOfFive(k))  // < 2^55 · 2^52
        let shift = e + k
        let left: UInt128
        let right: UInt128
        if shift >= 0 {
            guard shift <= scaled.leadingZeroBitCount else { return nil }
            left = UInt128(mantissa)
            right = scaled << shift
        } else {
            guard -shift <= 64 else { return nil }
            left = UInt128(mantissa) << -shift
            right = scaled
        }
        return left < right ? -1 : (left == right ? 0 : 1)
    }
}
