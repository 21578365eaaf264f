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
    /// The numbers of the first `<polyline … points="…">` of `svg` after `marker` drawn in `stroke`, as (x, y) pairs.
    static func points(after marker: String, stroke: String, in svg: String) throws -> [(x: Double, y: Double)] {
        let tail = try #require(svg.components(separatedBy: marker).dropFirst().first)
        let polyline = try #require(
            tail.components(separatedBy: "<polyline").dropFirst().first { $0.contains("stroke=\"\(stroke)\"") })
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
        // Both lines (barometric and drift removed): level at 0, up by the climb, down by the descent; one point a
        // second.
        for meters in [profile.altitude.map(\.meters), profile.wearerAltitude.map(\.meters)] {
            #expect(meters.count >= 120)
            #expect(abs(meters.first!) < 0.3)
            #expect(abs(meters.max()! - truth.elevationGain) < 1, "top \(meters.max()!) m")
            #expect(abs(meters.last! - (truth.elevationGain - truth.elevationLoss)) < 1, "end \(meters.last!) m")
        }
        // On the timeline's axis: x = 58…708 px for the recording's span, so the line starts near the left edge.
        let drawn = try Self.points(
            after: "aria-label=\"Altitude (barometer, 1 Hz)\"", stroke: AltitudeProfile.driftRemovedColor, in: html)
        #expect(drawn.count >= profile.wearerAltitude.count - 2, "the seconds inside the timeline's span")
        #expect(drawn.first!.x >= 58 && drawn.first!.x < 66 && drawn.last!.x <= 708)
        // Higher is up: the top of the climb is drawn above (smaller y than) the start.
        #expect(drawn.map(\.y).min()! < drawn.first!.y - 50)
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    @Test("under a weather drift the drawn altitude is the drift-removed one the gain is counted from; both labelled")
    func weatherDriftIsTakenOutOfTheDrawnLine() throws {
        // 4 min level, 4 floors up (12.8 m at 0.25 m/s), 4 min level, while the weather lowers the pressure by
        // 0.4 kPa/h: ≈ 5 m of apparent climb over the 9 min, too slow to be the wearer's.
        let legs: [VerticalLeg] = [.level(240), .stairs(4), .level(240)]
        let (session, pressureTruth) = ActivitySession.walk(legs: legs, seed: 9, weatherDrift: -0.4, noise: 2)
        let duration = legs.reduce(0) { $0 + $1.duration }
        let barometry = try #require(
            WorkoutAnalyzer.analyzeWithSwings(RecordingSource(session.recording), swingConfiguration: .baseball)
                .summary.barometry)
        let profile = AltitudeProfile(
            pressure: try #require(session.recording.pressure), barometry: barometry, start: 2000,
            end: 2000 + duration)
        let climb = pressureTruth.elevationGain
        #expect(abs(climb - 12.8) < 1e-9 && pressureTruth.elevationLoss == 0)
        // The barometric line ends ≈ 5 m above the climb; the drift-removed one at the climb, level before it, and
        // its rise is the summary's gain.
        let barometric = profile.altitude.map(\.meters)
        let wearer = profile.wearerAltitude.map(\.meters)
        #expect(barometric.last! - climb > 3.5, "barometric end \(barometric.last!) m")
        #expect(abs(wearer.last! - climb) < 1, "drift-removed end \(wearer.last!) m")
        let firstLevel = profile.wearerAltitude.filter { $0.time < 2000 + 230 }.map(\.meters)
        #expect(firstLevel.max()! - firstLevel.min()! < 0.5, "the first level stretch stays level")
        #expect(abs((wearer.max()! - wearer.min()!) - barometry.elevationGain) < 0.5, "\(barometry.elevationGain) m")
        #expect(profile.wearerAltitude.first!.time == profile.altitude.first!.time)

        let html = RecordingAnalysisJob(sport: .baseball, fileConfiguration: nil).timelineSection(session.recording)
        let marker = "aria-label=\"Altitude (barometer, 1 Hz)\""
        let bold = try Self.points(after: marker, stroke: AltitudeProfile.driftRemovedColor, in: html)
        let light = try Self.points(after: marker, stroke: AltitudeProfile.barometricColor, in: html)
        #expect(bold.count >= wearer.count - 2 && light.count >= barometric.count - 2)
        // Drawn: the barometric line ends above (smaller y than) the drift-removed one.
        #expect(light.last!.y < bold.last!.y - 10)
        #expect(html.contains(">altitude, drift removed</text>"))
        #expect(html.contains(">barometric (before drift removal)</text>"))
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
