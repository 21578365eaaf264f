#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct DecimalParserFixedPointTests {
    /// `scanFixedPoint` on `text` followed by `,` and a line end inside a padded buffer (the reader's situation).
    func scanned(_ text: String) -> (Double, Int)? {
        var buffer = text + ",\n" + String(repeating: "7", count: 40)
        return buffer.withUTF8 { DecimalParser.scanFixedPoint($0.baseAddress!, 0, readableEnd: $0.count) }
    }

    func strtodReference(_ text: String) -> Double { text.withCString { strtod($0, nil) } }

    @Test func printedTimestampsRoundTrip() throws {
        // Recording-clock seconds printed shortest round-trip: 16–17 digits (Clinger and Eisel–Lemire paths).
        var rng = SplitMix64(seed: 41)
        var failures: [String] = []
        var declined = 0
        for _ in 0..<30_000 {
            let value = Double.random(in: 1...2_000_000, using: &rng)
            let text = value.description
            guard let (parsed, end) = scanned(text) else {
                declined += 1
                continue
            }
            if parsed.bitPattern != value.bitPattern || end != text.utf8.count { failures.append(text) }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(declined < 30)
    }

    @Test func randomFixedPointDecimalsMatchStrtod() {
        // Any `-?I{1,7}.F{1,15}` with up to 19 digits.
        var rng = SplitMix64(seed: 42)
        var failures: [String] = []
        var decided = 0
        for _ in 0..<30_000 {
            let integerDigits = Int.random(in: 1...7, using: &rng)
            let fractionDigits = Int.random(in: 1...min(15, 19 - integerDigits), using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            for _ in 0..<integerDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            text += "."
            for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &rng)) }
            guard let (parsed, end) = scanned(text) else { continue }
            decided += 1
            if parsed.bitPattern != strtodReference(text).bitPattern || end != text.utf8.count { failures.append(text) }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
        #expect(decided > 29_000)
    }

    @Test(arguments: [
        ("56257.44367168934", 56257.44367168934), ("56257.449910963594", 56257.449910963594), ("-0.0", -0.0),
        ("0.5", 0.5), ("4503599.6273704975", 4503599.6273704975), ("1234567.123456789012", 1234567.123456789012),
    ])
    func knownValues(_ text: String, _ expected: Double) throws {
        let (parsed, end) = try #require(scanned(text), "\(text)")
        #expect(parsed.bitPattern == expected.bitPattern && end == text.utf8.count, "\(text)")
        #expect(strtodReference(text).bitPattern == expected.bitPattern, "\(text): reference")
    }

    @Test(arguments: [
        "12345678.5",  // eight integer digits
        "1.1234567812345678",  // sixteen fraction digits
        "123456.12345678901234",  // twenty digits
        "1.5e3", "1.5E-3", "7", "-7", ".5", "5.", "+1.5", "-", "nan", "1,5",
    ])
    func otherShapesAreDeclined(_ text: String) {
        #expect(scanned(text) == nil, "\(text)")
    }
}
