import Foundation
import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing
import WorkoutAnalysis
import WorkoutSimulation

@Suite("WorkoutAndSwings")
struct WorkoutAndSwingsTests {
    /// A breaststroke swim, a tennis practice and a run, at 800/200 Hz.
    static let session = ActivitySession.swimPracticeRun()

    @Test("one pass gives exactly the separate swing and workout analyses, and the gate of their results")
    func onePassEqualsSeparateAnalyses() {
        let recording = Self.session.recording
        let combined = WorkoutAnalyzer.analyzeWithSwings(RecordingSource(recording), swingConfiguration: .tennis)
        let swings = SwingAnalyzer.analyze(recording, configuration: .tennis)
        let summary = WorkoutAnalyzer.analyze(recording)
        #expect(combined.swings == swings)
        #expect(combined.summary == summary)
        #expect(combined.gate == SwingGate().apply(to: swings.swings, segments: summary.segments))
        #expect(combined.windows.isEmpty, "windows are recorded only when asked for")
        // The same over the batches listed once by the caller (how the benchmark runs it); the recording has no
        // slow streams, so nothing is added after the motion.
        let listed = WorkoutAnalyzer.analyzeWithSwings(
            recording, batches: recording.batchRanges(), swingConfiguration: .tennis)
        #expect(listed == combined)
        // The practice's swings are kept, and only they (the practice is the second stretch).
        #expect(combined.gate.kept.count >= 5)
        let practice = Self.session.truth.segments[1]
        for swing in combined.gate.kept {
            let t = swing.impact ?? swing.start
            #expect(t >= practice.start - 2 && t <= practice.end + 2)
        }
    }

    @Test("a memory-mapped native file gives the same result as the recording in memory")
    func mappedFileEqualsMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("workout-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("session.npz")
        try NativeFormat.write(Self.session.recording, to: url)
        let mapped = try RecordingSource.open(url)
        guard case .mapped = mapped.storage else {
            Issue.record("a native file should be memory-mapped")
            return
        }
        let fromFile = WorkoutAnalyzer.analyzeWithSwings(mapped, swingConfiguration: .tennis, stepLength: 0.8)
        let inMemory = WorkoutAnalyzer.analyzeWithSwings(
            RecordingSource(Self.session.recording), swingConfiguration: .tennis, stepLength: 0.8)
        #expect(fromFile == inMemory)
        // Distance is the unrounded step total × the step length.
        let distance = try #require(fromFile.summary.distance)
        #expect(fromFile.summary.steps > 100)
        #expect(abs(distance - Double(fromFile.summary.steps) * 0.8) <= 0.4)
    }

    @Test("device motion only: gravity + user acceleration stand in, the data case says so, swings still gated")
    func deviceMotionOnly() throws {
        var recording = Self.session.recording
        recording.accelerometer = nil
        let source = RecordingSource(recording)
        #expect(WorkoutAnalyzer.streams(in: source) == [.deviceMotion])
        let combined = WorkoutAnalyzer.analyzeWithSwings(source, swingConfiguration: .tennis)
        #expect(combined.summary.dataCase == .deviceMotionOnly)
        #expect(combined.summary == WorkoutAnalyzer.analyze(recording))
        #expect(combined.swings == SwingAnalyzer.analyze(recording, configuration: .tennis))
        #expect(combined.summary.segments.contains { $0.activity == .running })
    }

    @Test("recorded windows: one per second of the recording, in order")
    func windowsWhenAsked() {
        var configuration = WorkoutAnalyzerConfiguration()
        configuration.recordsWindows = true
        let combined = WorkoutAnalyzer.analyzeWithSwings(
            RecordingSource(Self.session.recording), swingConfiguration: .tennis, configuration: configuration)
        let seconds = combined.windows.map(\.second)
        #expect(seconds == seconds.sorted())
        #expect(abs(Double(seconds.count) - combined.summary.duration) <= 2)
    }
}

@Suite("WorkoutAndSwings: golf with device motion only")
struct GolfDeviceMotionOnlyTests {
    /// A golf range session (8 hits, 2 practice swings, a clap burst, taps, an arm raise) recorded as 100 Hz device motion only — the Watch's
    /// `CMMotionManager` without the batched accelerometer: the practice is a swing sport and no swing is left out.
    @Test("golf at 100 Hz device motion only: swing sport, every swing kept", arguments: [UInt64(1), 2, 3])
    func golfDeviceMotionOnly(seed: UInt64) {
        var configuration = SimulationConfiguration.golf(
            seed: seed, mix: EventMix(hits: 8, foulTips: 0, misses: 0, practiceSwings: 2, walkingBouts: 0))
        configuration.sensors.deviceMotionRate = 100
        var recording = SwingSimulator.simulate(configuration).recording
        recording.accelerometer = nil
        let result = WorkoutAnalyzer.analyzeWithSwings(RecordingSource(recording), swingConfiguration: .golf)
        #expect(result.summary.dataCase == .deviceMotionOnly)
        #expect(result.swings.swings.count >= 8)
        #expect(result.gate.leftOut.isEmpty, "\(result.gate.leftOut.map(\.reason))")
        #expect(result.summary.time[.swingSport, default: 0] >= 0.5 * result.summary.duration)
    }
}
