import Foundation
import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing

@testable import swing_metrics

/// `analyze` on a recording built in code: the head keys from a simulated headphone stream, and `null` (never 0)
/// without one; the same keys through the files the stream is stored in (native .npz mapped, interchange CSV).
@Suite struct RecordingAnalysisJobHeadMotionTests {
    static func session(headphones: Bool) -> SimulatedSession {
        var configuration = SimulationConfiguration.golf(seed: 21, mix: .proportional(swings: 6))
        if headphones { configuration.headphones = .preset(for: .golf) }
        return SimulatedSession(configuration: configuration)
    }

    static func analysis(_ session: SimulatedSession) -> RecordingAnalysis {
        RecordingAnalysisJob(sport: .golf, fileConfiguration: nil)
            .analyze(RecordingSource(session.recording), path: "golf")
    }

    @Test func headKeysFromTheHeadphoneStream() throws {
        let session = Self.session(headphones: true)
        let analysis = Self.analysis(session)
        let withImpact = analysis.swings.filter { $0.impact != nil }
        #expect(withImpact.count >= 4)
        // What the meter gives on the same swings, and close to the truth (golf: a still head).
        var expected = analysis.swings.map {
            Swing(start: $0.start, impact: $0.impact, timeToContact: $0.timeToContact, contact: $0.contact,
                peakRotationRate: $0.peakRotationRate)
        }
        let findings = HeadMotionMeter.measure(&expected, headphones: session.recording.headphoneMotion!)
        #expect(analysis.issues.filter { $0.kind == HeadMotionMeter.findingKind } == findings)
        for (swing, reference) in zip(analysis.swings, expected) {
            #expect(swing.headRotation == reference.headRotation)
            #expect(swing.headPeakRate == reference.headPeakRate)
            #expect(swing.headStill == reference.headStill)
            #expect(swing.headRotationBeforeImpact == reference.headRotationBeforeImpact)
            if swing.impact == nil { #expect(swing.headRotation == nil) }
        }
        var measured = 0
        for swing in withImpact {
            guard let rotation = swing.headRotation else { continue }
            measured += 1
            let truth = try #require(
                session.truth.swings.first { $0.impact.map { abs($0 - swing.impact!) < 0.005 } ?? false })
            #expect(abs(rotation - truth.headRotation!) < 1)
            #expect(swing.headStill == true)
        }
        #expect(measured >= withImpact.count - findings.count && measured > 0)

        let json = analysis.json.serialized
        #expect(json.contains("\"headRotation\":"))
        #expect(json.contains("\"headStill\":true"))
        var csv = AnalysisWriter(format: .csv, manyInputs: false)
        let header = csv.render(analysis).split(separator: "\n")[0]
        #expect(header.hasSuffix(
            "swingPlaneNormal,headRotation,headPeakRate,headStill,headRotationBeforeImpact,status,error"))
        let table = SwingTable.render(analysis)
        #expect(table.contains("head (°)") && table.contains("still"))
    }

    @Test func nullWithoutAHeadphoneStream() throws {
        let analysis = Self.analysis(Self.session(headphones: false))
        #expect(!analysis.swings.isEmpty)
        for swing in analysis.swings {
            let members = Dictionary(uniqueKeysWithValues: swing.json.objectMembers)
            for key in ["headRotation", "headPeakRate", "headStill", "headRotationBeforeImpact"] {
                #expect(members[key] == JSONValue.null, "\(key)")
            }
        }
        #expect(!analysis.issues.contains { $0.kind == HeadMotionMeter.findingKind })
        #expect(!SwingTable.render(analysis).contains("head"))
    }

    @Test("a headphone stream stored as .npz (served mapped) and as interchange CSV gives the in-memory head keys")
    func headKeysThroughFiles() throws {
        let session = Self.session(headphones: true)
        let inMemory = Self.analysis(session).swings
        #expect(inMemory.contains { $0.headRotation != nil })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("head-files-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let npz = folder.appendingPathComponent("golf.npz")
        try NativeFormat.write(session.recording, to: npz)
        let interchange = folder.appendingPathComponent("golf")
        try InterchangeCSVWriter.write(session.recording, to: interchange)
        for url in [npz, interchange] {
            let source = try RecordingSource.open(url)
            if url == npz, case .inMemory = source.storage { Issue.record("the .npz was not served mapped") }
            let swings = RecordingAnalysisJob(sport: .golf, fileConfiguration: nil).analyze(source, path: url.path).swings
            #expect(swings.map(\.headRotation) == inMemory.map(\.headRotation), "\(url.lastPathComponent)")
            #expect(swings.map(\.headStill) == inMemory.map(\.headStill), "\(url.lastPathComponent)")
        }
    }
}
