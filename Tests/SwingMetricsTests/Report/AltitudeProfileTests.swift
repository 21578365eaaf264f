import Foundation
import MotionRecording
import Testing
import WorkoutAnalysis
import WorkoutSimulation

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import swing_metrics

@Suite struct AltitudeProfileTests {
    /// The numbers of the first `<polyline … points="…">` of `svg` after `marker`, as (x, y) pairs.
    static func points(after marker: String, in svg: String) throws -> [(x: Double, y: Double)] {
        let tail = try #require(svg.components(separatedBy: marker).dropFirst().first)
        let polyline = try #require(tail.components(separatedBy: "<polyline").dropFirst().first)
        let list = try #require(polyline.components(separatedBy: "points=\"").dropFirst().first).prefix { $0 != "\"" }
        return list.split(separator: " ").map {
            let xy = $0.split(separator: ",").compactMap { Double($0) }
            return (xy[0], xy[1])
        }
    }

    @Test("a stair walk's report: the altitude climbs 4 floors and comes down 2, with the workout's gain, loss and floors")
    func stairWalkProfile() throws {
        let (session, truth) = ActivitySession.stairWalk()
        let html = RecordingAnalysisJob(sport: .baseball, fileConfiguration: nil).timelineSection(session.recording)
        #expect(html.contains("<h2>Session timeline</h2>") && html.contains("<h2>Altitude</h2>"))
        let summary = try #require(html.components(separatedBy: "<div class=\"muted altitude-summary\">").last)
            .prefix { $0 != "<" }
        // The same numbers as `swing-metrics workout` (floors exactly as simulated; gain within 1 m of the truth).
        #expect(summary.contains(
            "floors \(truth.floorsAscended) up / \(truth.floorsDescended) down"), "\(summary)")
        #expect(truth.floorsAscended == 4 && truth.floorsDescended == 2)
        let gain = try #require(Double(summary.split(separator: "+")[1].split(separator: " ")[0]))
        #expect(abs(gain - truth.elevationGain) < 1, "\(summary)")
        #expect(!summary.contains("dive"))

        // The profile itself: level at 0, up by the climb, down by the descent; one point a second.
        let profile = AltitudeProfile(
            pressure: try #require(session.recording.pressure),
            barometry: try #require(WorkoutAnalyzer.analyzeWithSwings(
                RecordingSource(session.recording), swingConfiguration: .baseball).summary.barometry),
            start: 2000, end: 2000 + 130)
        let meters = profile.altitude.map(\.meters)
        #expect(profile.altitude.count >= 120)
        #expect(abs(meters.first!) < 0.3)
        #expect(abs(meters.max()! - truth.elevationGain) < 1, "top \(meters.max()!) m")
        #expect(abs(meters.last! - (truth.elevationGain - truth.elevationLoss)) < 1, "end \(meters.last!) m")
        // On the timeline's axis: x = 58…708 px for the recording's span, so the line starts near the left edge.
        let drawn = try Self.points(after: "aria-label=\"Altitude (barometer, 1 Hz)\"", in: html)
        #expect(drawn.count >= profile.altitude.count - 2, "the seconds inside the timeline's span")
        #expect(drawn.first!.x >= 58 && drawn.first!.x < 66 && drawn.last!.x <= 708)
        // Higher is up: the top of the climb is drawn above (smaller y than) the start.
        #expect(drawn.map(\.y).min()! < drawn.first!.y - 50)
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    @Test("no pressure, no altitude section")
    func absentWithoutPressure() throws {
        var (session, _) = ActivitySession.stairWalk()
        session.recording.pressure = nil
        let html = RecordingAnalysisJob(sport: .baseball, fileConfiguration: nil).timelineSection(session.recording)
        #expect(html.contains("<h2>Session timeline</h2>"))
        #expect(!html.contains("Altitude") && !html.contains("altitude-summary"))
    }

    @Test("dives are named in the summary and marked with their depth")
    func summaryLineWithDives() {
        let dive = Submersion(
            start: 1010, end: 1030, surfacePressure: 101.3, maxDepth: 2.4, maxDepthTime: 1020,
            deepestZone: .submergedShallow)
        let barometry = BarometrySummary(
            elevationGain: 0, elevationLoss: 0, floorsAscended: 0, floorsDescended: 0, maxDepth: 2.4,
            submersions: [dive], weatherDrift: 0, segments: [])
        let profile = AltitudeProfile(altitude: [(1000, 0), (1040, 0.5)], barometry: barometry, start: 1000, end: 1050)
        #expect(profile.summaryLine == "elevation +0.0 m / −0.0 m, floors 0 up / 0 down, 1 dive, deepest 2.4 m")
        #expect(profile.section().contains(">dive 2.4 m</text>"))
    }
}
