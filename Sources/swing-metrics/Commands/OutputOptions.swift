import ArgumentParser
import Foundation

/// The output and concurrency options of the per-recording commands (`analyze`, `workout`).
struct OutputOptions: ParsableArguments {
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
        if let output { try OutputLocation.requireWritableFile(output) }
    }

    /// The writer of the results, with the progress bar's verb.
    func stream(label: String) -> ResultStream {
        ResultStream(format: format, output: output, jobs: jobs, progressEnabled: !noProgress, label: label)
    }
}
