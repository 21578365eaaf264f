import Foundation
import Testing
@testable import MotionRecording

/// The column map's command-line text and JSON form: every entry, its canonical text, and the errors.
@Suite struct ColumnMapTests {
    @Test func parsesEveryEntry() throws {
        let map = try ColumnMap(
            parsing: "time=t_ms:ms,accel=ax,-ay,3:m/s2:core-motion,gyro=gx,gy,gz:deg/s,mag=Bx,By,Bz:gauss,axes=-y,x,z,sep=;,decimal=comma,header=4")
        #expect(map.time == .name("t_ms"))
        #expect(map.timeUnit == .milliseconds)
        #expect(map.accelerometer?.axes == [.init(.name("ax")), .init(.name("ay"), negated: true), .init(.index(3))])
        #expect(map.accelerometer?.unit == .metersPerSecondSquared)
        #expect(map.accelerometerSign == .coreMotion)
        #expect(map.gyroscope?.unit == .degreesPerSecond)
        #expect(map.magnetometer?.unit == .gauss)
        #expect(map.axes == [.init(axis: 1, negated: true), .init(axis: 0, negated: false), .init(axis: 2, negated: false)])
        #expect(map.separator == .semicolon)
        #expect(map.decimalComma == true)
        #expect(map.headerLine == 4)
    }

    @Test func canonicalTextReadsBackEqual() throws {
        for text in [
            "time=t_ms:ms,accel=ax,ay,az:m/s2,gyro=gx,gy,gz:deg/s",
            "time=1:iso8601,accel=-3,2,4:g:core-motion,sep=tab,header=none",
            "time=Time (s):s,gyro=Gyroscope x (rad/s),Gyroscope y (rad/s),Gyroscope z (rad/s):rad/s,axes=-y,x,z,sep=whitespace",
            "time=clock:time-of-day,mag=mx,my,mz:mT",
        ] {
            let map = try ColumnMap(parsing: text)
            #expect(try ColumnMap(parsing: map.description) == map, "\(text) → \(map)")
        }
        #expect(try ColumnMap(parsing: "time=t:ms,accel=ax,ay,az:m/s2").description
            == "time=t:ms,accel=ax,ay,az:m/s2:specific-force")
    }

    @Test(arguments: [
        ("accel=ax,ay,az:g", "--columns: no time entry (e.g. time=timestamp:ms)"),
        ("time=t", "--columns: no sensor: give accel=…, gyro=… or mag=…"),
        ("time=t:ms,gyro=gx,gy:deg/s", "--columns: entry \"gyro=gx,gy:deg/s\": needs 3 columns (x, y, z), found 2"),
        ("time=t:ms,gyro=gx,gy,gz", "--columns: entry \"gyro=gx,gy,gz\": give the unit: :rad/s or :deg/s"),
        ("time=t:ms,accel=ax,ay,az:m/s", "--columns: entry \"accel=ax,ay,az:m/s\": unknown modifier \"m/s\" (units g, m/s2; sign specific-force, core-motion)"),
        ("time=t:minutes,accel=1,2,3:g", "--columns: entry \"time=t:minutes\": unknown time unit \"minutes\" (s, ms, us, ns, iso8601, time-of-day)"),
        ("time=t,accel=1,2,3:g,axes=x,x,z", "--columns: entry \"axes=x,x,z\": give each of x, y, z once, each optionally with -, e.g. -y,x,z"),
        ("time=t,accel=1,2,3:g,header=none", "--columns: header=none, but column \"t\" is named: give its 1-based position"),
        ("ax,ay,az", "--columns: \"ax\" is not an entry: the map starts with key=value, keys time, accel, gyro, mag, axes, sep, decimal, header"),
        ("time=1,accel=2,3,4:g,sep=comma,decimal=comma", "--columns: decimal=comma needs a separator other than , (sep=; tab or whitespace)"),
    ])
    func errorsNameTheEntry(text: String, message: String) {
        #expect(throws: ColumnMapError.self) { try ColumnMap(parsing: text) }
        do { _ = try ColumnMap(parsing: text) } catch { #expect(error.description == message) }
    }

    @Test func jsonFormEqualsTheCommandLine() throws {
        let json = """
            {"time": {"column": "t_ms", "unit": "ms"},
             "accelerometer": {"columns": ["ax", "-ay", 3], "unit": "m/s2", "sign": "core-motion"},
             "gyroscope": {"columns": [5, 6, 7], "unit": "deg/s"},
             "axes": ["-y", "x", "z"], "separator": ";", "decimal": "comma", "header": 3}
            """
        let map = try ColumnMap(json: Data(json.utf8), source: "map.json")
        #expect(map == (try ColumnMap(
            parsing: "time=t_ms:ms,accel=ax,-ay,3:m/s2:core-motion,gyro=5,6,7:deg/s,axes=-y,x,z,sep=;,decimal=comma,header=3")))
        #expect(throws: ColumnMapError(source: "map.json", reason: "\"gyroscop\": unknown key (time, accelerometer, gyroscope, magnetometer, axes, separator, decimal, header)")) {
            try ColumnMap(json: Data(#"{"time": {"column": 1}, "gyroscop": {}}"#.utf8), source: "map.json")
        }
        #expect(throws: ColumnMapError(source: "map.json", reason: "\"accelerometer\": expected {\"columns\": [x, y, z], \"unit\": …}")) {
            try ColumnMap(json: Data(#"{"time": {"column": 1}, "accelerometer": {"columns": [2, 3]}}"#.utf8), source: "map.json")
        }
    }
}
