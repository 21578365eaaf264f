import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

extension SwingMetrics {
    /// `swing-metrics analyze PATH...`
    struct Analyze: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "analyze",
            abstract: "Find the swings in recordings and print their metrics.",
            discussion: """
                PATH may be a recording file (.npz, SensorLog or raw-dump .csv, Sensor Logger .zip), a recording \
                directory (interchange CSV layout or a Sensor Logger export), a directory searched recursively for \
                recordings, or a glob pattern (quote it to keep the shell from expanding it). Formats are detected \
                from the files' contents.

                Recordings are analysed on all cores; the output is always in input order. A recording that cannot \
                be read is reported (path and reason, on standard error and in the output) and the others are \
                still analysed. Exit status: 0 when every input was analysed, 1 when some input failed, 64 on a \
                usage error.

                Examples:
                  swing-metrics analyze Datasets/sample
                  swing-metrics analyze ~/sessions --format json --output swings.json
                  swing-metrics analyze 'sessions/2026-*/' --sport softball --format csv
                  swing-metrics analyze session.npz --config my-analyzer.json --format jsonl
                """)

        @Argument(help: "Recordings, directories or glob patterns.")
        var paths: [String]

        @OptionGroup var analysis: AnalysisOptions

        @Option(name: .shortAndLong, help: "Output format: table, json, jsonl or csv.")
        var format: OutputFormat = .table

        @Option(name: .shortAndLong, help: "Write the results to this file instead of standard output.")
        var output: String?

        @Option(
            name: .shortAndLong, parsing: .unconditional,
            help: "How many recordings to analyse at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Flag(help: "Never draw the progress bar (it is drawn only when standard error is a terminal).")
        var noProgress = false

        @Flag(help: .hidden)
        var timings = false

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
        }

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let analyzer = try analysis.resolve()
            let timing = timings ? AnalysisTimings() : nil
            var sink = try OutputSink(path: output)
            var writer = AnalysisWriter(format: format, manyInputs: inputs.count > 1)
            var progress = ProgressBar(total: inputs.count, label: "analysing", enabled: !noProgress)
            var failures = 0

            try sink.write(writer.header())
            var writeError: (any Error)?
            await orderedParallelMap(
                inputs, maxConcurrency: jobs,
                transform: { url in analyzer.analyze(url, timings: timing) },
                onCompletion: { progress.update($0) },
                emit: { _, result in
                    if let error = result.error {
                        failures += 1
                        progress.finish()
                        StandardError.writeLine("swing-metrics: error: \(error)")
                    }
                    guard writeError == nil else { return }
                    do { try sink.write(writer.render(result)) } catch { writeError = error }
                })
            if let writeError { throw writeError }
            try sink.write(writer.footer())
            try sink.close()
            progress.finish()
            if let timing { StandardError.writeLine(timing.summary) }
            if failures > 0 {
                StandardError.writeLine(
                    "swing-metrics: \(failures) of \(inputs.count) recording\(inputs.count == 1 ? "" : "s") failed")
                throw ExitCode.failure
            }
        }
    }
}
