import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct AccelerometerCSVRowTests {
    /// `AccelerometerCSVRow.scan` on `line` at the start of a buffer with more rows after it.
    func scanned(_ line: String) -> AccelerometerCSVRow? {
        var buffer = line + String(repeating: "1.5,0.25,0.5,-1.0\n", count: 8)
        return buffer.withUTF8 { AccelerometerCSVRow.scan($0.baseAddress!, 0, readableEnd: $0.count) }
    }

    @Test func commonRowsParseInOnePass() throws {
        let row = try #require(scanned("56257.44367168934,0.59482557,-0.1437196,-1.1475809\n"))
        #expect(row.timestamp == 56257.44367168934 && row.x == 0.59482557 && row.y == -0.1437196 && row.z == -1.1475809)
        #expect(row.end == 51)
        let crlf = try #require(scanned("0.5,0.0,-0.0,1.0\r\n"))
        #expect(crlf.end == 18 && crlf.z == 1 && crlf.y.sign == .minus)
    }

    @Test(arguments: [
        "56257.44367168934,0.59482557,-0.1437196\n",  // three fields
        "56257.44367168934,0.59482557,-0.1437196,-1.1475809,1.0\n",  // five fields
        "56257.44367168934, 0.59482557,-0.1437196,-1.1475809\n",  // a blank
        "56257.44367168934,1.2e-05,-0.1437196,-1.1475809\n",  // an exponent
        "56257.44367168934,12.5,-0.1437196,-1.1475809\n",  // two integer digits
        "56257,0.59482557,-0.1437196,-1.1475809\n",  // integer timestamp
        "56257.44367168934,0.59482557,-0.1437196,-1.1475809\r",  // lone carriage return
        "56257.44367168934,0.59482557,-0.1437196,nan\n", "\n", "timestamp,acceleration_x\n",
    ])
    func otherRowsAreLeftToTheGeneralReader(_ line: String) {
        #expect(scanned(line) == nil, "\(line)")
    }

    @Test func nearTheEndOfTheBufferItDeclines() {
        var text = "56257.44367168934,0.59482557,-0.1437196,-1.1475809\n"
        let row = text.withUTF8 { AccelerometerCSVRow.scan($0.baseAddress!, 0, readableEnd: $0.count) }
        #expect(row == nil)
    }

    @Test func mixedShapesImportAsTheGeneralReaderReadsThem() throws {
        // Common rows, rows the fast path declines (exponents, long digits, blanks, CRLF) and a final line
        // without a line end: every value equals strtod/strtof of its text, every line number is right.
        var rng = SplitMix64(seed: 51)
        var text = InterchangeCSV.accelerometerHeader.joined(separator: ",") + "\n"
        var expected: [(Double, Float, Float, Float, Int)] = []
        var line = 1
        for row in 0..<400 {
            let t = 56257.4 + Double(row) / 798.7
            let values = (0..<3).map { _ in Float.random(in: -3...3, using: &rng) }
            var fields = [t.description] + values.map(\.description)
            switch row % 7 {
            case 1: fields[2] = "1.5e-05"
            case 2: fields[1] = "0.123456789012"
            case 3: fields[3] = " " + fields[3]
            case 4: fields[0] = String(format: "%.3f", t)
            default: break
            }
            if row % 11 == 5 {
                text += "\n"
                line += 1
            }
            text += fields.joined(separator: ",") + (row % 5 == 0 ? "\r\n" : row == 399 ? "" : "\n")
            line += 1
            let parsed = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            expected.append((
                strtod(parsed[0], nil), strtof(parsed[1], nil), strtof(parsed[2], nil), strtof(parsed[3], nil), line))
        }
        let data = Array(text.utf8)
        let stream = try data.withUnsafeBufferPointer {
            try InterchangeCSV.readAccelerometer(bytes: $0, file: "mixed.csv")
        }
        #expect(stream.samples.count == expected.count)
        var mismatches = 0
        for (index, (t, x, y, z, line)) in expected.enumerated() {
            let samples = stream.samples
            if samples.timestamps[index].bitPattern != t.bitPattern || samples.x[index].bitPattern != x.bitPattern
                || samples.y[index].bitPattern != y.bitPattern || samples.z[index].bitPattern != z.bitPattern
                || stream.lines[index] != UInt32(line)
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func rowsBeyondTheEstimatedCapacityGoToASecondPart() throws {
        // Long rows first (the first 64 KiB set the estimate), then many short ones: more rows than estimated.
        var text = InterchangeCSV.accelerometerHeader.joined(separator: ",") + "\n"
        var expected: [(Double, Float)] = []
        for row in 0..<6000 {
            let t = 1000 + Double(row) / 800
            let long = row < 2000
            let x: Float = long ? -0.123456789 : 0.5
            text += long ? "\(t.description),\(x.description),-0.987654321,-1.23456789\n" : "\(t),\(x),0.25,1.0\n"
            expected.append((t, x))
        }
        let data = Array(text.utf8)
        let estimate = data.withUnsafeBufferPointer { bytes in
            var scanner = CSVScanner(bytes)
            _ = scanner.nextLine()
            return scanner.estimatedRemainingLineCount()
        }
        #expect(estimate < expected.count)  // the case under test
        let stream = try data.withUnsafeBufferPointer {
            try InterchangeCSV.readAccelerometer(bytes: $0, file: "short-rows.csv")
        }
        #expect(stream.samples.count == expected.count && stream.lines.count == expected.count)
        var mismatches = 0
        for (index, (t, x)) in expected.enumerated()
        where stream.samples.timestamps[index] != t || stream.samples.x[index] != x || stream.lines[index] != UInt32(index + 2) {
            mismatches += 1
        }
        #expect(mismatches == 0)
    }
}
