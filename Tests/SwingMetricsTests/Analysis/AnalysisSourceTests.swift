import Foundation
import MotionRecording
import SwingSimulation
import Testing

@testable import swing_metrics

/// The fusion decision, made once per recording: a raw accelerometer + gyroscope without device motion is fused,
/// a recording with device motion is left as opened unless fusion is forced, and one without a gyroscope never is.
@Suite struct AnalysisSourceTests {
    /// A simulated baseball session's accelerometer and device motion, and beside them a gyroscope reading the device
    /// motion's rotation rate.
    static let recording: Recording = {
        var recording = SimulatedSession(configuration: .baseball(seed: 3, mix: .proportional(swings: 2))).recording
        let motion = recording.deviceMotion!
        recording.gyroscope = GyroscopeData(
            timestamps: motion.timestamps, x: motion.rotationRateX, y: motion.rotationRateY, z: motion.rotationRateZ)
        return recording
    }()

    @Test func aRawGyroscopeWithoutDeviceMotionIsFused() throws {
        var raw = Self.recording
        raw.deviceMotion = nil
        let prepared = try AnalysisSource(RecordingSource(raw), forceFusion: false)
        #expect(prepared.source.metadata.deviceMotionSource == "fused")
        #expect(prepared.source.streams.contains(.deviceMotion))
        #expect(prepared.source.hygiene.findings.contains { $0.kind == "fused" })
    }

    @Test func recordedDeviceMotionIsKeptUnlessFusionIsForced() throws {
        let opened = RecordingSource(Self.recording)
        let kept = try AnalysisSource(opened, forceFusion: false).source
        #expect(kept.metadata.deviceMotionSource == nil)
        #expect(try kept.loaded().deviceMotion == Self.recording.deviceMotion)
        let forced = try AnalysisSource(opened, forceFusion: true).source
        #expect(forced.metadata.deviceMotionSource == "fused")
        #expect(try forced.loaded().deviceMotion != Self.recording.deviceMotion)
    }

    @Test func withoutAGyroscopeNothingIsFused() throws {
        var accelerometerOnly = Self.recording
        accelerometerOnly.gyroscope = nil
        accelerometerOnly.deviceMotion = nil
        let source = try AnalysisSource(RecordingSource(accelerometerOnly), forceFusion: true).source
        #expect(source.metadata.deviceMotionSource == nil && !source.streams.contains(.deviceMotion))
    }
}
