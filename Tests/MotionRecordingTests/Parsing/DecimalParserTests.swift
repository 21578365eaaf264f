#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct DecimalParserTests {
    func parseDouble(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DecimalParser.parseDouble($0) }
    }

    func parseFloat(_ text: String) -> Float? {
        var text = text
        return text.withUTF8 { DecimalParser.parseFloat($0) }
    }

    @Test func parsesOrdinaryNumbers() {
        #expect(parseDouble("56257.44241896361") == 56257.44241896361)
        #expect(parseDouble("56257.449910963594") == 56257.449910963594)
        #expect(parseDouble("-0.4565582275390625") == -0.4565582275390625)
        #expect(parseDouble("1e-05") == 1e-05)
        #expect(parseDouble("+3") == 3)
        #expect(parseDouble(" 2.5 ") == 2.5)
        #expect(parseDouble("1E3") == 1000)
        #expect(parseDouble("-0.0")?.sign == .minus)
        #expect(parseDouble("1e30") == 1e30)
        #expect(parseDouble("12345678901234567890123") == 12345678901234567890123.0)
    }

    @Test func specialValues() {
        #expect(parseDouble("nan")?.isNaN == true)
        #expect(parseDouble("NaN")?.isNaN == true)
        #expect(parseDouble("inf") == .infinity)
        #expect(parseDouble("-inf") == -.infinity)
        #expect(parseFloat("1e40") == .infinity)
    }

    @Test(arguments: ["", " ", "abc", "1.2.3", "1e", "--1", "1,5", "0x", "1 2", "\u{0}1"])
    func rejectsNonNumbers(_ text: String) {
        #expect(parseDouble(text) == nil)
    }

    @Test func randomDoublesRoundTripThroughDescription() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -12...6, using: &rng)
            let value = Double(sign: Bool.random(using: &rng) ? .minus : .plus, exponent: 0, significand: 1)
                * Double.random(in: 1..<10, using: &rng) * _pow10(magnitude)
            #expect(parseDouble(value.description) == value)
        }
    }

    @Test func randomFloatsRoundTripThroughDescription() {
        var rng = SplitMix64(seed: 2)
        var failures = 0
        for _ in 0..<50_000 {
            let value = Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng))
            guard value.isFinite else { continue }
            if parseFloat(value.description)?.bitPattern != value.bitPattern { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test func scanningAgreesWithWholeFieldParsing() {
        var rng = SplitMix64(seed: 3)
        var texts = ["0.00000001234567891234", "-0.4565582275390625", "56257.449910963594", "1e-05", "0.0", "-0.0",
                     "123456789012345678901234", "0.000000000000000000000000001", "7", "-3.25e+2", "00012.5000000000"]
        for _ in 0..<5000 {
            texts.append(Float(bitPattern: UInt32.random(in: 0...UInt32.max, using: &rng)).description)
            texts.append((Double.random(in: 0...100_000, using: &rng) * (Bool.random(using: &rng) ? 1 : -1e-7)).description)
        }
        for text in texts where !text.contains("nan") && !text.contains("inf") {
            var line = text + ","
            let scanned: (Double, Int)? = line.withUTF8 { DecimalParser.scanDouble($0.baseAddress!, 0, $0.count) }
            let parsed = parseDouble(text)
            #expect(scanned?.0.bitPattern == parsed?.bitPattern, "\(text)")
            #expect(scanned?.1 == text.utf8.count, "\(text)")
            let lookingAhead = scannedWithReadAhead(text, asFloat: false)
            #expect(lookingAhead?.0.bitPattern == parsed?.bitPattern, "\(text) (read-ahead)")
            #expect(lookingAhead?.1 == text.utf8.count, "\(text) (read-ahead)")
        }
    }

    /// The C library's correctly rounded conversion, as the reference.
    func strtodReference(_ text: String) -> Double {
        text.withCString { strtod($0, nil) }
    }

    /// `scanDouble`/`scanFloat` on `text` as a field in a line (`text,` then a line end) inside a larger buffer,
    /// so that the word-wise common-shape scanner may read ahead (the reader's situation).
    func scannedWithReadAhead(_ text: String, asFloat: Bool) -> (Double, Int)? {
        var buffer = text + ",\n" + String(repeating: "7", count: 32)
        let end = text.utf8.count + 1
        return buffer.withUTF8 {
            asFloat
                ? DecimalParser.scanFloat($0.baseAddress!, 0, end, readableEnd: $0.count)
                : DecimalParser.scanDouble($0.baseAddress!, 0, end, readableEnd: $0.count)
        }
    }

    /// Parsed through both entry points (whole field and scan), as bit patterns; the scan with and without
    /// read-ahead must agree (else `nil`).
    func parsedBothWays(_ text: String) -> (UInt64?, UInt64?) {
        var line = text + ","
        let scanned: (Double, Int)? = line.withUTF8 { DecimalParser.scanDouble($0.baseAddress!, 0, $0.count) }
        let lookingAhead = scannedWithReadAhead(text, asFloat: false)
        let agree = scanned?.0.bitPattern == lookingAhead?.0.bitPattern && scanned?.1 == lookingAhead?.1
        return (parseDouble(text)?.bitPattern, agree ? scanned?.0.bitPattern : nil)
    }

    @Test func longMantissasMatchStrtod() {
        // 16–19 significant digits with 1–22 fraction digits: the UInt128-verified path (and its strtod fallback).
        var rng = SplitMix64(seed: 4)
        var failures: [String] = []
        for _ in 0..<30_000 {
            let digits = Int.random(in: 16...19, using: &rng)
            var mantissa = String(UInt64.random(in: 1...9, using: &rng))
            for _ in 1..<digits { mantissa.append(String(UInt64.random(in: 0...9, using: &rng))) }
            let fraction = Int.random(in: 1...min(22, digits + 6), using: &rng)
            var text: String
            if fraction < digits {
                text = String(mantissa.prefix(digits - fraction)) + "." + String(mantissa.suffix(fraction))
            } else {
                text = "0." + String(repeating: "0", count: fraction - digits) + mantissa
            }
            if Bool.random(using: &rng) { text = "-" + text }
            let reference = strtodReference(text).bitPattern
            let (whole, scanned) = parsedBothWays(text)
            if whole != reference || scanned != reference { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func seventeenDigitTimestampsRoundTrip() {
        // Recording-clock seconds printed shortest round-trip: mostly 16–17 digits.
        var rng = SplitMix64(seed: 5)
        var failures = 0
        for _ in 0..<20_000 {
            let value = Double.random(in: 1_000...900_000, using: &rng)
            let (whole, scanned) = parsedBothWays(value.description)
            if whole != value.bitPattern || scanned != value.bitPattern { failures += 1 }
        }
        #expect(failures == 0)
    }

    @Test(arguments: [
        // Exact midpoints between neighbouring doubles: ties go to the even significand.
        ("4503599627370496.5", 4503599627370496.0), ("4503599627370497.5", 4503599627370498.0),
        ("2251799813685248.25", 2251799813685248.0), ("2251799813685248.75", 2251799813685249.0),
        ("9007199254740991.5", 9007199254740992.0), ("9007199254740990.5", 9007199254740990.0),
        // Just off the midpoints.
        ("4503599627370496.51", 4503599627370497.0), ("4503599627370497.49", 4503599627370497.0),
        // Binade bottom (2^52): the neighbour below is half an ulp away.
        ("4503599627370495.75", 4503599627370495.75), ("4503599627370495.8", 4503599627370495.75),
        ("4503599627370495.9", 4503599627370496.0),
        // Largest mantissas, fraction digits at the limits.
        ("999999999999999999.9", 1e18), ("1844674407370955161.5", 1844674407370955161.5),
        ("0.0000012345678901234567891", 0.0000012345678901234567891),
        ("1.234567890123456789e-20", 1.234567890123456789e-20), ("12345678901234567.8e-10", 1234567.89012345678),
    ])
    func halfwayAndBoundaryCases(_ text: String, _ expected: Double) {
        let (whole, scanned) = parsedBothWays(text)
        #expect(whole == expected.bitPattern, "\(text)")
        #expect(scanned == expected.bitPattern, "\(text)")
        #expect(expected.bitPattern == strtodReference(text).bitPattern, "\(text): reference")
    }

    @Test func exponentsSubnormalsAndOverflowKeepTheirHandling() {
        #expect(parseDouble("4.9406564584124654e-324") == .leastNonzeroMagnitude)
        #expect(parseDouble("2.2250738585072011e-308") == Double(bitPattern: 0x000F_FFFF_FFFF_FFFF))
        #expect(parseDouble("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(parseDouble("1.7976931348623159e308") == .infinity)
        #expect(parseDouble("-1e400") == -.infinity)
        #expect(parseDouble("1e-400") == 0)
        #expect(parseDouble("12345678901234567.89e-3") == 12345678901234.56789)
        #expect(parseDouble("12345678901234567.89e+3") == 12345678901234567890.0)
        #expect(parseDouble("1.2345678901234567e") == nil)
        #expect(parseFloat("3.4028235677973366e38") == .infinity)
        #expect(parseFloat("1.40129846432481707e-45") == .leastNonzeroMagnitude)
    }

    /// `scanFloat` on `text` followed by a comma, as Float bits (nil: not decided there).
    func scannedFloat(_ text: String) -> UInt32? {
        var line = text + ","
        let scanned: (Double, Int)? = line.withUTF8 { DecimalParser.scanFloat($0.baseAddress!, 0, $0.count) }
        let lookingAhead = scannedWithReadAhead(text, asFloat: true)
        // Both scans decide alike (read-ahead only changes how the digits are gathered).
        guard let scanned, scanned.1 == text.utf8.count, let lookingAhead,
            lookingAhead.1 == scanned.1, lookingAhead.0.bitPattern == scanned.0.bitPattern
        else { return scanned == nil && lookingAhead == nil ? nil : UInt32.max }
        return Float(scanned.0).bitPattern
    }

    @Test func scanFloatMatchesStrtof() {
        // Random 1–16 digit mantissas with 1–22 fraction digits (the multiply-and-check path), and printed Floats.
        var rng = SplitMix64(seed: 6)
        var failures: [String] = []
        for round in 0..<40_000 {
            var text: String
            if round % 2 == 0 {
                text = Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &rng)).description
            } else {
                let digits = Int.random(in: 1...16, using: &rng)
                var mantissa = String(UInt64.random(in: 1...9, using: &rng))
                for _ in 1..<digits { mantissa.append(String(UInt64.random(in: 0...9, using: &rng))) }
                let fraction = Int.random(in: 1...22, using: &rng)
                text = fraction < digits
                    ? String(mantissa.prefix(digits - fraction)) + "." + String(mantissa.suffix(fraction))
                    : "0." + String(repeating: "0", count: fraction - digits) + mantissa
            }
            if Bool.random(using: &rng) { text = "-" + text }
            let reference = text.withCString { strtof($0, nil) }.bitPattern
            // nil is allowed (the reader then asks strtof), a different value is not.
            if let scanned = scannedFloat(text), scanned != reference { failures.append(text) }
            if parseFloat(text)?.bitPattern != reference { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test(arguments: [
        // Exact Float midpoints with short decimals (ties to even), and just off them.
        ("8388608.5", Float(8388608)), ("8388609.5", Float(8388610)), ("4194304.25", Float(4194304)),
        ("4194304.75", Float(4194305)), ("8388608.5000001", Float(8388609)), ("8388609.4999999", Float(8388609)),
        ("-0.1437196", Float(-0.1437196)), ("0.59482557", Float(0.59482557)), ("-0.0", Float(-0.0)),
    ])
    func scanFloatAtMidpoints(_ text: String, _ expected: Float) {
        let reference = text.withCString { strtof($0, nil) }
        #expect(reference.bitPattern == expected.bitPattern, "\(text): reference")
        if let scanned = scannedFloat(text) { #expect(scanned == expected.bitPattern, "\(text)") }
        #expect(parseFloat(text)?.bitPattern == expected.bitPattern, "\(text)")
    }

    @Test func floatMidpointDoubleRoundingIsAvoided() {
        // 1 + 2^-24 is the midpoint between 1 and 1 + 2^-23; text slightly above must round up as a Float.
        #expect(parseFloat("1.00000005960464477539062500001") == Float(1).nextUp)
        #expect(parseFloat("1.0000000596046447753906249999") == 1)
    }
}

private func _pow10(_ exponent: Double) -> Double {
    var result = 1.0
    let whole = Int(exponent.rounded(.down))
    if whole >= 0 { for _ in 0..<whole { result *= 10 } } else { for _ in 0..<(-whole) { result /= 10 } }
    return result
}
