import Foundation
import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import swing_metrics

@Suite struct HTMLReportTests {
    /// The report of a simulated tennis practice (seed 7, 5 swings), with AirPods motion or without.
    static func report(headphones: Bool) -> (html: String, swings: [Swing]) {
        var configuration = SimulationConfiguration.tennis(seed: 7, mix: .proportional(swings: 5))
        if headphones { configuration.headphones = .preset(for: .tennis) }
        let recording = SwingSimulator.simulate(configuration).recording
        let job = RecordingAnalysisJob(sport: .tennis, fileConfiguration: nil)
        let analysis = job.analyze(RecordingSource(recording), path: "practice")
        let report = HTMLReport(
            analysis: analysis, recording: recording, configuration: job.configuration(for: recording.metadata))
        return (report.render(), analysis.swings)
    }

    @Test("with headphone motion: head columns in the swings table and a head line per measured swing")
    func headMeasuresShown() throws {
        let (html, swings) = Self.report(headphones: true)
        let measured = swings.filter { $0.headRotation != nil }
        #expect(measured.count >= 3, "the hits have head measures")
        #expect(html.contains("<th>head (°)</th><th>head</th>"))
        // One cell per swing in the table, the analysis's value to 0.1°, "—" where unmeasured.
        let cells = html.components(separatedBy: "<td class=\"head-rotation\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(cells == swings.map { $0.headRotation.map { String(format: "%.1f", $0) } ?? "—" })
        let lines = html.components(separatedBy: "<div class=\"head-motion\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
        #expect(lines.count == measured.count)
        for (line, swing) in zip(lines, measured) {
            let still = swing.headStill! ? "still" : "moved"
            #expect(line.hasPrefix(String(format: "head turned %.1f° from start to impact", swing.headRotation!)
                + " (\(still))"), "\(line)")
            #expect(line.contains(String(format: "peak %.0f°/s", swing.headPeakRate!)), "\(line)")
            #expect(line.hasSuffix(
                String(format: "%.1f° in the last 0.1 s before impact", swing.headRotationBeforeImpact!)))
        }
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    @Test("without headphone motion: no head column, no head line")
    func headMeasuresAbsent() {
        let (html, swings) = Self.report(headphones: false)
        #expect(!swings.isEmpty && swings.allSatisfy { $0.headRotation == nil })
        #expect(!html.contains("head (°)") && !html.contains("head-rotation") && !html.contains("head-motion"))
    }

    @Test("the summary's median time to contact is the season page's (an even count: the two middle values' mean)")
    func medianTimeToContactIsNumpys() throws {
        // Four hits with times to contact 150, 170, 190, 250 ms: numpy.median gives 180 ms (the upper middle, 190,
        // is not the median).
        let swings = [0.15, 0.25, 0.17, 0.19].enumerated().map { k, ttc in
            Swing(start: 10 * Double(k), impact: 10 * Double(k) + ttc, timeToContact: ttc, contact: true,
                peakRotationRate: 20)
        }
        let analysis = RecordingAnalysis(
            recording: "four", duration: 40, swings: swings, issues: [], dataCase: "full", error: nil)
        let html = HTMLReport(
            analysis: analysis, recording: Recording(), configuration: .baseball
        ).render()
        #expect(html.contains("<tr><th>time to contact, median</th><td>180 ms</td></tr>"), "\(html)")
        #expect(html.contains("<tr><th>time to contact, range</th><td>150–250 ms</td></tr>"))
    }

    @Test("plot titles give the samples' own rate: 800 and 200 Hz batched, 100 Hz from a Sensor Logger export")
    func plotTitlesGiveTheRecordedRate() {
        let batched: [Double] = (0..<9).map { 77_349 + Double($0) * 0.00125 }
        #expect(HTMLReport.rateLabel(batched) == " (800 Hz)")
        #expect(HTMLReport.rateLabel([0, 0.01, 0.02, 0.0301, 0.04, 0.09]) == " (100 Hz)")
        #expect(HTMLReport.rateLabel([1]) == "")
        let (html, _) = Self.report(headphones: false)
        // The simulated watch: 800 Hz accelerometer and 200 Hz device motion with clock jitter (±1 Hz).
        func rates(after title: String) -> [Double] {
            html.components(separatedBy: title + " (").dropFirst().compactMap { Double($0.prefix { $0 != " " }) }
        }
        let accelerometer = rates(after: "Accelerometer")
        #expect(!accelerometer.isEmpty && accelerometer.allSatisfy { abs($0 - 800) <= 2 }, "\(accelerometer)")
        let rotation = rates(after: "rotation along gravity")
        #expect(!rotation.isEmpty && rotation.allSatisfy { abs($0 - 200) <= 1 }, "\(rotation)")
    }
}
