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

        @OptionGroup var outputOptions: OutputOptions

        func validate() throws {
            if let stepLength, !(stepLength > 0 && stepLength < 5) {
                throw ValidationError("--step-length must be between 0 and 5 m (got \(stepLength)).")
            }
        }

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let job = try analysis.resolve()
            let timing = outputOptions.timings ? AnalysisTimings() : nil
            let stepLength = stepLength
            defer { if let timing { StandardError.writeLine(timing.summary) } }
            try await outputOptions.stream(label: "analysing").run(inputs) {
                job.workout($0, stepLength: stepLength, timings: timing)
            }
        }
    }
}
