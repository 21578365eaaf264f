import ArgumentParser
import Foundation

/// The analyse-and-write loop of the per-recording commands (`analyze`, `workout`): analyses the inputs
/// on up to `jobs` tasks, writes each result in input order as soon as it is ready, draws the progress bar, reports
/// every failed input on standard error, and fails with exit status 1 when some input failed — one bad file never
/// costs the others.
struct ResultStream {
    var format: OutputFormat
    /// The output file; `nil`: standard output.
    var output: String?
    var jobs: Int
    var progressEnabled: Bool
    /// The progress bar's verb ("analysing").
    var label: String
    /// The inputs came as a list (`--manifest`, `--shard`): JSON output is an array even for one recording.
    var selectsAList = false

    func run<Result: WrittenResult & Sendable>(
        _ inputs: [URL], analyse: @escaping @Sendable (URL) async -> Result
    ) async throws {
        // JSONL is written line by line straight into the file and flushed per recording: a run that dies keeps every
        // result already written. The other formats go through a temporary file renamed at the end.
        let flushEachRecording = format == .jsonl
        var sink = try OutputSink(path: output, atomic: !flushEachRecording)
        var writer = AnalysisWriter(format: format, manyInputs: inputs.count > 1 || selectsAList)
        var progress = ProgressBar(total: inputs.count, label: label, enabled: progressEnabled)
        var failures = 0
        try sink.write(writer.header())
        var writeError: (any Error)?
        await orderedParallelMap(
            inputs, maxConcurrency: jobs,
            transform: { await analyse($0) },
            onCompletion: { progress.update($0) },
            emit: { _, result in
                if let error = result.error {
                    failures += 1
                    progress.finish()
                    StandardError.writeLine("swing-metrics: error: \(error)")
                }
                guard writeError == nil else { return }
                do {
                    try sink.write(writer.render(result))
                    if flushEachRecording { try sink.flush() }
                } catch { writeError = error }
            })
        if let writeError { throw writeError }
        try sink.write(writer.footer())
        try sink.close()
        progress.finish()
        if failures > 0 {
            StandardError.writeLine(
                "swing-metrics: \(failures) of \(inputs.count) recording\(inputs.count == 1 ? "" : "s") failed")
            throw ExitCode.failure
        }
    }
}
