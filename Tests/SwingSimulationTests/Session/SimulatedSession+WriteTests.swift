import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

@Suite struct SimulatedSessionWriteTests {
    static let session = SwingSimulator.simulate(
        .golf(seed: 9, mix: EventMix(hits: 2, foulTips: 1, misses: 1, practiceSwings: 0, clapBursts: 1,
            tapBursts: 0, walkingBouts: 0, armRaises: 0)))

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("simulated-\(UUID().uuidString)")
    }

    @Test func interchangeCSVReadsBackIdenticalSamples() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try Self.session.write(to: directory, format: .interchangeCSV)
        let loaded = try RecordingImporter.load(location)
        #expect(loaded.accelerometer == Self.session.recording.accelerometer)
        #expect(loaded.deviceMotion == Self.session.recording.deviceMotion)
        #expect(loaded.metadata.wrist == .left && loaded.metadata.sport == "golf")
        #expect(try GroundTruth.read(from: directory) == Self.session.truth)
    }

    @Test func nativeKeepsBatchBoundaries() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = try Self.session.write(to: directory, format: .native)
        #expect(location.lastPathComponent == "recording.npz")
        let loaded = try RecordingImporter.load(location)
        #expect(loaded.accelerometer == Self.session.recording.accelerometer)
        #expect(loaded.accelerometerBatchEnds == Self.session.recording.accelerometerBatchEnds)
        #expect(loaded.deviceMotionBatchEnds == Self.session.recording.deviceMotionBatchEnds)
        #expect(try GroundTruth.read(from: directory) == Self.session.truth)
    }

    @Test func unsupportedFormatIsRejected() {
        #expect(throws: SimulatedSessionError.self) {
            try Self.session.write(to: Self.temporaryDirectory(), format: .sensorLog)
        }
    }
}
