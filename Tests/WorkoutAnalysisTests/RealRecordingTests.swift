import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import WorkoutAnalysis
import _TestSupport

/// The optional real recordings of the shared datasets (skipped when absent): two pool swims (Sensor Logger, ~100 Hz
/// accelerometer and device motion, on which the swing analysis reports 18 and 28 swings) and a tennis rally
/// (800 Hz accelerometer, seven forehands).
@Suite("Real recordings", .enabled(if: SharedDatasets.directory != nil))
struct RealRecordingTests {
    static func load(_ path: String) throws -> Recording {
        try RecordingImporter.load(#require(SharedDatasets.file(path)))
    }

    @Test("the pool swims are swimming and none of their swings is kept", arguments: ["Back0626", "Breast0626"])
    func swims(name: String) throws {
        let recording = try Self.load("sensor-logger-swim/\(name)")
        let summary = WorkoutAnalyzer.analyze(recording)
        #expect(summary.time[.swimming, default: 0] >= 0.8 * summary.duration)
        #expect(summary.steps == 0)
        let swings = SwingAnalyzer.analyze(recording).swings
        #expect(swings.count >= 10)
        let decision = SwingGate().apply(to: swings, segments: summary.segments)
        #expect(decision.kept.isEmpty)
        #expect(decision.leftOut.allSatisfy { $0.activity == .swimming })
    }

    @Test("the tennis rally is swing sport and every swing is kept")
    func tennis() throws {
        let recording = try Self.load("tennis-motion/forehand-seven-shots-accelerometer.csv")
        let summary = WorkoutAnalyzer.analyze(recording)
        #expect(summary.segments.map(\.activity) == [.swingSport])
        let swings = SwingAnalyzer.analyze(recording, configuration: .tennis).swings
        #expect(swings.count == 7)
        let decision = SwingGate().apply(to: swings, segments: summary.segments)
        #expect(decision.leftOut.isEmpty)
        #expect(decision.kept.count == swings.count)
    }
}
