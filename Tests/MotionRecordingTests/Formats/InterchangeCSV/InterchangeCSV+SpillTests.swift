import Foundation
import Testing

@testable import MotionRecording

/// A long interchange recording is parsed into a temporary native file and served mapped; it must say and serve
/// exactly what the same text imported into memory does — samples, batches, findings (file and line included) and
/// summaries — clean or damaged. Chunks of 97 rows make every recording here cross many chunk edges.
@Suite struct InterchangeCSVSpillTests {
    enum Case: String, CaseIterable {
        case basic, gap, saturated, truncatedLastLine, byteOrderMark, crlf, accelerometerFile, deviceMotionFile,
            deviceMotionOnly
        // Damage a repair changes: repaired in place in the spill.
        case nan, milliseconds, metresPerSecondSquared, backwards, duplicateRows, outOfRange
        // Further streams beside the motion streams: the raw IMU spilled too, the slower streams copied in.
        case gyroscopeBeside, rawIMUAndSlowerStreams

        /// The recording's path: a fixture, or `basic` changed and written to a scratch directory.
        func url() throws -> URL {
            switch self {
            case .truncatedLastLine: return FixtureFiles.url("malformed/truncated")
            case .byteOrderMark: return FixtureFiles.url("malformed/bom")
            case .crlf: return FixtureFiles.url("malformed/crlf")
            case .backwards: return FixtureFiles.url("malformed/backwards")
            case .duplicateRows: return FixtureFiles.url("malformed/duplicated")
            case .metresPerSecondSquared: return FixtureFiles.url("malformed/ms2")
            case .outOfRange: return FixtureFiles.url("malformed/huge")
            case .nan: return FixtureFiles.url("malformed/nan")
            default: break
            }
            let basic = FixtureFiles.url("interchange/basic")
            var recording = try RecordingImporter.load(basic)
            var a = recording.accelerometer!
            switch self {
            case .basic: return basic
            case .accelerometerFile: return basic.appendingPathComponent(InterchangeCSV.accelerometerFileName)
            case .deviceMotionFile: return basic.appendingPathComponent(InterchangeCSV.deviceMotionFileName)
            case .gap: a.timestamps = a.timestamps.enumerated().map { $1 + ($0 >= 1234 ? 0.5 : 0) }
            case .saturated: for row in 700..<706 { a.x[row] = 8 }
            case .milliseconds: a.timestamps = a.timestamps.map { $0 * 1000 }
            case .deviceMotionOnly: recording.accelerometer = nil
            case .rawIMUAndSlowerStreams: return try InterchangeCSVSpillTests.rawIMUAndSlowerStreams()
            default: break
            }
            if recording.accelerometer != nil { recording.accelerometer = a }
            recording.hygiene = HygieneReport()
            let directory = FixtureFiles.temporaryDirectory(rawValue)
            try InterchangeCSVWriter.write(recording, to: directory)
            if self == .gyroscopeBeside {
                try Data("timestamp,rotation_rate_x,rotation_rate_y,rotation_rate_z\n10.0,0.1,0.2,0.3\n10.005,0.1,0.2,0.3\n".utf8)
                    .write(to: directory.appendingPathComponent("gyroscope.csv"))
            }
            return directory
        }
    }

    /// The workout-streams fixture (accelerometer, pressure, location, headphone motion, pedometer, activity from
    /// t = 50 s) with a gyroscope in °/s that stops 2 s early (a NaN row, a repeated row) and a 100 Hz magnetometer.
    static func rawIMUAndSlowerStreams() throws -> URL {
        var recording = InterchangeCSVWorkoutStreamsTests.recording()
        let degrees = Float(180 / Double.pi)
        var gyroscope = GyroscopeData()
        for index in 0..<6400 {
            let angle = Float(index) / 400
            gyroscope.timestamps.append(50 + Double(index) / 800)
            gyroscope.x.append(3 * sin(angle) * degrees)
            gyroscope.y.append(index == 1000 ? .nan : 2 * cos(angle) * degrees)
            gyroscope.z.append(0.5 * degrees)
        }
        gyroscope.timestamps[3001] = gyroscope.timestamps[3000]
        (gyroscope.x[3001], gyroscope.y[3001]) = (gyroscope.x[3000], gyroscope.y[3000])
        recording.gyroscope = gyroscope
        recording.magnetometer = MagnetometerData(
            timestamps: (0..<1000).map { 50 + Double($0) / 100 }, x: Array(repeating: 20, count: 1000),
            y: (0..<1000).map { -5 + Float($0) / 1000 }, z: Array(repeating: -40, count: 1000))
        let directory = FixtureFiles.temporaryDirectory("rawIMUAndSlowerStreams")
        try InterchangeCSVWriter.write(recording, to: directory)
        return directory
    }

    @Test(arguments: Case.allCases)
    func aSpilledRecordingIsTheImportedOne(_ recordingCase: Case) throws {
        let url = try recordingCase.url()
        let imported = try RecordingSource.open(url, spillThreshold: .max)
        guard case .inMemory = imported.storage else { Issue.record("below the threshold: in memory"); return }
        let spilledFile = try #require(try InterchangeCSV.openSpilled(url, spillAbove: 0, chunkRows: 97))
        let spilled = try RecordingSource.open(url, spillThreshold: 0)
        guard case .mapped = spilled.storage else { Issue.record("above the threshold: spilled"); return }
        for source in [spilled, RecordingSource(path: url.path, format: .interchangeCSV, storage: .mapped(spilledFile))] {
            try expectSameRecording(source, as: imported)
            let b = try imported.loaded()
            if b.pressure != nil { InterchangeCSVWorkoutStreamsTests.expectSameWorkoutStreams(source.slowerStreams, b) }
        }
        switch recordingCase {
        case .gap: #expect(imported.hygiene.findings(ofKind: .gap).first?.line == 1234 + 2)
        case .saturated: #expect(imported.hygiene.findings(ofKind: .saturation).first?.line == 700 + 2)
        case .truncatedLastLine: #expect(!imported.hygiene.findings(ofKind: .truncated).isEmpty)
        case .rawIMUAndSlowerStreams:
            let kinds = Set(imported.hygiene.findings.map(\.kind))
            #expect(kinds == ["units", "nan", "duplicate-rows", "gap"], "\(imported.hygiene.findings)")
            #expect(try imported.loaded().gyroscope?.count == 6398)
        default: break
        }
    }

    /// A malformed file is the same error through the spill as through the in-memory import.
    @Test func aMalformedFileIsTheSameError() throws {
        let url = FixtureFiles.write(
            "timestamp,acceleration_x,acceleration_y,acceleration_z\n1.0,0,0,-1\n1.00125,0,abc,-1\n", named: "accelerometer.csv")
        let errors = spilledAndImportedErrors(url)
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].contains(":3:"))
    }
}
