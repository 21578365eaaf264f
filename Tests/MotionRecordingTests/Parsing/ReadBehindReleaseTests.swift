import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

/// Releasing the parsed pages of a mapped file behind the parser changes no value: a 24 MB interchange file (three
/// release chunks) read from its mapping equals the same bytes read from memory; the device-motion and raw-IMU
/// readers release through the same loop.
@Suite struct ReadBehindReleaseTests {
    @Test func releasingParsedPagesChangesNoSample() throws {
        var text = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
        var device = "timestamp,attitude_w,attitude_x,attitude_y,attitude_z,gravity_x,gravity_y,gravity_z,user_acceleration_x,user_acceleration_y,user_acceleration_z,rotation_rate_x,rotation_rate_y,rotation_rate_z\n"
        var generator = SplitMix64(seed: 7)
        func value(_ generator: inout SplitMix64) -> Float { Float.random(in: -2..<2, using: &generator) }
        for index in 0..<600_000 {
            let t = 1000 + Double(index) / 800
            text += "\(t),\(value(&generator)),\(value(&generator)),\(value(&generator) - 1)\n"
            if index % 4 == 0 {
                device += "\(t),1,0,0,0,0,0,-1,\(value(&generator)),0,0,\(value(&generator)),0,0\n"
            }
        }
        #expect(text.utf8.count > 3 * ReadBehindRelease.chunkBytes)
        let directory = FixtureFiles.temporaryDirectory()
        let url = directory.appendingPathComponent("accelerometer.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        let deviceURL = directory.appendingPathComponent("device_motion.csv")
        try device.write(to: deviceURL, atomically: true, encoding: .utf8)

        let mapped = try InterchangeCSV.readAccelerometer(url)
        let inMemory = try withBytes(Data(text.utf8)) { bytes throws(RecordingError) in
            try InterchangeCSV.readAccelerometer(bytes: bytes, file: url.path)
        }
        #expect(mapped.samples == inMemory.samples)
        #expect(mapped.lines == inMemory.lines)
        #expect(mapped.samples.count == 600_000)
        let mappedDevice = try InterchangeCSV.readDeviceMotion(deviceURL)
        let deviceInMemory = try withBytes(Data(device.utf8)) { bytes throws(RecordingError) in
            try InterchangeCSV.readDeviceMotion(bytes: bytes, file: deviceURL.path)
        }
        #expect(mappedDevice.samples == deviceInMemory.samples)
        #expect(mappedDevice.samples.count == 150_000)
        // The same rows as gyroscope.csv (only the header differs), read from its mapping.
        let gyroscopeURL = directory.appendingPathComponent(InterchangeCSV.gyroscopeFileName)
        let rows = Data(text.utf8)
        var gyroscopeBytes = Data((InterchangeCSV.gyroscopeHeader.joined(separator: ",") + "\n").utf8)
        gyroscopeBytes.append(rows[(rows.firstIndex(of: UInt8(ascii: "\n"))! + 1)...])
        try gyroscopeBytes.write(to: gyroscopeURL)
        let gyroscope = try InterchangeCSV.readGyroscope(gyroscopeURL)
        #expect(gyroscope.samples.timestamps == inMemory.samples.timestamps)
        #expect(gyroscope.samples.x == inMemory.samples.x && gyroscope.samples.z == inMemory.samples.z)
        #expect(gyroscope.lines == inMemory.lines && gyroscope.findings.isEmpty)
    }
}
