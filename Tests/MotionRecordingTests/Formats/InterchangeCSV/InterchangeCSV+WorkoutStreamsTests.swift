import Foundation
import Testing
@testable import MotionRecording

/// The slower streams in the interchange layout (`pressure.csv`, `location.csv`, `headphone_motion.csv`,
/// `pedometer.csv`, `activity.csv`) and the native `pressure_*` … `activity_*` arrays: exact round trips both ways,
/// and bad files rejected naming file, line and column.
@Suite struct InterchangeCSVWorkoutStreamsTests {
    /// 10 s of 800 Hz accelerometer from t = 50 s, with 1 Hz pressure (a 3 m climb's worth of relative altitude, one
    /// unknown), 1 Hz location (one unknown speed), 25 Hz headphone motion from alternating buds, pedometer reports
    /// every 2.5 s with floors, and three activity changes.
    static func recording() -> Recording {
        var accelerometer = AccelerometerData()
        for index in 0..<8000 { accelerometer.append(timestamp: 50 + Double(index) / 800, x: 0.01, y: -0.02, z: -1) }
        let seconds = (0..<10).map { 50 + Double($0) + 0.125 }
        let pressure = PressureData(
            timestamps: seconds, pressureKilopascals: seconds.indices.map { 101.325 - 0.036 * Float($0) / 3 },
            relativeAltitudeMeters: seconds.indices.map { $0 == 4 ? .nan : 0.3 * Float($0) })
        var location = LocationData()
        for (index, t) in seconds.enumerated() {
            location.append(
                timestamp: t + 0.5, latitude: 51.477_928 + 1e-6 * Double(index), longitude: -0.001_545 - 2e-6 * Double(index),
                altitude: 46.25 + Float(index) / 10, speed: index == 2 ? .nan : 1.4, horizontalAccuracy: 4.7)
        }
        var motion = DeviceMotionData(timestamps: (0..<250).map { 50 + Double($0) / 25 })
        let angles = motion.timestamps.indices.map { Float($0) * 0.01 }
        motion.attitudeW = angles.map { cos($0 / 2) }
        motion.attitudeX = angles.map { sin($0 / 2) }
        motion.attitudeY = angles.map { _ in 0 }
        motion.attitudeZ = angles.map { _ in 0 }
        motion.gravityX = angles.map { _ in 0 }
        motion.gravityY = angles.map { -sin($0) }
        motion.gravityZ = angles.map { -cos($0) }
        motion.userAccelerationX = angles.map { 0.001 * $0 }
        motion.userAccelerationY = angles.map { _ in -0.002 }
        motion.userAccelerationZ = angles.map { _ in 0.003 }
        motion.rotationRateX = angles.map { _ in 0.25 }
        motion.rotationRateY = angles.map { _ in 0 }
        motion.rotationRateZ = angles.map { -0.01 * $0 }
        let headphones = HeadphoneMotionData(
            motion: motion, sensorLocation: motion.timestamps.indices.map { $0 < 125 ? .left : .right })
        let pedometer = PedometerData(
            timestamps: [52.5, 55, 57.5, 60], steps: [4, 9, 13, 18], distanceMeters: [2.75, 6.1875, .nan, 12.5],
            floorsAscended: [0, 0, 1, 1], floorsDescended: [0, 0, 0, 0])
        let activity = MotionActivityData(
            timestamps: [50, 51.5, 58], activity: [.stationary, .walking, .unknown], confidence: [.high, .medium, .low])
        return Recording(
            accelerometer: accelerometer, pressure: pressure, location: location, headphoneMotion: headphones,
            pedometer: pedometer, motionActivity: activity)
    }

    /// Whether two `Float` columns hold the same bits (NaN, the unknown value, equal to itself).
    static func sameBits(_ a: [Float], _ b: [Float]) -> Bool { a.map(\.bitPattern) == b.map(\.bitPattern) }

    /// Every array of the slower streams equal, bit for bit.
    static func expectSameWorkoutStreams(_ read: Recording, _ original: Recording) {
        let (p, q) = (read.pressure!, original.pressure!)
        #expect(p.timestamps == q.timestamps && sameBits(p.pressureKilopascals, q.pressureKilopascals))
        #expect(sameBits(p.relativeAltitudeMeters, q.relativeAltitudeMeters))
        let (l, m) = (read.location!, original.location!)
        #expect(l.timestamps == m.timestamps && l.latitudeDegrees == m.latitudeDegrees && l.longitudeDegrees == m.longitudeDegrees)
        #expect(sameBits(l.altitudeMeters, m.altitudeMeters) && sameBits(l.speedMetersPerSecond, m.speedMetersPerSecond))
        #expect(sameBits(l.horizontalAccuracyMeters, m.horizontalAccuracyMeters))
        #expect(read.headphoneMotion == original.headphoneMotion)
        let (d, e) = (read.pedometer!, original.pedometer!)
        #expect(d.timestamps == e.timestamps && d.steps == e.steps && sameBits(d.distanceMeters, e.distanceMeters))
        #expect(d.floorsAscended == e.floorsAscended && d.floorsDescended == e.floorsDescended)
        #expect(read.motionActivity == original.motionActivity)
    }

    @Test func interchangeRoundTripIsBitIdentical() throws {
        let original = Self.recording()
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(original, to: directory)
        let text = { (name: String) in try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) }
        #expect(try text("pressure.csv").hasPrefix("timestamp,pressure,relative_altitude\n50.125,101.325,0.0\n"))
        let l = original.location!  // row 2: unknown speed written as an empty field
        #expect(try text("location.csv").split(separator: "\n")[3] == "52.625,\(l.latitudeDegrees[2]),\(l.longitudeDegrees[2]),\(l.altitudeMeters[2]),,4.7")
        #expect(try text("headphone_motion.csv").split(separator: "\n")[0].hasSuffix(",rotation_rate_z,sensor_location"))
        #expect(try text("pedometer.csv").split(separator: "\n")[3] == "57.5,13,,1,0")
        #expect(try text("activity.csv") == "timestamp,activity,confidence\n50.0,stationary,high\n51.5,walking,medium\n58.0,unknown,low\n")
        let read = try RecordingSource.open(directory).loaded()
        Self.expectSameWorkoutStreams(read, original)
        #expect(read.hygiene.findings.isEmpty, "\(read.hygiene.findings)")
        #expect(read.hygiene.pressure?.sampleCount == 10 && read.hygiene.headphoneMotion?.estimatedRate.rounded() == 25)
    }

    /// Every slower stream's file with its columns reversed and a spreadsheet's `note` column in front reads back
    /// bit for bit, each file's rearrangement reported at line 1; a value the reader rejects is named at its column
    /// in the file, not its place in the layout.
    @Test func reorderedAndExtraColumnsAreReadByName() throws {
        let original = Self.recording()
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(original, to: directory)
        let names = ["pressure.csv", "location.csv", "headphone_motion.csv", "pedometer.csv", "activity.csv"]
        for name in names {
            let url = directory.appendingPathComponent(name)
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            let text = lines.enumerated().map { number, line in
                ([number == 0 ? "note" : "x\(number)"] + line.split(separator: ",", omittingEmptySubsequences: false).reversed())
                    .joined(separator: ",")
            }.joined(separator: "\n") + "\n"
            try Data(text.utf8).write(to: url)
        }
        let read = try RecordingSource.open(directory).loaded()
        Self.expectSameWorkoutStreams(read, original)
        let notes = read.hygiene.findings(ofKind: .columns)
        #expect(notes.count == 5 && notes.allSatisfy { $0.line == 1 }, "\(read.hygiene.findings)")
        #expect(Set(notes.compactMap { $0.file.map { URL(fileURLWithPath: $0).lastPathComponent } }) == Set(names))
        #expect(notes.first { $0.file?.hasSuffix("activity.csv") == true }?.message
            == "columns in the order confidence,activity,timestamp, read by name; 1 extra column ignored: \"note\" (column 1)")

        let bad = directory.appendingPathComponent("activity.csv")
        try Data("note,confidence,activity,timestamp\nx,high,jogging,50\n".utf8).write(to: bad)
        #expect(throws: RecordingError.malformed(
            file: bad.path, line: 2, column: 3, columnName: "activity", reason: "\"jogging\" is not one of the known labels")) {
            _ = try RecordingSource.open(directory).loaded()
        }
    }

    @Test func nativeRoundTripIsBitIdenticalBothWays() throws {
        let original = Self.recording()
        let file = try FixtureFiles.openedNativeFile(HygieneChecker.repaired(original))
        #expect(file.arrays["pressure_kpa"]?.dtype == .float32 && file.arrays["pedometer_steps"]?.dtype == .int64)
        #expect(file.arrays["activity_kind"]?.dtype == .uint8 && file.arrays["location_latitude"]?.dtype == .float64)
        let fromNative = try file.recording()
        Self.expectSameWorkoutStreams(fromNative, original)
        // native → interchange → native
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(fromNative, to: directory)
        let again = try FixtureFiles.openedNativeFile(try RecordingSource.open(directory).loaded())
        Self.expectSameWorkoutStreams(try again.recording(), original)
    }

    @Test func absentOptionalColumnsStayAbsent() throws {
        var original = Self.recording()
        original.pressure!.relativeAltitudeMeters = []
        original.pedometer!.floorsAscended = []
        original.pedometer!.floorsDescended = []
        original.headphoneMotion!.sensorLocation = []
        original.headphoneMotion!.motion.userAccelerationX = []
        original.headphoneMotion!.motion.userAccelerationY = []
        original.headphoneMotion!.motion.userAccelerationZ = []
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(original, to: directory)
        let header = try String(contentsOf: directory.appendingPathComponent("pressure.csv"), encoding: .utf8).prefix(19)
        #expect(header == "timestamp,pressure\n")
        let read = try RecordingSource.open(directory).loaded()
        Self.expectSameWorkoutStreams(read, original)
        let native = try FixtureFiles.openedNativeFile(read)
        #expect(native.arrays["pressure_relative_altitude"] == nil && native.arrays["headphone_motion_sensor_location"] == nil)
        Self.expectSameWorkoutStreams(try native.recording(), original)
    }

    /// A directory with `accelerometer.csv` and one more file `name` holding `text`, opened.
    static func open(_ name: String, _ text: String) throws -> Recording {
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(Recording(accelerometer: recording().accelerometer), to: directory)
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        return try RecordingSource.open(directory).loaded()
    }

    @Test(arguments: [
        ("pressure.csv", "timestamp,pressure_kpa\n1,101\n", #"pressure.csv:1: header lacks column "pressure" (header: "timestamp,pressure_kpa"; columns are found by name: timestamp,pressure)"#),
        ("activity.csv", "timestamp,activity,confidence\n50,walking,high\n51,jogging,high\n", #"activity.csv:3: column 2 "activity": "jogging" is not one of the known labels"#),
        ("location.csv", "timestamp,latitude,longitude,altitude,speed,horizontal_accuracy\n50,51.5,x,,,\n", #"location.csv:2: column 3 "longitude": "x" is not a number"#),
        ("pedometer.csv", "timestamp,steps,distance,floors_ascended,floors_descended\n50,3,1.5,,\n51,4.5,2,,\n", #"pedometer.csv:3: column 2 "steps": "4.5" is not an integer"#),
        ("headphone_motion.csv", InterchangeCSV.headphoneMotionHeader.joined(separator: ",") + "\n50,1,0,0,0,0,0,-1,0,0,0,0,0,0,middle\n", #"headphone_motion.csv:2: column 15 "sensor_location": "middle" is not one of the known labels"#),
        ("pressure.csv", "timestamp,pressure\n50,101.3\n51,101.3,7\n", "pressure.csv:3: 3 fields, the header has 2"),
    ])
    func badFilesNameFileLineAndColumn(name: String, text: String, message: String) throws {
        do {
            _ = try Self.open(name, text)
            Issue.record("\(name) was accepted")
        } catch {
            let description = "\(error)"
            #expect(description.hasSuffix(message) || description.contains(message), "\(description)")
            #expect(description.contains("/" + name))
        }
    }

    @Test func nativeArrayOfTheWrongLengthIsAnError() throws {
        #expect(throws: RecordingError.self) {
            _ = try FixtureFiles.openedNpz([
                ("accelerometer_timestamp", .float64([0, 1])), ("accelerometer_x", .float32([0, 0])),
                ("accelerometer_y", .float32([0, 0])), ("accelerometer_z", .float32([1, 1])),
                ("pressure_timestamp", .float64([0, 1])), ("pressure_kpa", .float32([101])),
            ])
        }
        #expect(throws: RecordingError.self) {
            _ = try FixtureFiles.openedNpz([
                ("accelerometer_timestamp", .float64([0])), ("accelerometer_x", .float32([0])),
                ("accelerometer_y", .float32([0])), ("accelerometer_z", .float32([1])),
                ("activity_timestamp", .float64([0])), ("activity_kind", .uint8([9])), ("activity_confidence", .uint8([0])),
            ])
        }
    }
}
