import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

extension SwingMetrics {
    /// `swing-metrics report PATH -o report.html`
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "report",
            abstract: "Write a self-contained HTML report (inline SVG, no network) per recording.",
            discussion: """
                For every swing the report shows the 800 Hz accelerometer (raw z, and the impact detector's own \
                high-pass and statistic) with the impact marked, and the rotation along gravity as the analysis \
                derives it with the swing start marked and the time to contact annotated, like Apple's figures; \
                then a session summary (swings, hits, misses, the distribution of times to contact) and the \
                data-hygiene findings.

                With one recording, --output names the HTML file; with several, --output names a directory that \
                receives one <recording>.html per recording.

                Examples:
                  swing-metrics report Datasets/sample -o sample.html
                  swing-metrics report sessions/ -o reports/
                """)

        @Argument(help: "Recordings, directories or glob patterns.")
        var paths: [String]

        @Option(name: .shortAndLong, help: "The HTML file (one recording) or directory (several) to write.")
        var output: String

        @OptionGroup var analysis: AnalysisOptions

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let job = try analysis.resolve()
            let outputs: [String]
            if inputs.count == 1 && !output.hasSuffix("/") {
                outputs = [output]
            } else {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                outputs = Self.uniqueNames(for: inputs).map { (output as NSString).appendingPathComponent($0) }
            }
            var failures = 0
            for (input, path) in zip(inputs, outputs) {
                let source: RecordingSource
                let recording: Recording
                do {
                    source = try RecordingSource.open(input)
                    recording = try source.loaded()
                } catch {
                    failures += 1
                    StandardError.writeLine("swing-metrics: error: \(error)")
                    continue
                }
                let result = job.analyze(source, path: input.relativePath)
                let html = HTMLReport(
                    analysis: result, recording: recording, configuration: job.configuration(for: source.metadata)
                ).render()
                var sink = try OutputSink(path: path)
                try sink.write(html)
                try sink.close()
                StandardError.writeLine("wrote \(path) (\(result.swings.count) \(result.dataCase == "accelerometerOnly" ? "impacts" : "swings"))")
            }
            if failures > 0 { throw ExitCode.failure }
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
