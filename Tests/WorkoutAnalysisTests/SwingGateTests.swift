import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing
import WorkoutAnalysis
import WorkoutSimulation

@Suite("SwingGate")
struct SwingGateTests {
    static func swing(_ start: Double, _ impact: Double?) -> Swing {
        Swing(start: start, impact: impact, timeToContact: impact.map { $0 - start }, contact: impact != nil, peakRotationRate: 20)
    }

    @Test("swings inside swimming, running and cycling are left out with the reason; others are kept")
    func rules() {
        let segments = [
            ActivitySegment(start: 0, end: 10, activity: .stationary, confidence: 1),
            ActivitySegment(start: 10, end: 40, activity: .swimming, confidence: 0.9),
            ActivitySegment(start: 40, end: 60, activity: .swingSport, confidence: 0.8),
            ActivitySegment(start: 60, end: 70, activity: .running, confidence: 0.9),
            ActivitySegment(start: 70, end: 80, activity: .walking, confidence: 0.9),
        ]
        let swings = [
            Self.swing(5, 5.2), Self.swing(12, 12.3), Self.swing(45, nil), Self.swing(39.9, 40.1), Self.swing(65, 65.2),
            Self.swing(75, 75.2),
        ]
        let decision = SwingGate().apply(to: swings, segments: segments)
        // The impact decides (39.9 → 40.1 is in the swing-sport segment); a miss is placed by its start.
        #expect(decision.kept.map(\.start) == [5, 39.9, 45, 75])
        #expect(decision.leftOut.map(\.start) == [12, 65])
        #expect(decision.leftOut.map(\.activity) == [.swimming, .running])
        #expect(decision.leftOut[0].reason == "inside a swimming segment (10.0–40.0 s)")
        #expect(SwingGate(excluded: []).apply(to: swings, segments: segments).kept.count == swings.count)
    }

    @Test("simulated swim and run stretches mixed with tennis practice: practice swings kept, none in the swim or run")
    func mixedSession() {
        let session = ActivitySession.swimPracticeRun()
        let summary = WorkoutAnalyzer.analyze(session.recording)
        let swings = SwingAnalyzer.analyze(session.recording, configuration: .tennis).swings
        let decision = SwingGate().apply(to: swings, segments: summary.segments)
        let practiceSpan = session.truth.segments[1]
        let inPractice = swings.filter { ($0.impact ?? $0.start) >= practiceSpan.start && ($0.impact ?? $0.start) <= practiceSpan.end }
        #expect(inPractice.count >= 5)
        for s in inPractice { #expect(decision.kept.contains(s)) }
        for s in decision.kept {
            let t = s.impact ?? s.start
            #expect(t >= practiceSpan.start - 2 && t <= practiceSpan.end + 2)
        }
        let score = scored(summary, against: session.truth)
        #expect(score.recall("swingSport") >= 0.7)
    }
}
