import MotionRecording
import SwingSimulation
import Testing

@testable import swing_metrics

/// A recording that names a sport without presets is analysed with baseball's and says so, in `analyze` and
/// `workout` alike; a known name in any case, `--sport` or `--config` leaves no such finding.
@Suite struct RecordingAnalysisJobSportTests {
    /// A short simulated baseball session whose metadata names `sport`.
    static func recording(sport: String?) -> RecordingSource {
        var recording = SimulatedSession(configuration: .baseball(seed: 5, mix: .proportional(swings: 2))).recording
        recording.metadata.sport = sport
        return RecordingSource(recording)
    }

    static func sportFindings(_ job: RecordingAnalysisJob, sport: String?) -> (analyze: [String], workout: [String]) {
        let source = recording(sport: sport)
        let analysis = job.analyze(source, path: "session")
        let workout = job.workout(source, path: "session", stepLength: nil)
        return (analysis.issues.filter { $0.kind == "sport" }.map(\.message),
                workout.issues.filter { $0.kind == "sport" }.map(\.message))
    }

    @Test func anUnknownSportIsReportedWithThePresetUsed() {
        let job = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        let expected = [
            "the recording's sport \"cricket\" has no preset (baseball, softball, golf, tennis): analysed with baseball's; give --sport to choose one"
        ]
        let found = Self.sportFindings(job, sport: "cricket")
        #expect(found.analyze == expected)
        #expect(found.workout == expected)
        // The analysis itself is baseball's: the same swings as the recording named "baseball".
        let named = job.analyze(Self.recording(sport: "baseball"), path: "session")
        let unknown = job.analyze(Self.recording(sport: "cricket"), path: "session")
        #expect(unknown.swings.map(\.start) == named.swings.map(\.start))
        #expect(!named.swings.isEmpty)
    }

    @Test func aKnownSportOrAChosenPresetLeavesNoFinding() {
        let detected = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        #expect(Self.sportFindings(detected, sport: "Golf") == ([], []))
        #expect(Self.sportFindings(detected, sport: nil) == ([], []))
        let chosen = RecordingAnalysisJob(sport: .softball, fileConfiguration: nil)
        #expect(Self.sportFindings(chosen, sport: "cricket") == ([], []))
        let configured = RecordingAnalysisJob(sport: nil, fileConfiguration: .preset(for: .tennis))
        #expect(Self.sportFindings(configured, sport: "cricket") == ([], []))
    }
}
