import Foundation
import Testing
@testable import MotionRecording

/// A mapped native recording rewritten with new device motion appended piece by piece: the new device motion, every
/// other stream copied unchanged, the given metadata and report, served memory-mapped.
@Suite struct DeviceMotionReplacementTests {
    /// 20 s: a 100 Hz accelerometer in batches of 37 samples, 50 Hz recorded device motion in two batches, a 50 Hz
    /// gyroscope and 1 Hz pressure.
    static func recording() -> Recording {
        let a = (0..<2000).map { Double($0) / 100 }
        let g = (0..<1000).map { Double($0) / 50 + 0.003 }
        var recording = Recording(
            accelerometer: AccelerometerData(
                timestamps: a, x: a.map { Float(sin($0)) }, y: a.map { Float(cos($0)) }, z: .init(repeating: -1, count: 2000)),
            gyroscope: GyroscopeData(
                timestamps: g, x: g.map { Float($0 / 10) }, y: .init(repeating: 0.5, count: 1000),
                z: .init(repeating: -0.25, count: 1000)))
        recording.accelerometerBatchEnds = Array(stride(from: 37, to: 2000, by: 37)) + [2000]
        recording.deviceMotion = DeviceMotionData(
            timestamps: g, gravityX: .init(repeating: 0, count: 1000), gravityY: .init(repeating: 0, count: 1000),
            gravityZ: .init(repeating: -1, count: 1000))
        recording.deviceMotionBatchEnds = [400, 1000]
        let seconds = (0..<20).map(Double.init)
        recording.pressure = PressureData(timestamps: seconds, pressureKilopascals: seconds.map { Float(101 + $0 / 100) })
        return recording
    }

    /// Device motion with the four groups fusion gives (attitude, gravity, user acceleration, rotation rate) at
    /// `timestamps`, every value the timestamp.
    static func motion(_ timestamps: [Double]) -> DeviceMotionData {
        let values = timestamps.map { Float($0) }
        return DeviceMotionData(
            timestamps: timestamps, attitudeW: values, attitudeX: values, attitudeY: values, attitudeZ: values,
            gravityX: values, gravityY: values, gravityZ: values, userAccelerationX: values, userAccelerationY: values,
            userAccelerationZ: values, rotationRateX: values, rotationRateY: values, rotationRateZ: values)
    }

    @Test func appendedDeviceMotionReplacesTheRecordedAndTheRestIsCopied() throws {
        let original = Self.recording()
        var file = try FixtureFiles.openedNativeFile(original)
        file.releaseChunkBytes = 4096  // copies of several chunks, each released behind
        let replacement = try DeviceMotionReplacement(replacing: file, capacity: 1000)
        let motion = Self.motion(Array(original.gyroscope!.timestamps[10...]))
        for range in [0..<1, 1..<500, 500..<990] { try replacement.append(motion[range]) }
        #expect(replacement.count == 990)
        var metadata = file.metadata
        metadata.deviceMotionSource = "fused"
        var hygiene = file.hygiene
        hygiene.findings.append(HygieneFinding(kind: "fused", message: "replaced"))
        let rewritten = try replacement.finish(metadata: metadata, hygiene: hygiene)

        #expect(rewritten.metadata == metadata && rewritten.hygiene == hygiene)
        let result = try rewritten.recording()
        #expect(result.deviceMotion == motion)
        #expect(result.deviceMotionBatchEnds == nil, "the new device motion is cut at whole seconds")
        #expect(result.accelerometer == original.accelerometer)
        #expect(result.accelerometerBatchEnds == original.accelerometerBatchEnds)
        #expect(result.gyroscope == original.gyroscope)
        #expect(result.pressure == original.pressure)
        #expect(rewritten.deviceMotionComponents == [.attitude, .gravity, .userAcceleration, .rotationRate])
        #expect(rewritten.batchRanges() == Recording(
            accelerometer: original.accelerometer, deviceMotion: motion,
            accelerometerBatchEnds: original.accelerometerBatchEnds).batchRanges())
    }

    @Test func nothingAppendedLeavesNoDeviceMotion() throws {
        let file = try FixtureFiles.openedNativeFile(Self.recording())
        let rewritten = try DeviceMotionReplacement(replacing: file, capacity: 1000)
            .finish(metadata: file.metadata, hygiene: file.hygiene)
        #expect(!rewritten.hasDeviceMotion)
        #expect(rewritten.streams == [.accelerometer, .gyroscope])
        #expect(try rewritten.recording().accelerometer == Self.recording().accelerometer)
    }
}
