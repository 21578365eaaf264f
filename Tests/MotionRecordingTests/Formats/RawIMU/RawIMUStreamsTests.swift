import Foundation
import Testing
@testable import MotionRecording

/// The raw gyroscope and magnetometer streams: interchange `gyroscope.csv` / `magnetometer.csv`, native
/// `gyroscope_*` / `magnetometer_*` arrays, and their hygiene checks.
@Suite struct RawIMUStreamsTests {
    /// 3 s of 800 Hz accelerometer, 200 Hz gyroscope (rad/s, a 0.5 rad/s sine on z) and 50 Hz magnetometer (µT).
    static func recording(gyroscopeEnd: Double = 3, degreesPerSecond: Bool = false) -> Recording {
        var accelerometer = AccelerometerData()
        for index in 0..<2400 { accelerometer.append(timestamp: 100 + Double(index) / 800, x: 0, y: 0, z: -1) }
        var gyroscope = GyroscopeData()
        for index in 0..<Int(gyroscopeEnd * 200) {
            let t = Double(index) / 200
            let rate = Float(0.5 * sin(2 * Double.pi * t)) + 0.01
            let scale: Float = degreesPerSecond ? 180 / .pi * 200 : 1  // °/s of a 100 rad/s-scale swing
            gyroscope.append(timestamp: 100 + t, x: 0.001, y: -0.002, z: rate * scale)
        }
        var magnetometer = MagnetometerData()
        for index in 0..<150 { magnetometer.append(timestamp: 100 + Double(index) / 50, x: 21.5, y: -3.25, z: -40.125) }
        return Recording(accelerometer: accelerometer, gyroscope: gyroscope, magnetometer: magnetometer)
    }

    @Test func interchangeRoundTripIsBitIdentical() throws {
        let original = Self.recording()
        let directory = FixtureFiles.temporaryDirectory()
        try InterchangeCSVWriter.write(original, to: directory)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("gyroscope.csv").path))
        let header = try String(contentsOf: directory.appendingPathComponent("magnetometer.csv"), encoding: .utf8)
            .split(separator: "\n").first
        #expect(header == "timestamp,magnetic_field_x,magnetic_field_y,magnetic_field_z")
        let source = try RecordingSource.open(directory)
        #expect(source.streams == [.accelerometer, .gyroscope, .magnetometer])
        #expect(source.sampleCount(.gyroscope) == 600)
        let read = try source.loaded()
        #expect(read.gyroscope == original.gyroscope)
        #expect(read.magnetometer == original.magnetometer)
        #expect(read.hygiene.gyroscope?.estimatedRate.rounded() == 200)
        #expect(read.hygiene.findings.isEmpty, "\(read.hygiene.findings)")
    }

    @Test func nativeRoundTripIsBitIdentical() throws {
        let original = Self.recording()
        let file = try FixtureFiles.openedNativeFile(original)
        #expect(file.gyroscopeCount == 600 && file.magnetometerCount == 150)
        #expect(file.streams == [.accelerometer, .gyroscope, .magnetometer])
        #expect(file.timestamp(.gyroscope, at: 599) == original.gyroscope!.timestamps[599])
        let read = try file.recording()
        #expect(read.gyroscope == original.gyroscope)
        #expect(read.magnetometer == original.magnetometer)
    }

    @Test func gyroscopeColumnWithoutTimestampIsAnError() throws {
        #expect(throws: RecordingError.self) {
            _ = try FixtureFiles.openedNpz([("gyroscope_x", .float32([1, 2]))])
        }
    }

    @Test func degreesPerSecondAreConvertedAndReported() throws {
        let recording = HygieneChecker.repaired(Self.recording(degreesPerSecond: true))
        let units = recording.hygiene.findings.filter { $0.kind == "units" }
        #expect(units.count == 1)
        #expect(units.first?.message.contains("°/s") == true)
        let expected = Self.recording().gyroscope!
        // Converted back to rad/s within float rounding of the × 180/π × 200 ÷ … round trip.
        for index in stride(from: 0, to: 600, by: 37) {
            #expect(abs(recording.gyroscope!.z[index] / 200 - expected.z[index]) < 1e-5)
        }
        #expect(recording.gyroscope!.count == 600, "no row dropped as out of range")
    }

    @Test func radiansPerSecondAreLeftAlone() {
        let recording = HygieneChecker.repaired(Self.recording())
        #expect(recording.hygiene.findings.isEmpty)
        #expect(recording.gyroscope == Self.recording().gyroscope)
    }

    @Test func gyroscopeStoppingEarlyIsReported() {
        let recording = HygieneChecker.repaired(Self.recording(gyroscopeEnd: 1.5))
        let gaps = recording.hygiene.findings.filter { $0.kind == "gap" }
        #expect(gaps.count == 1)
        #expect(gaps.first?.message.contains("gyroscope stops at 101.495 s") == true, "\(gaps)")
    }

    @Test func gyroscopeNaNRowsAreDroppedWithTheirLine() throws {
        let directory = FixtureFiles.temporaryDirectory()
        try Data("timestamp,acceleration_x,acceleration_y,acceleration_z\n0,0,0,-1\n0.01,0,0,-1\n".utf8)
            .write(to: directory.appendingPathComponent("accelerometer.csv"))
        try Data("timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z\n0,0.1,0,0\n0.005,nan,0,0\n0.01,0.1,0,0\n".utf8)
            .write(to: directory.appendingPathComponent("gyroscope.csv"))
        let recording = try RecordingImporter.load(directory)
        #expect(recording.gyroscope?.count == 2)
        let nan = recording.hygiene.findings.first { $0.kind == "nan" }
        #expect(nan?.line == 3)
        #expect(nan?.file?.hasSuffix("gyroscope.csv") == true)
    }

    @Test func magnetometerCutShortInItsLastLineKeepsTheRowsBeforeAndSaysSo() throws {
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent(InterchangeCSV.magnetometerFileName)
        try Data("timestamp,magnetic_field_x,magnetic_field_y,magnetic_field_z\n0,21.5,-3.25,-40.125\n0.02,21.5,-3".utf8)
            .write(to: url)
        let read = try InterchangeCSV.readMagnetometer(url)
        #expect(read.samples.timestamps == [0] && read.samples.z == [-40.125])
        #expect(read.lines == [2])
        #expect(read.findings.map(\.kind) == [HygieneFinding.Kind.truncated.rawValue])
        #expect(read.findings.first?.line == 3)
    }

    @Test func gyroscopeHeaderMistakeNamesFileLineAndColumn() throws {
        let directory = FixtureFiles.temporaryDirectory()
        try Data("timestamp,acceleration_x,acceleration_y,acceleration_z\n0,0,0,-1\n".utf8)
            .write(to: directory.appendingPathComponent("accelerometer.csv"))
        try Data("timestamp,gx,gy,gz\n0,0.1,0,0\n".utf8).write(to: directory.appendingPathComponent("gyroscope.csv"))
        #expect {
            _ = try RecordingImporter.load(directory)
        } throws: { error in
            "\(error)".contains("gyroscope.csv") && "\(error)".contains("rotation_rate_x")
        }
    }
}

/// Gyroscope saturation and gaps go through the same checks as the other streams.
@Suite struct RawIMUHygieneTests {
    @Test func saturatedGyroscopeIsReported() {
        var recording = RawIMUStreamsTests.recording()
        for index in 300..<310 { recording.gyroscope!.z[index] = 34.9 }
        let repaired = HygieneChecker.repaired(recording)
        let saturation = repaired.hygiene.findings.filter { $0.kind == "saturation" }
        #expect(saturation.count == 1)
        #expect(saturation.first?.message.contains("gyroscope rotation_rate_z flat at 34.9 rad/s for 10 samples") == true,
                "\(saturation)")
    }

    @Test func gyroscopeGapIsReportedWithItsSample() {
        var recording = RawIMUStreamsTests.recording()
        let keep = Array(0..<200) + Array(300..<600)
        let g = recording.gyroscope!
        recording.gyroscope = GyroscopeData(
            timestamps: keep.map { g.timestamps[$0] }, x: keep.map { g.x[$0] }, y: keep.map { g.y[$0] },
            z: keep.map { g.z[$0] })
        let repaired = HygieneChecker.repaired(recording)
        let gaps = repaired.hygiene.findings.filter { $0.kind == "gap" }
        #expect(gaps.count == 1, "\(gaps)")
        #expect(gaps.first?.message.contains("gap(s) in gyroscope") == true)
        #expect(repaired.hygiene.gyroscope?.gaps.count == 1)
    }
}
