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

        @OptionGroup var outputOptions: OutputOptions

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let analyzer = try analysis.resolve()
            let timing = outputOptions.timings ? AnalysisTimings() : nil
            defer { if let timing { StandardError.writeLine(timing.summary) } }
            try await outputOptions.stream(label: "analysing").run(inputs) { analyzer.analyze($0, timings: timing) }
        }
    }
}
