import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

extension SwingMetrics.Report {
    /// The folder the season page at `page` links its per-recording reports in: `<page without .html>-reports`,
    /// beside it (`season.html` → `season-reports/`).
    static func recordingReportsFolder(forSeasonPage page: String) -> String {
        let url = URL(fileURLWithPath: page)
        return url.deletingPathExtension().lastPathComponent + "-reports"
    }

    /// `report --season`: analyses every recording (streaming, as `analyze` does), writes its own report into the
    /// reports folder unless `--no-recording-reports`, then the season page. An unreadable recording is a row with
    /// its error on the page and makes the exit status 1.
    func writeSeason(_ inputs: [URL], job: RecordingAnalysisJob) async throws {
        let folderName = Self.recordingReportsFolder(forSeasonPage: output)
        let pageFolder = (output as NSString).deletingLastPathComponent
        let reportsFolder = pageFolder.isEmpty ? folderName : (pageFolder as NSString).appendingPathComponent(folderName)
        let writeReports = !noRecordingReports
        if writeReports {
            try FileManager.default.createDirectory(atPath: reportsFolder, withIntermediateDirectories: true)
        }
        let names = Self.uniqueNames(for: inputs)
        var sessions: [SessionSummary] = []
        var failures = 0
        await orderedParallelMap(
            Array(zip(inputs, names)), maxConcurrency: jobs,
            transform: { input, name in
                let link = (folderName + "/" + name).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
                    ?? name
                return Self.seasonSession(
                    input, job: job, link: link,
                    reportPath: writeReports ? (reportsFolder as NSString).appendingPathComponent(name) : nil)
            },
            emit: { _, session in
                if let error = session.error {
                    failures += 1
                    StandardError.writeLine("swing-metrics: error: \(error)")
                }
                sessions.append(session)
            })
        var sink = try OutputSink(path: output)
        try sink.write(SeasonReport(sessions: sessions).render())
        try sink.close()
        StandardError.writeLine(
            "wrote \(output) (\(sessions.count) sessions)" + (writeReports ? " and its reports in \(reportsFolder)/" : ""))
        if failures > 0 { throw ExitCode.failure }
    }

    /// One session of the season: the analysis of `input` reduced to its figures, after writing its own report to
    /// `reportPath` (when given).
    static func seasonSession(_ input: URL, job: RecordingAnalysisJob, link: String, reportPath: String?)
        -> SessionSummary
    {
        let path = input.relativePath
        do {
            // Fused once, as for `report PATH`: the session's report shows the device motion its swings were found in.
            let prepared = try job.analysisSource(try RecordingSource.open(input, format: job.format))
            let analysis: RecordingAnalysis
            if let reportPath {
                let timeline: String
                (analysis, timeline) = job.analyzeWithTimeline(prepared, path: path)
                try writeRecordingReport(analysis, timeline: timeline, of: prepared, to: reportPath, job: job)
            } else {
                analysis = job.analyze(prepared, path: path)
            }
            return SessionSummary(analysis: analysis, startDate: prepared.source.metadata.startDate, reportLink: link)
        } catch {
            let failed = RecordingAnalysis(
                recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
            return SessionSummary(analysis: failed, startDate: nil, reportLink: link)
        }
    }
}
