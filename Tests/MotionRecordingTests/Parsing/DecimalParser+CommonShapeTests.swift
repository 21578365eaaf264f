import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct DecimalParserCommonShapeTests {
    /// `scanCommonDecimal` and `scanDecimal` on `text` followed by `,` and a line end inside a padded buffer.
    func bothScans(_ text: String) -> (common: DecimalParser.ScannedDecimal?, general: DecimalParser.ScannedDecimal?) {
        var buffer = text + ",\n" + String(repeating: "5", count: 32)
        let end = text.utf8.count + 1
        return buffer.withUTF8 {
            (DecimalParser.scanCommonDecimal($0.baseAddress!, 0, end, readableEnd: $0.count),
             DecimalParser.scanDecimal($0.baseAddress!, 0, end))
        }
    }

    func same(_ a: DecimalParser.ScannedDecimal, _ b: DecimalParser.ScannedDecimal) -> Bool {
        a.mantissa == b.mantissa && a.exponent == b.exponent && a.negative == b.negative && a.truncated == b.truncated
            && a.end == b.end
    }

    @Test(arguments: [
        ("-0.1437196", 1_437_196 as UInt64, -7, true), ("0.59482557", 59_482_557, -8, false),
        ("-0.032223105", 32_223_105, -9, true), ("56257.44367168934", 5_625_744_367_168_934, -11, false),
        ("56257.449910963594", 56_257_449_910_963_594, -12, false), ("7.0", 70, -1, false), ("-0.0", 0, -1, true),
        ("1234567.123456789012", 1_234_567_123_456_789_012, -12, false),
    ])
    func interchangeShapesTakeTheCommonPath(_ text: String, _ mantissa: UInt64, _ exponent: Int, _ negative: Bool) throws {
        let (common, general) = bothScans(text)
        let scanned = try #require(common, "\(text)")
        #expect(scanned.mantissa == mantissa && scanned.exponent == exponent && scanned.negative == negative)
        #expect(scanned.end == text.utf8.count && !scanned.truncated)
        #expect(same(scanned, try #require(general)), "\(text)")
    }

    @Test(arguments: [
        "12345678.5",  // 8 integer digits
        "1.1234567812345678",  // 16 fraction digits
        "123456.12345678901234",  // 20 digits
        "1.5e3", "1.5E-3", "7", "-7", ".5", "5.", "+1.5", "-", "nan", "1,5",
    ])
    func otherShapesAreLeftToTheGeneralScanner(_ text: String) {
        #expect(bothScans(text).common == nil, "\(text)")
    }

    @Test func withoutRoomToReadAheadItDeclines() {
        var text = "-0.1437196"
        let scanned = text.withUTF8 { DecimalParser.scanCommonDecimal($0.baseAddress!, 0, $0.count, readableEnd: $0.count) }
        #expect(scanned == nil)
    }

    @Test func agreesWithTheGeneralScannerOnRandomDecimals() {
        var rng = SplitMix64(seed: 11)
        var checked = 0
        var failures: [String] = []
        for _ in 0..<30_000 {
            let integerDigits = Int.random(in: 0...9, using: &rng)
            let fractionDigits = Int.random(in: 0...18, using: &rng)
            var text = Bool.random(using: &rng) ? "-" : ""
            for _ in 0..<integerDigits { text.append(String(UInt64.random(in: 0...9, using: &rng))) }
            if fractionDigits > 0 || Bool.random(using: &rng) { text.append(".") }
            for _ in 0..<fractionDigits { text.append(String(UInt64.random(in: 0...9, using: &rng))) }
            if Int.random(in: 0..<10, using: &rng) == 0 { text.append("e-3") }
            let (common, general) = bothScans(text)
            guard let common else { continue }
            checked += 1
            if general == nil || !same(common, general!) { failures.append(text) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(checked > 10_000)
    }
}
