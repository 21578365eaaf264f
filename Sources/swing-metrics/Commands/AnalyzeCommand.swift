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

                Scale-out: --manifest FILE reads the paths from a file (one per line; '-' for standard input), \
                --shard i/n keeps the i-th of n interleaved shards of the discovered list (1-based: recordings i, \
                i+n, i+2n, …), so a job array runs 'analyze --shard $TASK/N' per task. --time-limit SECONDS \
                turns a recording that takes longer (a stalled read, a pathological file) into an error row \
                "time limit of N s exceeded" while the others are still analysed. With --format jsonl every \
                line is flushed (to standard output or straight into the --output file) as soon as the \
                recording and those before it are done, so a crash loses nothing already written.

                --gate runs the workout analysis (as 'swing-metrics workout') in the same pass and applies its \
                swing gate: swings inside swimming, running or cycling segments (swim strokes, running arm \
                swing) are not reported as swings; JSON lists them under "swingsLeftOut" with the reason, the \
                table after the swings. It costs about the swing analysis's time again.

                Examples:
                  swing-metrics analyze Datasets/sample
                  swing-metrics analyze ~/sessions --format json --output swings.json
                  swing-metrics analyze 'sessions/2026-*/' --sport softball --format csv
                  swing-metrics analyze session.npz --config my-analyzer.json --format jsonl
                  swing-metrics analyze --manifest season.txt --shard 3/8 --time-limit 60 --format jsonl
                  swing-metrics analyze pool-session.zip --gate --format json
                """)

        @OptionGroup var selection: InputSelectionOptions

        @OptionGroup var analysis: AnalysisOptions

        @OptionGroup var outputOptions: OutputOptions

        @Option(
            help: ArgumentHelp(
                "Give up on a recording after this many seconds (opening included): it becomes an error row.",
                valueName: "seconds"))
        var timeLimit: Double?

        @Flag(
            help: ArgumentHelp(
                "Run the workout analysis too and leave out swings inside swimming, running or cycling segments "
                    + "(listed under swingsLeftOut with the reason)."))
        var gate = false

        func validate() throws {
            if let timeLimit, !(timeLimit > 0 && timeLimit.isFinite) {
                throw ValidationError("--time-limit must be a positive number of seconds (got \(timeLimit)).")
            }
        }

        mutating func run() async throws {
            let inputs = try selection.recordings()
            var analyzer = try analysis.resolve()
            analyzer.timeLimit = timeLimit
            analyzer.gate = gate
            let job = analyzer
            let timing = outputOptions.timings ? AnalysisTimings() : nil
            defer { if let timing { StandardError.writeLine(timing.summary) } }
            var stream = outputOptions.stream(label: "analysing")
            stream.selectsAList = selection.selectsAList
            try await stream.run(inputs) { url in
                guard let limit = job.timeLimit else { return job.analyze(url, timings: timing) }
                return await TimeLimitedWork.run(
                    seconds: limit, { job.analyze(url, timings: timing) }, timedOut: { job.timeLimitExceeded(url) })
            }
        }
    }
}
