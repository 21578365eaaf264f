import ArgumentParser
import Foundation
import MotionRecording

extension SwingMetrics {
    /// `swing-metrics workout PATH...`
    struct Workout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "workout",
            abstract: "Summarise workouts: activity segments, steps, cadence, distance, and the swings they hold.",
            discussion: """
                Splits each recording into activity segments (stationary, walking, running, cycling, swimming, \
                swingSport, unknown; start, end and confidence on the recording's clock), counts steps and gives \
                the cadence in steps/s, as CMPedometer does, and the distance when --step-length is given. The \
                swing analysis runs on the same batches in the same pass; swings inside swimming, running or \
                cycling segments are left out and listed with the reason ("swingsLeftOut").

                PATH is read as by analyze (files, recording directories, directories searched recursively, glob \
                patterns). Recordings are analysed on all cores; output is in input order. A recording that cannot \
                be read is reported (path and reason, on standard error and in the output) and the others are \
                still analysed. Exit status: 0 when every input was analysed, 1 when some input failed, 64 on a \
                usage error.

                Examples:
                  swing-metrics workout Datasets/sample
                  swing-metrics workout ~/workouts --format json --output workouts.json
                  swing-metrics workout walk.npz --step-length 0.72 --format csv
                """)

        @Argument(help: "Recordings, directories or glob patterns.")
        var paths: [String]

        @OptionGroup var analysis: AnalysisOptions

        @Option(help: "Distance per step (heel strike to the next heel strike), m; gives the distance.")
        var stepLength: Double?

        @Option(name: .shortAndLong, help: "Output format: table, json, jsonl or csv (one row per segment).")
        var format: OutputFormat = .table

        @Option(name: .shortAndLong, help: "Write the results to this file instead of standard output.")
        var output: String?

        @Option(name: .shortAndLong, help: "How many recordings to analyse at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Flag(help: "Never draw the progress bar (it is drawn only when standard error is a terminal).")
        var noProgress = false

        @Flag(help: .hidden)
        var timings = false

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1 (got \(jobs)).") }
            if let stepLength, !(stepLength > 0 && stepLength < 5) {
                throw ValidationError("--step-length must be between 0 and 5 m (got \(stepLength)).")
            }
        }

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let job = try analysis.resolve()
            let timing = timings ? AnalysisTimings() : nil
            let stepLength = stepLength
            let stream = ResultStream(
                format: format, output: output, jobs: jobs, progressEnabled: !noProgress, label: "analysing")
            defer { if let timing { StandardError.writeLine(timing.summary) } }
            try await stream.run(inputs) { job.workout($0, stepLength: stepLength, timings: timing) }
        }
    }
}
