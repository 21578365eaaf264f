import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct InterchangeCSVTests {
    @Test func readsFixtureDirectory() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let accelerometer = try #require(recording.accelerometer)
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(accelerometer.count == 2000)
        #expect(accelerometer.timestamps[0] == 100.3)
        #expect(accelerometer.timestamps[1] == 100.30125203455616)
        #expect(accelerometer.x[0] == Float("2.4603067e-05"))
        #expect(accelerometer.z[0] == Float("-0.9849857"))
        #expect(deviceMotion.count == 500)
        #expect(deviceMotion.components == .full)
        #expect(deviceMotion.gravityZ.allSatisfy { $0 == -1 })
        #expect(recording.metadata.wrist == .left)
        #expect(recording.metadata.crownSide == .right)
        #expect(recording.metadata.sport == "tennis")
        #expect(recording.metadata.device == "Watch6,18")
        #expect(recording.metadata.startDate == Date(timeIntervalSince1970: 1_777_991_856))
        #expect(recording.metadata.sourceFormat == "interchange-csv")
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
        let rate = try #require(recording.hygiene.accelerometer?.estimatedRate)
        #expect(abs(rate - 798.7) < 0.1)
        #expect(abs((recording.hygiene.deviceMotion?.estimatedRate ?? 0) - 200) < 0.01)
    }

    @Test func writeThenReadIsExact() throws {
        let original = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try InterchangeCSVWriter.write(original, to: directory)
        let copy = try RecordingImporter.load(directory)
        #expect(copy.accelerometer == original.accelerometer)
        #expect(copy.deviceMotion == original.deviceMotion)
        #expect(copy.metadata == original.metadata)
        // Printed text is identical too (shortest round-trip digits on both sides).
        let originalText = try String(contentsOf: FixtureFiles.url("interchange/basic/accelerometer.csv"), encoding: .utf8)
        let copyText = try String(contentsOf: directory.appendingPathComponent("accelerometer.csv"), encoding: .utf8)
        #expect(copyText.split(separator: "\n").count == originalText.split(separator: "\n").count)
    }

    @Test func rotationOnlyDeviceMotionRoundTripsWithEmptyGroups() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw/tiny-rotation.csv"))
        let directory = FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try InterchangeCSVWriter.write(recording, to: directory)
        let text = try String(contentsOf: directory.appendingPathComponent("device_motion.csv"), encoding: .utf8)
        #expect(text.split(separator: "\n")[1] == "67782.08207686669,,,,,,,,,,,-0.07,0.006,0.01")
        let copy = try RecordingImporter.load(directory)
        #expect(copy.deviceMotion == recording.deviceMotion)
        #expect(copy.deviceMotion?.components == .rotationRate)
        #expect(copy.accelerometer == nil)
    }

    @Test func singleStreamFileIsAccepted() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic/device_motion.csv"))
        #expect(recording.accelerometer == nil)
        #expect(recording.deviceMotion?.count == 500)
    }

    @Test func wrongHeaderNamesLineAndColumn() {
        let url = FixtureFiles.write(
            "timestamp,acceleration_x,accel_y,acceleration_z\n1.0,0,0,-1\n", named: "accelerometer.csv")
        #expect {
            try RecordingImporter.load(url.deletingLastPathComponent(), format: .interchangeCSV)
        } throws: { error in
            "\(error)".hasSuffix("accelerometer.csv:1: column 3 \"acceleration_y\": header is \"accel_y\", expected \"acceleration_y\"")
        }
    }

    @Test func nonNumberNamesLineAndColumn() {
        var text = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
        for index in 0..<1232 { text += "\(Double(index) / 800),0,0,-1\n" }
        text += "1.54,0,abc,-1\n"
        let url = FixtureFiles.write(text, named: "accelerometer.csv")
        #expect {
            try RecordingImporter.load(url.deletingLastPathComponent())
        } throws: { error in
            "\(error)".hasSuffix("accelerometer.csv:1234: column 3 \"acceleration_y\": \"abc\" is not a number")
        }
    }
}
