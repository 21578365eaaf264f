import MotionRecording
import Testing
import WorkoutSimulation

@testable import WorkoutAnalysis

@Suite struct WorkoutSlowStreamsTests {
    /// ``ActivitySession/stairWalk()``: a walk up 4 floors and down 2 with its pressure; the device counted 3 up.
    static func stairWalk() -> (Recording, PressureTruth) {
        let (session, truth) = ActivitySession.stairWalk()
        return (session.recording, truth)
    }

    @Test func theWorkoutCountsFloorsWhileWalkingAndComparesWithTheDevice() throws {
        let (recording, truth) = Self.stairWalk()
        let summary = WorkoutAnalyzer.analyze(recording, stepLength: 0.7)
        #expect(summary.segments.contains { $0.activity == .walking })
        let barometry = try #require(summary.barometry)
        #expect(barometry.floorsAscended == truth.floorsAscended)  // 4
        #expect(barometry.floorsDescended == truth.floorsDescended)  // 2
        #expect(abs(barometry.elevationGain - truth.elevationGain) < 0.5, "\(barometry.elevationGain)")
        #expect(barometry.maxDepth == nil)
        #expect(barometry.segments.count == summary.segments.count)
        #expect(barometry.segments.reduce(0) { $0 + $1.floorsAscended } == barometry.floorsAscended)
        let device = try #require(summary.device)
        #expect(device.floorsAscended == 3 && device.floorsAscendedDifference == 1)
        #expect(device.floorsDescendedDifference == 0)
        #expect(device.steps == 300 && device.stepsDifference == summary.steps - 300)
    }

    @Test func withoutPressureThereIsNoBarometry() {
        var (recording, _) = Self.stairWalk()
        recording.pressure = nil
        recording.pedometer = nil
        let summary = WorkoutAnalyzer.analyze(recording)
        #expect(summary.barometry == nil && summary.device == nil)
    }
}
