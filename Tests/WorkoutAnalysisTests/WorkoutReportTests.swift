import Foundation
import SwingAnalysis
import Testing
import WorkoutAnalysis

@Suite("WorkoutReport")
struct WorkoutReportTests {
    @Test("JSON holds the contract's keys, null cadence and distance without gait, and the left-out swings")
    func json() throws {
        var output = WorkoutAnalyzerOutput()
        output.duration = 30
        output.segments = [
            ActivitySegment(start: 100, end: 110, activity: .stationary, confidence: 1),
            ActivitySegment(start: 110, end: 130, activity: .swimming, confidence: 0.75),
        ]
        let summary = WorkoutSummary(output: output, stepLength: nil)
        let swings = [Swing(start: 120, impact: 120.25, timeToContact: 0.25, contact: true, peakRotationRate: 20)]
        let report = WorkoutReport(
            recording: "a/b", summary: summary, gate: SwingGate().apply(to: swings, segments: summary.segments))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(report), as: UTF8.self)
        #expect(
            text
                == #"{"cadence":null,"distance":null,"duration":30,"elevationGain":null,"elevationLoss":null,"floorsAscended":null,"floorsDescended":null,"issues":[],"maxDepth":null,"recording":"a\/b","segments":[{"activity":"stationary","confidence":1,"end":110,"start":100,"steps":0},{"activity":"swimming","confidence":0.75,"end":130,"start":110,"steps":0}],"steps":0,"swings":0,"swingsLeftOut":[{"activity":"swimming","impact":120.25,"reason":"inside a swimming segment (110.0–130.0 s)","start":120}]}"#
        )
    }

    @Test("steps, cadence and distance of gait segments")
    func gait() {
        var output = WorkoutAnalyzerOutput()
        output.segments = [
            ActivitySegment(start: 0, end: 100, activity: .walking, confidence: 1, steps: 180, cadence: 1.8),
            ActivitySegment(start: 100, end: 150, activity: .running, confidence: 1, steps: 140.4, cadence: 2.808),
        ]
        let summary = WorkoutSummary(output: output, stepLength: 0.5)
        #expect(summary.steps == 320)
        #expect(summary.cadence == 320.4 / 150)
        #expect(summary.distance == 320.4 * 0.5)
    }
}
