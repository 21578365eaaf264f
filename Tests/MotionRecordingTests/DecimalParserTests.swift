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
        }
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
