import Foundation
import MotionRecording
import SwingSimulation
import Testing
import WorkoutAnalysis
import WorkoutSimulation

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import swing_metrics

@Suite struct SessionTimelineTests {
    /// 0–100 s from the first sample at t = 1000 s: stationary 0–20, walking 20–60, swing sport 60–100.
    static let timeline = SessionTimeline(
        segments: [
            ActivitySegment(start: 1000, end: 1020, activity: .stationary, confidence: 0.9),
            ActivitySegment(start: 1020, end: 1060, activity: .walking, confidence: 0.8, steps: 80, cadence: 2),
            ActivitySegment(start: 1060, end: 1100, activity: .swingSport, confidence: 0.7),
        ],
        cadence: [(1020, 2.0), (1021, 2.0), (1022, 2.0), (1030, 1.0), (1031, 1.0)],
        keptSwings: [1070, 1080],
        leftOutSwings: [(1040, "inside a running segment (a<b & c)")],
        start: 1000, end: 1100)

    /// The numbers of attribute `name` of the elements whose tag starts with `prefix`.
    static func attribute(_ name: String, of prefix: String, in svg: String) -> [Double] {
        svg.components(separatedBy: prefix).dropFirst().compactMap { element in
            guard let range = element.range(of: " \(name)=\"") else { return nil }
            return Double(element[range.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func segmentsAreBandsOnTheTimeAxis() throws {
        let svg = Self.timeline.render()
        // Plot area x = 58…708 (720 wide, margins 58 and 12) for 0…100 s: 6.5 px/s.
        #expect(Self.attribute("x", of: "<rect class=\"segment\"", in: svg) == [58, 188, 448])
        #expect(Self.attribute("width", of: "<rect class=\"segment\"", in: svg) == [130, 260, 260])
        #expect(svg.contains("data-activity=\"walking\""))
        #expect(svg.contains("walking 20.0–60.0 s, confidence 0.80"))
        #expect(svg.contains(">swingSport</text>"), "wide segments are labelled")
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    @Test func cadenceIsDrawnPerRunOfSecondsOnAFixedScale() throws {
        let svg = Self.timeline.render()
        let polylines = svg.components(separatedBy: "<polyline class=\"cadence\"").dropFirst()
        #expect(polylines.count == 2, "a gap of more than 1.5 s starts a new line")
        // The cadence row is y = 84…164 for 0…4 steps/s: 2 steps/s at y = 124, 1 step/s at y = 144.
        #expect(polylines.first!.contains("points=\"188.0,124.0 194.5,124.0 201.0,124.0\""))
        #expect(polylines.last!.contains("points=\"253.0,144.0 259.5,144.0\""))
    }

    @Test func swingsKeptAndLeftOutAreMarked() throws {
        let svg = Self.timeline.render()
        #expect(Self.attribute("x1", of: "<line class=\"swing-kept\"", in: svg) == [513, 578])
        #expect(svg.components(separatedBy: "class=\"swing-left-out\"").count == 2)
        #expect(svg.contains("left out at 40.00 s: inside a running segment (a&lt;b &amp; c)"))
        let section = Self.timeline.section(steps: 80, cadence: 2, distance: nil)
        #expect(section.contains("80 steps, cadence 2.00 steps/s, 2 swings kept, 1 left out"))
    }

    @Test func builtFromAnAnalysedWalkAndPractice() throws {
        let walk = ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: 5, stretches: [ActivityStretch(.walking, duration: 40)], deviceMotionRate: 200))
        let practice = ActivitySession(
            swingSession: SwingSimulator.simulate(.tennis(seed: 11, mix: EventMix(hits: 4, foulTips: 0, misses: 0))))
        let recording = ActivitySession.concatenated([walk, practice]).recording
        let html = RecordingAnalysisJob(sport: .tennis, fileConfiguration: nil).timelineSection(recording)
        #expect(html.contains("<h2>Session timeline</h2>"))
        #expect(html.contains("data-activity=\"walking\""))
        #expect(html.contains("data-activity=\"swingSport\""))
        // Every second of the walk has a cadence point at a walking step frequency.
        let points = html.components(separatedBy: "points=\"").dropFirst().flatMap {
            $0.prefix { $0 != "\"" }.split(separator: " ")
        }
        #expect(points.count >= 25)
        let stepsPerSecond = points.map { 4 * (164 - Double($0.split(separator: ",")[1])!) / 80 }
        #expect(stepsPerSecond.allSatisfy { $0 > 1.2 && $0 < 2.4 }, "\(stepsPerSecond)")
        #expect(html.components(separatedBy: "class=\"swing-kept\"").count - 1 >= 3)
    }
}
