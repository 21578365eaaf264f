import Foundation
import Testing
@testable import MotionRecording

/// Detecting a generic IMU CSV's columns from its header (real apps' export headers), and the error that shows the
/// map to give when the header leaves doubt.
@Suite struct ColumnDetectionTests {
    static func load(_ text: String, name: String = #function) throws -> Recording {
        try RecordingImporter.load(FixtureFiles.write(text, named: name.filter { $0.isLetter } + ".csv"))
    }

    static func detectionNote(_ recording: Recording) -> String? {
        recording.hygiene.findings(ofKind: .streamDetection).first?.message
    }

    @Test func plainShortNames() throws {
        let text = "timestamp,ax,ay,az,gx,gy,gz\n"
            + (0..<20).map { "\(Double($0) * 0.005),0.1,0.2,9.7,0.01,0.02,0.03" }.joined(separator: "\n") + "\n"
        let url = FixtureFiles.write(text, named: "plain.csv")
        #expect(try RecordingImporter.detectFormat(url) == .columnMapped(nil))
        let recording = try RecordingImporter.load(url)
        #expect(Self.detectionNote(recording)
            == "columns detected from the header: time=timestamp:s,accel=ax,ay,az:m/s2:specific-force,gyro=gx,gy,gz:rad/s; accelerometer unit from the values (median |a| 9.70); accelerometer sign taken as specific force (+1 g up; :core-motion if it reads −1 g face up); gyroscope unit not in the header: rad/s assumed")
        #expect(abs((recording.accelerometer?.z.first ?? 0) - Float(-9.7 / 9.80665)) < 1e-6)
        #expect(recording.gyroscope?.z.first == 0.03)
        #expect(recording.metadata.sourceFormat == "column-mapped")
    }

    /// Phyphox's "CSV (Tab, decimal comma)" export of the gyroscope: quoted names with units in brackets.
    @Test func phyphoxTabDecimalComma() throws {
        let text = "\"Time (s)\"\t\"Gyroscope x (rad/s)\"\t\"Gyroscope y (rad/s)\"\t\"Gyroscope z (rad/s)\"\t\"Absolute (rad/s)\"\n"
            + (0..<20).map { "\(Double($0) * 0.01)".replacingOccurrences(of: ".", with: ",") + "\t0,5\t-0,25\t0\t0,56" }
                .joined(separator: "\n") + "\n"
        let recording = try Self.load(text)
        #expect(recording.gyroscope?.x.first == 0.5 && recording.gyroscope?.y.first == -0.25)
        #expect(recording.gyroscope?.timestamps[3] == 0.03)
        #expect(Self.detectionNote(recording)?.hasPrefix(
            "columns detected from the header: time=Time (s):s,gyro=Gyroscope x (rad/s),Gyroscope y (rad/s),Gyroscope z (rad/s):rad/s,sep=tab,decimal=comma") == true,
            "\(Self.detectionNote(recording) ?? "")")
    }

    /// Phyphox's "Acceleration (with g)" in its default CSV (comma, decimal point), and Physics Toolbox's g-force.
    @Test func phyphoxAccelerationAndPhysicsToolboxGForce() throws {
        let phyphox = "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\",\"Absolute acceleration (m/s^2)\"\n"
            + (0..<20).map { "\(Double($0) * 0.01),0,0,9.80665,9.80665" }.joined(separator: "\n") + "\n"
        #expect(try Self.load(phyphox).accelerometer?.z.first == -1)
        let toolbox = "time,gFx,gFy,gFz,TgF\n" + (0..<20).map { "\(Double($0) * 0.01),0.0,0.5,0.5,0.71" }.joined(separator: "\n") + "\n"
        let recording = try Self.load(toolbox)
        #expect(recording.accelerometer?.y.first == -0.5)
        #expect(Self.detectionNote(recording)?.contains("accel=gFx,gFy,gFz:g:specific-force") == true)
    }

    /// Linear acceleration (gravity removed) is not a raw accelerometer: not taken, and the error says what to give.
    @Test func linearAccelerationIsNotTaken() {
        let text = "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\"\n0,0,0,0\n0.01,0,0,0\n"
        let url = FixtureFiles.write(text, named: "linear.csv")
        #expect {
            try RecordingImporter.load(url)
        } throws: { error in
            "\(error)".hasSuffix("linear.csv: unrecognised format: header \"Time (s),Linear Acceleration x (m/s^2),Linear Acceleration y (m/s^2),Linear Acceleration z (m/s^2)\" (line 1): no accelerometer or gyroscope x, y, z columns recognised; give the columns and units, e.g. --columns 'time=Time (s):s,accel=Linear Acceleration x (m/s^2),Linear Acceleration y (m/s^2),Linear Acceleration z (m/s^2):m/s2' (units: time s|ms|us|ns|iso8601|time-of-day, accel g|m/s2, gyro rad/s|deg/s; see --help)")
        }
    }

    /// Beiwe's `x,y,z` could be any sensor; a headerless table cannot be detected: both errors show the map.
    @Test func ambiguousHeadersShowTheMapToGive() {
        let beiwe = FixtureFiles.write("timestamp,UTC time,accuracy,x,y,z\n1714000000000,2024-04-24T23:06:40.000,unknown,0,0,1\n", named: "beiwe.csv")
        #expect {
            try RecordingImporter.load(beiwe)
        } throws: { error in
            "\(error)".hasSuffix("beiwe.csv: unrecognised format: header \"timestamp,UTC time,accuracy,x,y,z\" (line 1): no accelerometer or gyroscope x, y, z columns recognised; give the columns and units, e.g. --columns 'time=timestamp:s,accel=x,y,z:m/s2' (units: time s|ms|us|ns|iso8601|time-of-day, accel g|m/s2, gyro rad/s|deg/s; see --help)")
        }
        let headerless = FixtureFiles.write("# logger v2\n0.000;0.1;0.2;9.8;1;2;3\n0.005;0.1;0.2;9.8;1;2;3\n", named: "numbers.txt")
        #expect {
            try RecordingImporter.load(headerless)
        } throws: { error in
            "\(error)".hasSuffix("numbers.txt: unrecognised format: no header line: the columns cannot be detected without a header; give the columns and units, e.g. --columns 'time=1:s,accel=2,3,4:m/s2,gyro=5,6,7:rad/s,sep=;,header=none' (units: time s|ms|us|ns|iso8601|time-of-day, accel g|m/s2, gyro rad/s|deg/s; see --help)")
        }
    }

    @Test func timeUnitsFromNamesValuesAndText() throws {
        func unit(_ header: String, _ times: [String]) throws -> ColumnMap.TimeUnit? {
            let text = "\(header),ax,ay,az\n" + times.map { "\($0),0,0,1" }.joined(separator: "\n") + "\n"
            return try text.utf8CString.withUnsafeBufferPointer { raw in
                let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw.baseAddress!).assumingMemoryBound(to: UInt8.self), count: raw.count - 1)
                return try ColumnDetection.detect(bytes, file: "f.csv").map.timeUnit
            }
        }
        #expect(try unit("time_ms", ["0", "10"]) == .milliseconds)
        // `t_` with the unit, as Arduino/MPU-6050 sketches and many loggers name their time column.
        #expect(try unit("t_ms", ["0", "10"]) == .milliseconds)
        #expect(try unit("t_us", ["0", "10000"]) == .microseconds)
        #expect(try unit("t_ns", ["1714000000123456789", "1714000000133456789"]) == .nanoseconds)
        #expect(try unit("t (s)", ["0", "0.01"]) == .seconds)
        #expect(try unit("Time (s)", ["0", "0.01"]) == .seconds)
        #expect(try unit("timestamp", ["1714000000123456789", "1714000000133456789"]) == .nanoseconds)
        #expect(try unit("timestamp", ["1714000000123", "1714000000133"]) == .milliseconds)
        #expect(try unit("timestamp", ["1000", "1010", "1020"]) == .milliseconds)
        #expect(try unit("timestamp", ["2", "2.005", "2.01"]) == .seconds)
        #expect(try unit("time", ["2026-04-11T17:02:12.250Z", "2026-04-11T17:02:12.260Z"]) == .iso8601)
        #expect(try unit("time", ["17:02:12.250", "17:02:12.260"]) == .timeOfDay)
        #expect(throws: RecordingError.self) { try unit("timestamp", ["0", "0.1", "0.2"]) }
    }
}
