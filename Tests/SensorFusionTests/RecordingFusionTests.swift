import Foundation
import MotionRecording
import Testing
@testable import SensorFusion

/// `needsFusion` (of a `Recording`, as of any `BatchSource`) and `fusingDeviceMotion`: which recordings are fused,
/// and that the result is the filter's own output with the source stated.
@Suite struct RecordingFusionTests {
    static func imu() -> SimulatedIMU.Output {
        var imu = SimulatedIMU()
        imu.duration = 6
        imu.rotationRate = { t in SIMD3(0.3 * sin(t), 0.2, -0.4 * cos(2 * t)) }
        imu.bias = SIMD3(0.01, -0.02, 0.005)
        return imu.generate()
    }

    @Test func fusesOnlyWhatLacksRotation() {
        let output = Self.imu()
        var recording = Recording(accelerometer: output.accelerometer, gyroscope: output.gyroscope)
        #expect(recording.needsFusion())
        recording.deviceMotion = DeviceMotionData(timestamps: [0])
        recording.deviceMotion!.rotationRateX = [0]
        recording.deviceMotion!.rotationRateY = [0]
        recording.deviceMotion!.rotationRateZ = [0]
        #expect(!recording.needsFusion())
        #expect(recording.needsFusion(force: true))
        #expect(!Recording(accelerometer: output.accelerometer).needsFusion(force: true))
    }

    @Test func fusedRecordingEqualsTheFilterAndSaysSo() throws {
        let output = Self.imu()
        let recording = Recording(accelerometer: output.accelerometer, gyroscope: output.gyroscope)
        let fused = try recording.fusingDeviceMotion()
        var filter = try SensorFusionFilter()
        var expected = DeviceMotionData()
        filter.fuse(accelerometer: output.accelerometer, gyroscope: output.gyroscope, into: &expected)
        #expect(fused.deviceMotion == expected)
        #expect(fused.deviceMotion!.components == [.attitude, .gravity, .userAcceleration, .rotationRate])
        #expect(fused.metadata.deviceMotionSource == "fused")
        #expect(fused.hygiene.findings.first?.kind == "fused")
        #expect(fused.gyroscope == output.gyroscope, "the raw streams are kept")
    }

    /// A simulated IMU of `duration` s whose gyroscope is silent over `gap` (s; past the end: it stops), and its fusion.
    static func fusedWithGyroscopeGap(duration: Double, gap: ClosedRange<Double>) throws
        -> (output: SimulatedIMU.Output, fused: Recording)
    {
        var imu = SimulatedIMU()
        imu.duration = duration
        imu.gyroscopeGaps = [gap]
        let output = imu.generate()
        return (output, try Recording(accelerometer: output.accelerometer, gyroscope: output.gyroscope).fusingDeviceMotion())
    }

    @Test func gyroscopeGapIsReportedAsAFinding() throws {
        let (_, fused) = try Self.fusedWithGyroscopeGap(duration: 8, gap: 3...4.5)
        let gaps = fused.hygiene.findings.filter { $0.kind == "gap" && $0.message.hasPrefix("fusion: gyroscope paused") }
        #expect(gaps.count == 1, "\(fused.hygiene.findings)")
    }

    /// A gyroscope that stops mid-recording leaves the accelerometer without gyroscope samples for the rest of it: one
    /// finding for the whole run (with its count and time span), not one per one-second batch.
    @Test func gyroscopeThatStopsIsOneFinding() throws {
        let (output, fused) = try Self.fusedWithGyroscopeGap(duration: 10, gap: 3...11)
        let unmatched = fused.hygiene.findings.filter { $0.message.contains("without a gyroscope sample") }
        #expect(unmatched.count == 1, "\(fused.hygiene.findings.map(\.message))")
        let message = try #require(unmatched.first?.message)
        #expect(message.contains("(from ") && message.contains(" s to "), "\(message)")
        let count = try #require(Int(message.dropFirst("fusion: ".count).prefix { $0.isNumber }))
        let afterStop = output.accelerometer.timestamps.filter { $0 > 3 }.count
        // Everything beyond the 2 s stream skew goes on without the gyroscope; at most the whole run after the stop.
        #expect(count >= Int(5 * SimulatedIMU().accelerometerRate) && count <= afterStop, "\(count) of \(afterStop)")
    }
}
