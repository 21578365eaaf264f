import Foundation
import Testing
@testable import MotionRecording

/// iPhone Sensor Logger exports (Metadata.csv version 3), fixtures from
/// Fixtures/sensor-logger/make_iphone_v3.py: gravity (0.6, 0, −0.8) g, user acceleration 0.1·sin(4πt) g on x,
/// rotation rate (0.5, −0.25, 1) rad/s, gyroscope bias (0.01, −0.02, 0.005) rad/s, 100 Hz, 2 s.
@Suite struct SensorLoggerPhoneTests {
    static let g = 9.80665

    @Test func readsCurrentIPhoneExport() throws {
        let url = FixtureFiles.url("sensor-logger/iphone-v3")
        #expect(try RecordingImporter.detectFormat(url) == .sensorLogger)
        let recording = try RecordingImporter.load(url)
        let accelerometer = try #require(recording.accelerometer)
        #expect(accelerometer.count == 200)
        // AccelerometerUncalibrated (g on iOS), columns z,y,x read by name.
        #expect(accelerometer.z[0] == Float(-0.8))
        #expect(accelerometer.x[0] == Float(0.6))
        // Device motion from Core Motion's own Gravity + Gyroscope, no fusion.
        let motion = try #require(recording.deviceMotion)
        #expect(motion.components == [.gravity, .rotationRate])
        #expect(motion.count == 200)
        #expect(abs(motion.gravityZ[5] + 0.8) < 1e-6 && abs(motion.gravityX[5] - 0.6) < 1e-6)
        #expect(motion.rotationRateZ[7] == 1 && motion.rotationRateY[7] == -0.25)
        #expect(recording.metadata.deviceMotionSource == "core-motion-gravity")
        // The raw gyroscope, bias included.
        let gyroscope = try #require(recording.gyroscope)
        #expect(gyroscope.x[3] == Float(0.51) && gyroscope.y[3] == Float(-0.27))
        #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_777_991_856))
        #expect(accelerometer.timestamps[1] == 0.133456789)
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
    }

    @Test func userAccelerationPlusGravityIsTheRawAccelerometer() throws {
        let source = FixtureFiles.url("sensor-logger/iphone-v3")
        let directory = FixtureFiles.temporaryDirectory()
        for name in ["Metadata.csv", "Accelerometer.csv", "Gravity.csv", "Gyroscope.csv"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let recording = try RecordingImporter.load(directory)
        let accelerometer = try #require(recording.accelerometer)
        #expect(accelerometer.count == 200)
        for index in [0, 13, 101] {
            let t = accelerometer.timestamps[index] - accelerometer.timestamps[0]
            #expect(abs(Double(accelerometer.x[index]) - (0.6 + 0.1 * sin(4 * .pi * t))) < 1e-5)
            #expect(abs(accelerometer.z[index] + 0.8) < 1e-6)
        }
        #expect(recording.hygiene.findings(ofKind: .units).count == 1)
        #expect(recording.deviceMotion?.rotationRateX[0] == 0.5)
        #expect(recording.gyroscope == nil, "the bias-corrected Gyroscope.csv is device motion, not the raw gyroscope")
    }

    @Test func calibratedGyroscopeWithoutGravityIsTheGyroscopeStream() throws {
        let source = FixtureFiles.url("sensor-logger/iphone-v3")
        let directory = FixtureFiles.temporaryDirectory()
        for name in ["Metadata.csv", "AccelerometerUncalibrated.csv", "Gyroscope.csv"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let recording = try RecordingImporter.load(directory)
        #expect(recording.deviceMotion == nil)
        #expect(recording.gyroscope?.x[0] == 0.5)
    }

    @Test func rawOnlyExportHasNoDeviceMotionButBothRawStreams() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("sensor-logger/iphone-v3-raw"))
        #expect(recording.streams == [.accelerometer, .gyroscope])
        #expect(recording.deviceMotion == nil)
        #expect(recording.metadata.deviceMotionSource == nil)
    }

    @Test func spreadsheetTimeFallsBackToSecondsElapsed() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("sensor-logger/iphone-v3-spreadsheet"))
        let repair = try #require(recording.hygiene.findings.first { $0.message.contains("seconds_elapsed") })
        #expect(repair.line == 2)
        #expect(repair.message.contains("1.78E+18"))
        let accelerometer = try #require(recording.accelerometer)
        #expect(accelerometer.count == 200)
        #expect(accelerometer.timestamps[0] == 0.0001 && accelerometer.timestamps[1] == 0.0101)
        #expect(recording.deviceMotion?.timestamps[199] == 1.9901)
        #expect(recording.hygiene.findings.count == 1, "\(recording.hygiene.findings)")
    }
}
