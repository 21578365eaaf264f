import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct SensorLoggerTests {
    @Test func readsPlainExportDirectory() throws {
        let url = FixtureFiles.url("sensor-logger/plain")
        #expect(try RecordingImporter.detectFormat(url) == .sensorLogger)
        let recording = try RecordingImporter.load(url)
        let motion = try #require(recording.deviceMotion)
        let accelerometer = try #require(recording.accelerometer)
        #expect(motion.count == 120)
        #expect(motion.components == .full)
        #expect(motion.timestamps[0] == 0.123442141)
        #expect(motion.rotationRateX[0] == Float(-0.01954139955341816))
        #expect(motion.gravityZ[0] == Float(-0.9847549796104431))
        #expect(motion.attitudeW[0] == Float(0.9887710809707642))
        #expect(accelerometer.count == 120)
        #expect(accelerometer.timestamps[0] == 0.126442141)
        #expect(accelerometer.x[0] == Float(0.12463228404521942))
        #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_777_991_856))
        #expect(recording.metadata.device == "Apple Watch Series 9")
        #expect(recording.metadata.sourceFormat == "sensor-logger")
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
        #expect(abs((recording.hygiene.deviceMotion?.estimatedRate ?? 0) - 100) < 0.1)
    }

    @Test func zipEqualsDirectory() throws {
        let directory = try RecordingImporter.load(FixtureFiles.url("sensor-logger/plain"))
        let zipURL = FixtureFiles.url("sensor-logger/plain-export.zip")
        #expect(try RecordingImporter.detectFormat(zipURL) == .sensorLogger)
        let zipped = try RecordingImporter.load(zipURL)
        #expect(zipped.accelerometer == directory.accelerometer)
        #expect(zipped.deviceMotion == directory.deviceMotion)
    }

    @Test func standardisedExportIsConvertedBack() throws {
        let plain = try RecordingImporter.load(FixtureFiles.url("sensor-logger/plain"))
        let standardised = try RecordingImporter.load(FixtureFiles.url("sensor-logger/standardised"))
        #expect(standardised.hygiene.findings(ofKind: .units).count == 2)
        let (a, b) = (try #require(plain.deviceMotion), try #require(standardised.deviceMotion))
        for (x, y) in zip(a.gravityZ + a.userAccelerationX, b.gravityZ + b.userAccelerationX) {
            #expect(abs(x - y) <= 2e-7 * max(1, abs(x)))
        }
        #expect(a.rotationRateX == b.rotationRateX)
        #expect(a.attitudeX == b.attitudeX)
        let (p, q) = (try #require(plain.accelerometer), try #require(standardised.accelerometer))
        for (x, y) in zip(p.z, q.z) { #expect(abs(x - y) <= 2e-7 * max(1, abs(x))) }
        #expect(standardised.hygiene.findings(ofKind: .other).isEmpty, "attitude check: \(standardised.hygiene.findings)")
    }

    @Test func conjugatedAttitudeIsRepairedAndReported() throws {
        var motion = try #require(try RecordingImporter.load(FixtureFiles.url("sensor-logger/plain")).deviceMotion)
        let original = motion.attitudeX
        motion.attitudeX = motion.attitudeX.map { -$0 }
        motion.attitudeY = motion.attitudeY.map { -$0 }
        motion.attitudeZ = motion.attitudeZ.map { -$0 }
        let finding = SensorLogger.checkAttitude(&motion, file: "WristMotion.csv")
        #expect(finding?.message.contains("conjugated") == true)
        #expect(motion.attitudeX == original)
    }

    @Test func userAccelerationFileIsNotTakenAsRawAccelerometer() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "time,seconds_elapsed,x,y,z\n"
        for index in 0..<50 { text += "\(1_700_000_000_000_000_000 + index * 10_000_000),\(Double(index) / 100),0.01,-0.02,0.03\n" }
        try Data(text.utf8).write(to: directory.appendingPathComponent("Accelerometer.csv"))
        #expect(throws: RecordingError.self) { try RecordingImporter.load(directory) }
        let files: SensorLogger.Files = ["Accelerometer.csv": (Data(text.utf8), "Accelerometer.csv")]
        let imported = try SensorLogger.read(files: files)
        #expect(imported.accelerometer == nil)
        #expect(imported.findings.first?.message.contains("user acceleration") == true)
    }

    @Test func badNumberNamesFileLineAndColumn() throws {
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = "time,seconds_elapsed,x,y,z\n1700000000000000000,0,0.01,-0.02,1.0\n1700000000010000000,0.01,0.01,oops,1.0\n"
        try Data(text.utf8).write(to: directory.appendingPathComponent("WatchAccelerometerUncalibrated.csv"))
        #expect {
            try RecordingImporter.load(directory)
        } throws: { error in
            "\(error)".hasSuffix("WatchAccelerometerUncalibrated.csv:3: column 4 \"y\": \"oops\" is not a number")
        }
    }
}

@Suite struct SensorLogTests {
    @Test func readsFixture() throws {
        let url = FixtureFiles.url("sensorlog/sensorlog-watch.csv")
        #expect(try RecordingImporter.detectFormat(url) == .sensorLog)
        let recording = try RecordingImporter.load(url)
        let accelerometer = try #require(recording.accelerometer)
        let motion = try #require(recording.deviceMotion)
        #expect(accelerometer.count == 5)  // one repeated sample dropped and reported
        #expect(recording.hygiene.findings(ofKind: .duplicateRows).first?.line == 6)
        #expect(motion.count == 5)  // the row without a motion timestamp contributes none
        #expect(motion.components == .full)  // magnetic field all zero, heading −1: absent
        #expect(motion.timestamps[0] == 1820.826298416667)
        #expect(motion.rotationRateX[0] == Float(-0.1897149682044983))
        #expect(accelerometer.z[0] == Float(-1.001358032226562))
        #expect(recording.metadata.sourceFormat == "sensorlog")
        let expectedStart = ISO8601DateFormatter().date(from: "2026-05-05T14:37:36Z")!.addingTimeInterval(0.734)
        #expect(abs((recording.metadata.startDate ?? .distantPast).timeIntervalSince(expectedStart)) < 1e-3)
    }

    @Test(.enabled(if: SharedDatasets.file("sensorlog/sensorlog-apple-watch-excerpt.csv") != nil))
    func readsRealExcerpt() throws {
        let url = try #require(SharedDatasets.file("sensorlog/sensorlog-apple-watch-excerpt.csv"))
        let recording = try RecordingImporter.load(url)
        #expect(recording.accelerometer?.timestamps == [1820.831335416667, 1820.841408416667, 1820.851481416667])
        #expect(recording.deviceMotion?.timestamps == [1820.826298416667, 1820.836371416667, 1820.846445416667])
        #expect(recording.deviceMotion?.gravityZ.last == Float(-0.991779088973999))
        #expect(recording.deviceMotion?.attitudeW.first == Float(0.5384161554221633))
    }

    @Test func missingTimestampColumnsAreRejected() {
        let url = FixtureFiles.write("loggingTime(txt),label\n2026-05-05T16:37:36.734+02:00,0\n", named: "sensorlog.csv")
        #expect {
            try RecordingImporter.load(url)
        } throws: { error in
            "\(error)".hasSuffix("sensorlog.csv:1: SensorLog header has neither accelerometerTimestamp_sinceReboot(s) nor motionTimestamp_sinceReboot(s)")
        }
    }
}
