import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

extension SwingMetrics {
    /// `swing-metrics report PATH -o report.html`, `swing-metrics report --season PATH... -o season.html`
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write a self-contained HTML report (inline SVG, no network) per recording, or for a season.",
            discussion: """
                For every swing the report shows the 800 Hz accelerometer (raw z, and the impact detector's own \
                high-pass and statistic) with the impact marked, and the rotation along gravity as the analysis \
                derives it with the swing start marked and the time to contact annotated, like Apple's figures; \
                then a session summary (swings, hits, misses, the distribution of times to contact) and the \
                data-hygiene findings.

                With one recording, --output names the HTML file; with several (or with --manifest or --shard), \
                --output names a directory that receives one <recording>.html per recording (the file name without extension; when two \
                recordings share a name, their parent folder's name is prefixed: <folder>-<recording>.html).

                With --season, --output names one page across all the recordings (each one a session): swings \
                and contact rate per session, time to contact and peak rotation rate over time (median and \
                quartiles per session), the best and worst sessions, and links to the per-recording reports, \
                which are written beside it into <page>-reports/ (season.html: season-reports/), named as above. \
                --no-recording-reports writes only the page; its links then point to where \
                'report PATH... -o <page>-reports/' writes the reports (e.g. from a job array with --shard).

                Examples:
                  swing-metrics report Datasets/sample -o sample.html
                  swing-metrics report sessions/ -o reports/
                  swing-metrics report --season sessions/ -o season.html
                """)

        @OptionGroup var selection: InputSelectionOptions

        @Option(name: .shortAndLong, help: "The HTML file (one recording, or --season) or directory (several) to write.")
        var output: String

        @Flag(help: "One page across all the recordings, with links to per-recording reports.")
        var season = false

        @Flag(help: "With --season: write only the season page, not the per-recording reports it links to.")
        var noRecordingReports = false

        @OptionGroup var analysis: AnalysisOptions

        @Option(name: .shortAndLong, help: "How many recordings to analyse at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
            if noRecordingReports && !season { throw ValidationError("--no-recording-reports needs --season.") }
        }

        mutating func run() async throws {
            let inputs = try selection.recordings()
            let job = try analysis.resolve()
            let writesOneFile = season || (inputs.count == 1 && !output.hasSuffix("/") && !selection.selectsAList)
            if writesOneFile { try OutputLocation.requireWritableFile(output) }
            if season {
                try await writeSeason(inputs, job: job)
                return
            }
            let outputs: [String]
            if writesOneFile {
                outputs = [output]
            } else {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                outputs = Self.uniqueNames(for: inputs).map { (output as NSString).appendingPathComponent($0) }
            }
            var failures = 0
            await orderedParallelMap(
                Array(zip(inputs, outputs)), maxConcurrency: jobs,
                transform: { input, path in Self.writeRecordingReport(input, to: path, job: job) },
                emit: { _, outcome in
                    switch outcome {
                    case .success(let message): StandardError.writeLine(message)
                    case .failure(let error):
                        failures += 1
                        StandardError.writeLine("swing-metrics: error: \(error.message)")
                    }
                })
            if failures > 0 { throw ExitCode.failure }
        }

        /// A failure to report, as text (the underlying errors are of several types).
        struct Failure: Error {
            let message: String
        }

        /// Opens, analyses and writes the report of one recording; the line to print on success.
        static func writeRecordingReport(_ input: URL, to path: String, job: RecordingAnalysisJob)
            -> Result<String, Failure>
        {
            do {
                // Fused once, as `analyze` fuses (a raw gyroscope without device motion, or --fuse): the traces and
                // the session timeline then show the device motion the swings were found in.
                let prepared = try job.analysisSource(try RecordingSource.open(input, format: job.format))
                let (result, timeline) = job.analyzeWithTimeline(prepared, path: input.relativePath)
                try writeRecordingReport(result, timeline: timeline, of: prepared, to: path, job: job)
                let noun = result.dataCase == "accelerometerOnly" ? "impacts" : "swings"
                return .success("wrote \(path) (\(result.swings.count) \(noun))")
            } catch {
                return .failure(Failure(message: "\(error)"))
            }
        }

        /// Writes the report of `result`, the analysis of `prepared`, with its session-timeline section `timeline`
        /// (both from ``RecordingAnalysisJob/analyzeWithTimeline(_:path:)``: one streaming pass), from the recording
        /// the analysis read (fused where the analysis fused it) without loading it: the swings' traces are read
        /// over their windows, so memory stays flat in the recording's length.
        static func writeRecordingReport(
            _ result: RecordingAnalysis, timeline: String, of prepared: AnalysisSource, to path: String,
            job: RecordingAnalysisJob
        ) throws {
            var report = HTMLReport(
                analysis: result, source: prepared.source, configuration: job.configuration(for: prepared.source.metadata))
            report.timeline = timeline
            let html = report.render()
            var sink = try OutputSink(path: path)
            try sink.write(html)
            try sink.close()
        }

        /// `name.html` per input, never two alike: a name that repeats gets its parent folder and its own extension
        /// (`d/rec` → `d-rec.html`, `d/rec.npz` → `d-rec.npz.html`), and any name still taken a number (`-2`, …).
        static func uniqueNames(for inputs: [URL]) -> [String] {
            let base = inputs.map { $0.deletingPathExtension().lastPathComponent }
            var counts: [String: Int] = [:]
            for name in base { counts[name, default: 0] += 1 }
            let preferred = zip(inputs, base).map { url, name in
                guard counts[name]! > 1 else { return name }
                return "\(url.deletingLastPathComponent().lastPathComponent)-\(url.lastPathComponent)"
            }
            var taken = Set<String>()
            return preferred.map { name in
                var candidate = name
                var number = 2
                while !taken.insert(candidate.lowercased()).inserted {
                    candidate = "\(name)-\(number)"
                    number += 1
                }
                return candidate + ".html"
            }
        }
    }
}
