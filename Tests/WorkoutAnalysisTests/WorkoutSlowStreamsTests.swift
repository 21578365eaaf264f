import MotionRecording
import Testing
import WorkoutSimulation

@testable import WorkoutAnalysis

@Suite struct WorkoutSlowStreamsTests {
    /// A walk up 4 floors and down 2 (50 Hz accelerometer, with its pressure stream on the same clock), the device's
    /// pedometer counting 3 floors up.
    static func stairWalk() -> (Recording, PressureTruth) {
        let legs: [VerticalLeg] = [.level(30), .stairs(4), .level(20), .stairs(-2), .level(30)]
        let pressure = PressureSimulator.simulate(PressureSimulationConfiguration(seed: 4, legs: legs, startTime: 2000))
        let duration = legs.reduce(0) { $0 + $1.duration }
        var session = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: 4, stretches: [ActivityStretch(.walking, duration: duration + 2)], accelerometerRate: 50,
                deviceMotionRate: nil, startTime: 2000))
        session.recording.pressure = pressure.pressure
        session.recording.pedometer = PedometerData(
            timestamps: [2100, 2000 + duration], steps: [150, 300], distanceMeters: [100, 200],
            floorsAscended: [2, 3], floorsDescended: [0, 2])
        return (session.recording, pressure.truth)
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
