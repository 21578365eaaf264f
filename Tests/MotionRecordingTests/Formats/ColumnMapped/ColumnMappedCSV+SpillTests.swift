import Foundation
import Testing

@testable import MotionRecording

/// A long column-mapped CSV is parsed into a temporary native file and served mapped; it must say and serve exactly
/// what the same text imported into memory does — samples (bit for bit), batches, findings (file and line included)
/// and summaries — for every layout, unit and time format, clean or damaged. Chunks of 3, 97 and 100,000 rows cut
/// every run of damaged rows here, and the time of day's midnight, at different places (or not at all).
@Suite struct ColumnMappedCSVSpillTests {
    enum Case: String, CaseIterable {
        // Layouts, units and time formats, each decided for the whole file from its head.
        case detected, givenMap, semicolonsAndDecimalCommas, whitespaceWithoutHeader, epochNanoseconds, iso8601,
            timeOfDayAcrossMidnight, sensorsOnTheirOwnRows, truncatedLastLine, byteOrderMarkAndCRLF
        // Damage a repair changes: repaired in place in the spill.
        case nan, backwards, duplicateRows, outOfRange, gap, gyroscopeInDegrees, millisecondsAsSeconds,
            metresPerSecondSquaredAsG

        /// Rows of the recording: 3,000 at 800 Hz (3.75 s).
        static let rowCount = 3000

        /// The map given (`nil`: detected from the header).
        var map: String? {
            switch self {
            case .detected, .byteOrderMarkAndCRLF, .truncatedLastLine: nil
            case .givenMap: "time=t_ms:ms,accel=-ay,ax,az:m/s2,gyro=wx,wy,wz:deg/s,axes=-y,x,z"
            case .semicolonsAndDecimalCommas: "time=time:s,accel=ax,ay,az:g:core-motion,gyro=gx,gy,gz:rad/s,sep=;,decimal=comma"
            case .whitespaceWithoutHeader: "time=1:s,accel=2,3,4:g,mag=5,6,7:gauss,sep=whitespace,header=none"
            case .epochNanoseconds: "time=ns:ns,accel=ax,ay,az:g"
            case .iso8601: "time=when:iso8601,accel=ax,ay,az:g,gyro=gx,gy,gz:rad/s"
            case .timeOfDayAcrossMidnight: "time=clock:time-of-day,accel=ax,ay,az:g"
            case .sensorsOnTheirOwnRows: "time=t:s,accel=ax,ay,az:g,gyro=gx,gy,gz:rad/s"
            case .millisecondsAsSeconds: "time=t:s,accel=ax,ay,az:g,gyro=gx,gy,gz:rad/s"
            default: "time=t:s,accel=ax,ay,az:g,gyro=gx,gy,gz:rad/s,mag=mx,my,mz:uT"
            }
        }

        /// The file's text.
        func text() -> String {
            var lines: [String] = []
            switch self {
            case .detected, .truncatedLastLine:
                lines += ["# logger 1.2, accelerometer 800 Hz", "# device: bench", "timestamp,ax,ay,az,gx,gy,gz,mx,my,mz"]
            case .byteOrderMarkAndCRLF: lines += ["\u{FEFF}t,acc_x (g),acc_y (g),acc_z (g)"]
            case .givenMap: lines += ["t_ms,ax,ay,az,wx,wy,wz"]
            case .semicolonsAndDecimalCommas: lines += ["time;ax;ay;az;gx;gy;gz"]
            case .whitespaceWithoutHeader: break
            case .epochNanoseconds: lines += ["ns,ax,ay,az"]
            case .iso8601: lines += ["when,ax,ay,az,gx,gy,gz"]
            case .timeOfDayAcrossMidnight: lines += ["clock,ax,ay,az"]
            case .sensorsOnTheirOwnRows, .millisecondsAsSeconds: lines += ["t,ax,ay,az,gx,gy,gz"]
            default: lines += ["t,ax,ay,az,gx,gy,gz,mx,my,mz"]
            }
            for row in 0..<Self.rowCount {
                lines += self.row(row)
            }
            var text = lines.joined(separator: self == .byteOrderMarkAndCRLF ? "\r\n" : "\n") + "\n"
            if self == .truncatedLastLine { text += "13.75,0.01,0.0" }
            return text
        }

        /// The line(s) of data row `row`.
        func row(_ row: Int) -> [String] {
            var time = 10 + Double(row) / 800
            if self == .gap && row >= 1234 { time += 0.5 }
            if self == .backwards && (2000..<2010).contains(row) { time -= 0.02 }
            let phase = Double(row) / 40
            var a = [0.02 * sin(phase), 0.05 * cos(phase), -1 + 0.01 * sin(3 * phase)]
            var g = [0.8 * sin(phase / 2), -0.4 * cos(phase), 0.25]
            let m = [21.5 + sin(phase / 8), -4.25, -40 + cos(phase / 8)]
            switch self {
            case .nan where (1000..<1005).contains(row): a[1] = .nan
            case .outOfRange where row == 1777: a[2] = 1e6
            case .duplicateRows where (1500..<1504).contains(row): return self.row(1499)
            case .gyroscopeInDegrees: g = g.map { $0 * 180 / .pi * 4 }
            case .metresPerSecondSquaredAsG: a = a.map { $0 * 9.80665 }
            default: break
            }
            func text(_ values: [Double]) -> [String] { values.map { Float($0).description } }
            switch self {
            case .detected, .truncatedLastLine:
                return [([time.description] + text(a.map { $0 * 9.80665 }) + text(g) + text(m)).joined(separator: ",")]
            case .byteOrderMarkAndCRLF:
                return [([time.description] + text(a)).joined(separator: ",")]
            case .givenMap:
                return [([(Double(row) * 1.25).description] + text(a.map { $0 * 9.80665 }) + text(g.map { $0 * 180 / .pi }))
                    .joined(separator: ",")]
            case .semicolonsAndDecimalCommas:
                return [([time.description] + text(a) + text(g)).map { $0.replacingOccurrences(of: ".", with: ",") }
                    .joined(separator: ";")]
            case .whitespaceWithoutHeader:
                return [([time.description] + text(a) + text(m.map { $0 / 100 })).joined(separator: row % 2 == 0 ? " " : "\t  ")]
            case .epochNanoseconds:
                return [([String(1_714_000_000_250_000_000 + row * 1_250_000)] + text(a)).joined(separator: ",")]
            case .iso8601:
                let millis = 250 + row * 5 / 4
                let stamp = String(format: "2026-04-11T17:02:%02d.%03dZ", 12 + millis / 1000, millis % 1000)
                return [([stamp] + text(a) + text(g)).joined(separator: ",")]
            case .timeOfDayAcrossMidnight:
                let micros = (86_398 * 1_000_000 + row * 1250) % (86_400 * 1_000_000)
                let stamp = String(
                    format: "%02d:%02d:%02d.%06d", micros / 3_600_000_000, micros / 60_000_000 % 60, micros / 1_000_000 % 60,
                    micros % 1_000_000)
                return [([stamp] + text(a)).joined(separator: ",")]
            case .sensorsOnTheirOwnRows:
                // The accelerometer on every row, the gyroscope on a row of its own after every other one.
                var lines = [([time.description] + text(a) + ["", "", ""]).joined(separator: ",")]
                if row % 2 == 1 { lines.append(([(time + 0.0001).description, "", "", ""] + text(g)).joined(separator: ",")) }
                return lines
            case .millisecondsAsSeconds:
                return [([(time * 1000).description] + text(a) + text(g)).joined(separator: ",")]
            default:
                return [([time.description] + text(a) + text(g) + text(m)).joined(separator: ",")]
            }
        }

        func url() -> URL { FixtureFiles.write(text(), named: rawValue + ".csv") }
    }

    @Test(arguments: Case.allCases)
    func aSpilledFileIsTheImportedOne(_ recordingCase: Case) throws {
        let url = recordingCase.url()
        let map = try recordingCase.map.map { try ColumnMap(parsing: $0) }
        let format = RecordingFormat.columnMapped(map)
        let imported = try RecordingSource.open(url, format: format, spillThreshold: .max)
        guard case .inMemory = imported.storage else { Issue.record("below the threshold: in memory"); return }
        let spilled = try RecordingSource.open(url, format: format, spillThreshold: 0)
        guard case .mapped = spilled.storage else { Issue.record("above the threshold: spilled"); return }
        try expectSameRecording(spilled, as: imported)
        for chunkRows in [3, 97, 100_000] {
            let file = try #require(try ColumnMappedCSV.openSpilled(url, map: map, spillAbove: 0, chunkRows: chunkRows))
            try expectSameRecording(RecordingSource(path: url.path, format: format, storage: .mapped(file)), as: imported)
        }
        let recording = try imported.loaded()
        let header = recordingCase == .whitespaceWithoutHeader ? 0 : recordingCase == .detected ? 3 : 1
        switch recordingCase {
        case .detected:
            #expect(imported.hygiene.findings.first?.kind == HygieneFinding.Kind.streamDetection.rawValue && imported.hygiene.findings.first?.line == 3)
            #expect(imported.hygiene.findings(ofKind: .other).contains { $0.line == 1 && $0.message.hasPrefix("2 line(s) before the header") })
            #expect(recording.magnetometer?.count == Case.rowCount)
        case .timeOfDayAcrossMidnight:
            // 00:00:01.74875 after 23:59:58: one day added from midnight on.
            #expect(abs((recording.accelerometer?.timestamps.last ?? 0) - 86_401.748_75) < 1e-9)
        case .sensorsOnTheirOwnRows: #expect(recording.gyroscope?.count == Case.rowCount / 2)
        case .epochNanoseconds: #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_714_000_000))
        case .truncatedLastLine: #expect(imported.hygiene.findings(ofKind: .truncated).contains { $0.line == Case.rowCount + 4 })
        case .nan: #expect(imported.hygiene.findings(ofKind: .nan).first?.line == 1000 + header + 1)
        case .outOfRange: #expect(imported.hygiene.findings(ofKind: .outOfRange).first?.line == 1777 + header + 1)
        case .duplicateRows: #expect(imported.hygiene.findings(ofKind: .duplicateRows).first?.line == 1500 + header + 1)
        case .backwards: #expect(!imported.hygiene.findings(ofKind: .nonMonotonic).isEmpty)
        case .gap: #expect(imported.hygiene.findings(ofKind: .gap).first?.line == 1234 + header + 1)
        case .gyroscopeInDegrees, .millisecondsAsSeconds, .metresPerSecondSquaredAsG:
            #expect(!imported.hygiene.findings(ofKind: .units).isEmpty, "\(imported.hygiene.findings)")
        default: break
        }
        if recordingCase.map != nil && ![.nan, .outOfRange, .duplicateRows].contains(recordingCase) {
            #expect(recording.accelerometer?.count == Case.rowCount)
        }
    }

    /// A map without an accelerometer (a native file holds an accelerometer or device motion) is imported into
    /// memory, as is a file below the threshold.
    @Test func aGyroscopeAloneStaysInMemory() throws {
        let url = Case.sensorsOnTheirOwnRows.url()
        let map = try ColumnMap(parsing: "time=t:s,gyro=gx,gy,gz:rad/s")
        #expect(try ColumnMappedCSV.openSpilled(url, map: map, spillAbove: 0) == nil)
        #expect(try ColumnMappedCSV.openSpilled(url, map: nil, spillAbove: 1 << 30) == nil)
        let source = try RecordingSource.open(url, format: .columnMapped(map), spillThreshold: 0)
        guard case .inMemory = source.storage else { Issue.record("a gyroscope alone is imported into memory"); return }
        #expect(source.sampleCount(.gyroscope) == Case.rowCount / 2)
    }

    /// A malformed row is the same error through the spill as through the in-memory import, past chunk edges.
    @Test(arguments: [
        "1.0,0,0,1\n1.00125,0,abc,1\n",  // not a number, line 3
        "1.0,0,0,1\n1.00125,0,,1\n",  // one axis empty, line 3
    ])
    func aMalformedRowIsTheSameError(_ body: String) throws {
        let rows = (0..<500).map { "\(Double($0) / 800),0,0,1" }.joined(separator: "\n")
        let url = FixtureFiles.write("t,ax,ay,az\n" + rows + "\n" + body, named: "bad.csv")
        let format = RecordingFormat.columnMapped(try ColumnMap(parsing: "time=t:s,accel=ax,ay,az:g"))
        let errors = spilledAndImportedErrors(url, format: format)
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].contains(":503:"), "\(errors)")
    }
}
