import Foundation
import MotionRecording
import SwingSimulation
import Testing
import _TestSupport

@testable import swing_metrics

/// The fusion decision, made once per recording: a raw accelerometer + gyroscope without device motion is fused,
/// a recording with device motion is left as opened unless fusion is forced, and one without a gyroscope never is.
/// A recording opened memory-mapped (spilled on opening, or a native file) is fused streaming, never loaded, with
/// exactly the analysis of fusing it in memory.
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

    /// What `analyze --format json` and `workout --format json` write for `opened`, after checking that it is fused
    /// memory-mapped (`mapped`) or in memory.
    static func json(_ opened: RecordingSource, mapped: Bool) throws -> (analysis: String, workout: String) {
        switch (try AnalysisSource(opened, forceFusion: false).source.storage, mapped) {
        case (.mapped, true), (.inMemory, false): break
        default: Issue.record("\(opened.path) fused \(mapped ? "in memory" : "mapped")")
        }
        let job = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        var writer = AnalysisWriter(format: .json, manyInputs: false)
        let analysis = writer.render(job.analyze(opened, path: "raw"))
        var workoutWriter = AnalysisWriter(format: .json, manyInputs: false)
        let workout = workoutWriter.render(job.workout(opened, path: "raw", stepLength: nil))
        return (analysis, workout)
    }

    /// The simulated session as a raw IMU recording: its accelerometer, and a gyroscope reading its device motion's
    /// rotation rate plus a bias of (0.02, −0.015, 0.01) rad/s, with no device motion.
    static var rawIMU: Recording {
        var raw = recording
        raw.deviceMotion = nil
        let gyroscope = raw.gyroscope!
        raw.gyroscope = GyroscopeData(
            timestamps: gyroscope.timestamps, x: gyroscope.x.map { $0 + 0.02 }, y: gyroscope.y.map { $0 - 0.015 },
            z: gyroscope.z.map { $0 + 0.01 })
        return raw
    }

    /// The same raw IMU session spilled on opening (interchange CSV) or served from a native file whose accelerometer
    /// is cut into random batches: fused streaming, and `analyze` and `workout` write exactly what they write for the
    /// session imported into memory and fused there.
    @Test func aMappedRawIMURecordingAnalysesAsFusedInMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("raw-imu-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("csv")
        try FileManager.default.createDirectory(at: csv, withIntermediateDirectories: true)
        var raw = Self.rawIMU
        try InterchangeCSVWriter.write(raw, to: csv)
        let inMemory = try Self.json(RecordingSource.open(csv, spillThreshold: .max), mapped: false)
        let spilled = try Self.json(RecordingSource.open(csv, spillThreshold: 0), mapped: true)
        #expect(spilled.analysis == inMemory.analysis)
        #expect(spilled.workout == inMemory.workout)
        #expect(inMemory.analysis.contains("\"deviceMotionSource\": \"fused\""), "\(inMemory.analysis.prefix(400))")

        var rng = SplitMix64(seed: 5)
        var ends: [Int] = []
        while (ends.last ?? 0) < raw.accelerometer!.count {
            ends.append(min(raw.accelerometer!.count, (ends.last ?? 0) + 1 + Int(rng.next() % 2400)))
        }
        raw.accelerometerBatchEnds = ends
        let npz = directory.appendingPathComponent("raw.npz")
        try NativeFormat.write(raw, to: npz)
        let native = try Self.json(RecordingSource.open(npz), mapped: true)
        let nativeInMemory = try Self.json(RecordingSource(raw, path: npz.path, format: .native), mapped: false)
        #expect(native.analysis == nativeInMemory.analysis)
        #expect(native.workout == nativeInMemory.workout)
    }
}
