import Foundation
import Testing
import _TestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import swing_metrics

/// End-to-end tests of `report --season` on simulated recordings: the page's figures per session equal those of
/// `analyze` over the same files, names are HTML-escaped, and the links lead to the per-recording reports.
@Suite struct SeasonReportTests {
    /// The `data-` attributes of every session row of the page, in order.
    static func rows(_ html: String) throws -> [[String: String]] {
        let row = try Regex(#"<tr( data-[a-z0-9-]+="[^"]*")+>"#)
        let attribute = try Regex(#"data-([a-z0-9-]+)="([^"]*)""#)
        return html.matches(of: row).map { match in
            var values: [String: String] = [:]
            for pair in html[match.range].matches(of: attribute) {
                values[String(pair.output[1].substring!)] = String(pair.output[2].substring!)
            }
            return values
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    @Test func figuresPerSessionEqualTheAnalysisAndNamesAreEscaped() throws {
        let root = try SimulatedSeason.folder.get()
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A recording whose name needs escaping in HTML, and an unreadable one.
        let oddName = "b<i>&\"odd\".npz"
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("day-2/recording.npz"), to: folder.appendingPathComponent(oddName))
        try Data("not a recording".utf8).write(to: folder.appendingPathComponent("broken.csv"))
        let inputs = try SimulatedSeason.recordings() + [folder.appendingPathComponent(oddName).path]
        let page = folder.appendingPathComponent("season.html")
        let report = try CommandRunner.run(
            ["report", "--season"] + inputs + [folder.appendingPathComponent("broken.csv").path, "-o", page.path])
        #expect(report.status == 1, "the unreadable recording fails the run: \(report.standardError)")
        let html = try String(contentsOf: page, encoding: .utf8)

        let analysis = try SimulatedSeason.analyzeLines(inputs)
        let rows = try Self.rows(html)
        #expect(rows.count == inputs.count + 1)
        for (object, row) in zip(analysis.objects, rows) {
            let recording = object["recording"] as! String
            let swings = object["swings"] as! [[String: Any]]
            let hits = swings.filter { $0["contact"] as? Bool == true }
            let ttc = hits.compactMap { $0["timeToContact"] as? Double }
            let peaks = swings.compactMap { $0["peakRotationRate"] as? Double }
            #expect(row["swings"] == "\(swings.count)", "\(recording)")
            #expect(row["contacts"] == "\(hits.count)")
            #expect(try #require(Double(row["contact-rate"] ?? "")) == Double(hits.count) / Double(swings.count))
            #expect(abs(try #require(Double(row["ttc-median"] ?? "")) - Self.median(ttc)) < 1e-12)
            #expect(abs(try #require(Double(row["peak-median"] ?? "")) - Self.median(peaks)) < 1e-12)
            #expect(!swings.isEmpty && !ttc.isEmpty)
        }
        #expect(rows.last?["swings"] == nil, "the unreadable recording has no figures")
        #expect(html.contains("class=\"error\""))

        // Names are escaped everywhere; the raw markup never appears.
        #expect(!html.contains("<i>&\"odd\""))
        #expect(html.contains("title=\"\(folder.path)/b&lt;i&gt;&amp;&quot;odd&quot;.npz\">"))
        #expect(html.contains("data-recording=\"\(folder.path)/b&lt;i&gt;&amp;&quot;odd&quot;.npz\""))
        // Self-contained, and well-formed (polyglot XHTML) so the tags balance.
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href=\"http"))
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(html.contains("Best sessions") && html.contains("Worst sessions"))
        #expect(html.components(separatedBy: "<svg").count - 1 == 4, "swings, contact, time to contact, peak rotation")

        // Every link leads to a per-recording report written beside the page.
        let links = try html.matches(of: Regex(#"href="([^"]*)""#)).map { String($0.output[1].substring!) }
        #expect(Set(links).count == inputs.count + 1)
        for link in Set(links) where !link.contains("broken") {
            let unescaped = link.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
            let path = try #require(unescaped.removingPercentEncoding)
            #expect(path.hasPrefix("season-reports/"))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(link)")
        }
    }

    @Test func noRecordingReportsWritesOnlyThePageWithTheNamingRuleLinks() throws {
        let root = try SimulatedSeason.folder.get()
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("week.html")
        let result = try CommandRunner.run(
            ["report", "--season", root.path, "-o", page.path, "--no-recording-reports"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("week-reports").path))
        let html = try String(contentsOf: page, encoding: .utf8)
        // The recordings are all named recording.npz: the folder is prefixed and the extension kept, as
        // `report DIR -o DIR/` names them.
        #expect(html.contains("href=\"week-reports/day-1-recording.npz.html\""))
        let reports = folder.appendingPathComponent("week-reports")
        let perRecording = try CommandRunner.run(["report", root.path, "-o", reports.path + "/"])
        #expect(perRecording.status == 0)
        #expect(FileManager.default.fileExists(atPath: reports.appendingPathComponent("day-4-recording.npz.html").path))
    }

    /// A raw accelerometer + gyroscope session is fused once, as `report PATH` fuses it: its report in the season is
    /// byte for byte the one `report PATH` writes, its traces and timeline from the fused device motion.
    @Test func aRawIMUSessionsReportIsTheOneReportWrites() throws {
        let folder = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, raw) = try FuseCommandTests.sessions(in: folder)
        let single = folder.appendingPathComponent("raw.html")
        let report = try CommandRunner.run(["report", raw, "-o", single.path])
        #expect(report.status == 0, "\(report.standardError)")
        let page = folder.appendingPathComponent("season.html")
        let season = try CommandRunner.run(["report", "--season", raw, "-o", page.path])
        #expect(season.status == 0, "\(season.standardError)")
        let inSeason = try Data(contentsOf: folder.appendingPathComponent("season-reports/raw.html"))
        #expect(inSeason == (try Data(contentsOf: single)))
    }

    @Test func datedSessionsAreInTimeOrderOnADayAxis() throws {
        func session(_ name: String, day: Double?, error: String? = nil) -> SessionSummary {
            let analysis = RecordingAnalysis(
                recording: "season/\(name)", duration: error == nil ? 60 : nil, swings: [], issues: [],
                dataCase: error == nil ? "full" : nil, error: error)
            return SessionSummary(
                analysis: analysis, startDate: day.map { Date(timeIntervalSince1970: 1_780_000_000 + $0 * 86_400) },
                reportLink: "r/\(name).html")
        }
        let dated = SeasonReport(sessions: [
            session("c", day: 3.5), session("broken", day: nil, error: "season/broken: bad"), session("a", day: 0),
            session("b", day: 1.25),
        ])
        #expect(dated.isDated)
        #expect(dated.sessions.map(\.recording) == ["season/a", "season/b", "season/c", "season/broken"])
        #expect(dated.positions == [0, 1.25, 3.5, 4])
        #expect(dated.commonFolder == "season/")
        let html = dated.render()
        #expect(html.contains("days since 2026-05-28"), "the axis is days since the first session")
        #expect(html.contains(">a.npz") == false && html.contains(">a</a>"), "names without the common folder")

        // One session without a date: input order, numbered.
        let undated = SeasonReport(sessions: [session("c", day: 3.5), session("a", day: nil)])
        #expect(!undated.isDated)
        #expect(undated.sessions.map(\.recording) == ["season/c", "season/a"])
        #expect(undated.positions == [1, 2])
    }
}
