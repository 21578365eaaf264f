import Foundation
import Testing
@testable import MotionRecording

/// Reading generic IMU CSV through a column map: units, signs, time formats, separators, decimal commas,
/// annotations, axis remaps, and the errors, each on a small file whose expected samples are exact.
@Suite struct ColumnMappedCSVTests {
    /// `text` written to a file and read through `map` (`nil`: detected), hygiene checks included.
    static func load(_ text: String, map: String?, name: String = #function) throws -> Recording {
        let url = FixtureFiles.write(text, named: name.filter { $0.isLetter } + ".csv")
        return try RecordingImporter.load(url, format: .columnMapped(try map.map { try ColumnMap(parsing: $0) }))
    }

    /// The error text of reading `text` (file name `bad.csv`), or "" when it reads.
    static func error(_ text: String, map: String?) -> String {
        let url = FixtureFiles.write(text, named: "bad.csv")
        do {
            _ = try RecordingImporter.load(url, format: .columnMapped(try map.map { try ColumnMap(parsing: $0) }))
            return ""
        } catch {
            return "\(error)".replacingOccurrences(of: url.deletingLastPathComponent().path + "/", with: "")
        }
    }

    /// Ten rows at 100 Hz in `columns` order; `row(i)` gives the fields after the time.
    static func rows(_ time: (Int) -> String, _ row: (Int) -> String, separator: String = ",") -> String {
        (0..<10).map { time($0) + separator + row($0) }.joined(separator: "\n") + "\n"
    }

    @Test func accelerationUnitsAndSigns() throws {
        let body = Self.rows({ String(Double($0) / 100) }, { _ in "0,0,9.80665" })
        let metres = try Self.load("t,ax,ay,az\n" + body, map: "time=t:s,accel=ax,ay,az:m/s2")
        #expect(metres.accelerometer?.z == Array(repeating: -1, count: 10), "specific force +9.80665 m/s² up is −1 g")
        let coreMotion = try Self.load("t,ax,ay,az\n" + body, map: "time=t:s,accel=ax,ay,az:m/s2:core-motion")
        #expect(coreMotion.accelerometer?.z == Array(repeating: 1, count: 10))
        let inG = try Self.load(
            "t,ax,ay,az\n" + Self.rows({ String(Double($0) / 100) }, { _ in "0.25,-0.5,1" }), map: "time=t:s,accel=ax,ay,az:g")
        #expect(inG.accelerometer?.x.first == -0.25 && inG.accelerometer?.y.first == 0.5 && inG.accelerometer?.z.first == -1)
    }

    @Test func rotationAndMagneticUnits() throws {
        let text = "t,gx,gy,gz,mx,my,mz\n" + Self.rows({ String(Double($0) / 100) }, { _ in "180,-90,0,0.5,0,-0.25" })
        let recording = try Self.load(text, map: "time=t:s,gyro=gx,gy,gz:deg/s,mag=mx,my,mz:gauss")
        #expect(recording.gyroscope?.x.first == Float(Double.pi) && recording.gyroscope?.y.first == Float(-Double.pi / 2))
        #expect(recording.magnetometer?.x.first == 50 && recording.magnetometer?.z.first == -25)
        let tesla = try Self.load(
            "t,mx,my,mz\n" + Self.rows({ String(Double($0) / 100) }, { _ in "0.05,0,0" }), map: "time=t:s,mag=mx,my,mz:mT")
        #expect(tesla.magnetometer?.x.first == 50)
    }

    @Test func numericTimeUnits() throws {
        let times: [(String, (Int) -> String)] = [
            ("s", { "\(1 + Double($0) / 100)" }), ("ms", { "\(1000 + 10 * $0)" }), ("us", { "\(1_000_000 + 10_000 * $0)" }),
            ("ns", { "\(1_000_000_000 + 10_000_000 * $0)" }),
        ]
        for (unit, time) in times {
            let text = "time,ax,ay,az\n" + Self.rows(time, { _ in "0,0,1" })
            let recording = try Self.load(text, map: "time=time:\(unit),accel=ax,ay,az:g")
            #expect(recording.accelerometer?.timestamps.first == 1.0, "\(unit)")
            #expect(abs((recording.accelerometer?.timestamps.last ?? 0) - 1.09) < 1e-12, "\(unit)")
        }
    }

    @Test func epochNanosecondsAreExactAndGiveTheStartDate() throws {
        let text = "ns,ax,ay,az\n" + Self.rows({ "1714000000\(String(format: "%09d", 123_456_789 + $0 * 10_000_000))" }, { _ in "0,0,1" })
        let recording = try Self.load(text, map: "time=ns:ns,accel=ax,ay,az:g")
        #expect(abs((recording.accelerometer?.timestamps.first ?? 0) - 0.123456789) < 1e-15)
        #expect(abs((recording.accelerometer?.timestamps[1] ?? 0) - 0.133456789) < 1e-15)
        #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_714_000_000))
    }

    @Test func iso8601Times() throws {
        let text = """
            when,ax,ay,az
            2026-04-11T17:02:12.250Z,0,0,1
            2026-04-11T17:02:12.26Z,0,0,1
            2026-04-11 19:02:12,27+02:00,0,0,1
            2026-04-11T17:02:12.280,0,0,1

            """
        let recording = try Self.load(text.replacingOccurrences(of: "12,27", with: "12.27"), map: "time=when:iso8601,accel=ax,ay,az:g")
        let times = try #require(recording.accelerometer?.timestamps)
        #expect(times.count == 4)
        for (time, expected) in zip(times, [0.25, 0.26, 0.27, 0.28]) { #expect(abs(time - expected) < 1e-12, "\(times)") }
        #expect(recording.metadata.startDate == ISO8601DateFormatter().date(from: "2026-04-11T17:02:12Z"))
    }

    @Test func timeOfDayRollsOverMidnight() throws {
        let text = "clock;ax;ay;az\n23:59:59,990;0;0;1\n23:59:59,995;0;0;1\n00:00:00,000;0;0;1\n0:00:00,005;0;0;1\n"
        let recording = try Self.load(text, map: "time=clock:time-of-day,accel=ax,ay,az:g")
        let times = try #require(recording.accelerometer?.timestamps)
        for (time, expected) in zip(times, [86399.99, 86399.995, 86400, 86400.005]) { #expect(abs(time - expected) < 1e-9, "\(times)") }
    }

    @Test func separatorsAndDecimalComma() throws {
        let expected: [Float] = [-0.125, -0.125]
        let files = [
            ("t;ax;ay;az\n0,00;0,125;0;1\n0,01;0,125;0;1\n", "semicolon, decimal comma"),
            ("t\tax\tay\taz\n0.00\t0.125\t0\t1\n0.01\t0.125\t0\t1\n", "tab"),
            ("  t    ax    ay    az\n  0.00  0.125  0  1\n  0.01  0.125  0  1\n", "whitespace"),
            ("t\tax\tay\taz\n0,00\t0,125\t0\t1\n0,01\t0,125\t0\t1\n", "tab, decimal comma"),
        ]
        for (text, label) in files {
            let recording = try Self.load(text, map: "time=t:s,accel=ax,ay,az:g")
            #expect(recording.accelerometer?.x == expected, "\(label)")
            #expect(recording.accelerometer?.timestamps == [0, 0.01], "\(label)")
        }
        let forced = try Self.load("t;ax;ay;az\n0;1;0;1\n0,5;1;0;1\n", map: "time=1:s,accel=2,3,4:g,sep=;,decimal=comma")
        #expect(forced.accelerometer?.timestamps == [0, 0.5])
    }

    @Test func annotationLinesBeforeTheHeaderAreSkippedAndReported() throws {
        let text = "# PLab logger, firmware 1.2\n# rate: 100 Hz, range: 16 g\n\ntime,temp,ax,ay,az,extra\n"
            + Self.rows({ String(Double($0) / 100) }, { _ in "21.5,0,0,1,x" })
        let recording = try Self.load(text, map: "time=time:s,accel=ax,ay,az:g")
        #expect(recording.accelerometer?.count == 10)
        let note = recording.hygiene.findings.first(where: { $0.message.contains("annotations") })
        #expect(note?.line == 1)
        #expect(note?.message == "2 line(s) before the header skipped as annotations (first: \"# PLab logger, firmware 1.2\")")
    }

    @Test func axisRemapAndFlippedColumns() throws {
        let text = "t,ax,ay,az,gx,gy,gz\n" + Self.rows({ String(Double($0) / 100) }, { _ in "1,2,3,0.1,0.2,0.3" })
        let remapped = try Self.load(text, map: "time=t:s,accel=ax,ay,az:g:core-motion,gyro=gx,gy,gz:rad/s,axes=-y,x,z")
        #expect([remapped.accelerometer!.x[0], remapped.accelerometer!.y[0], remapped.accelerometer!.z[0]] == [-2, 1, 3])
        #expect([remapped.gyroscope!.x[0], remapped.gyroscope!.y[0], remapped.gyroscope!.z[0]] == [-0.2, 0.1, 0.3])
        let flipped = try Self.load(text, map: "time=t:s,accel=-ay,ax,az:g:core-motion")
        #expect([flipped.accelerometer!.x[0], flipped.accelerometer!.y[0], flipped.accelerometer!.z[0]] == [-2, 1, 3])
    }

    @Test func rowsOfOneSensorLeaveTheOthersEmpty() throws {
        let text = "t,ax,ay,az,gx,gy,gz\n0.000,0,0,1,,,\n0.005,,,,0.1,0,0\n0.010,0,0,1,0.1,0,0\n"
        let recording = try Self.load(text, map: "time=t:s,accel=ax,ay,az:g,gyro=gx,gy,gz:rad/s")
        #expect(recording.accelerometer?.timestamps == [0, 0.01])
        #expect(recording.gyroscope?.timestamps == [0.005, 0.01])
    }

    @Test func badRowsNameFileLineAndColumn() {
        let header = "t,ax,ay,az\n0.00,0,0,1\n"
        #expect(Self.error(header + "0.01,0,0\n0.02,0,0,1\n", map: "time=t:s,accel=ax,ay,az:g") == "bad.csv:3: expected 4 fields, found 3")
        #expect(Self.error(header + "0.01,0,abc,1\n", map: "time=t:s,accel=ax,ay,az:g")
            == "bad.csv:3: column 3 \"ay\": \"abc\" is not a number")
        #expect(Self.error(header + "0.01,0,,1\n", map: "time=t:s,accel=ax,ay,az:g")
            == "bad.csv:3: column 3 \"ay\": empty field while the sensor's other axes hold numbers")
        #expect(Self.error(header + "noon,0,0,1\n", map: "time=t:s,accel=ax,ay,az:g") == "bad.csv:3: column 1 \"t\": \"noon\" is not a number")
        #expect(Self.error(header, map: "time=t:s,accel=ax,ay,aq:g")
            == "bad.csv: no line in the first 64 KiB holds every named column (\"t\", \"ax\", \"ay\", \"aq\"); first line: \"t,ax,ay,az\"")
        #expect(Self.error(header, map: "time=t:s,accel=2,3,9:g") == "bad.csv:1: column 9 asked for, the header has 4 fields")
        #expect(Self.error("a,b\n", map: "time=1:s,accel=2,3,4:g") == "bad.csv: no data line with numbers in columns 1, 2, 3, 4; first line: \"a,b\"")
    }

    /// °/s declared as rad/s shows as impossible rates: the hygiene checks convert them and say so.
    @Test func degreesGivenAsRadiansAreConvertedAndReported() throws {
        let text = "t,gx,gy,gz\n" + (0..<200).map { "\(Double($0) / 100),\(Double($0 % 50) * 10),0,0" }.joined(separator: "\n") + "\n"
        let recording = try Self.load(text, map: "time=t:s,gyro=gx,gy,gz:rad/s")
        #expect(!recording.hygiene.findings(ofKind: .units).isEmpty)
        #expect(abs((recording.gyroscope?.x[10] ?? 0) - Float(100 * Double.pi / 180)) < 1e-5)
    }
}
