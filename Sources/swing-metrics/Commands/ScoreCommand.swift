import SwingScoring
import ArgumentParser
import Foundation
import SwingAnalysis
import SwingSimulation

extension SwingMetrics {
    /// `swing-metrics score PATH...`
    struct Score: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "score",
            abstract: "Analyse simulated recordings and score the results against their truth.json.",
            discussion: """
                For every recording that has a truth.json beside it (as `swing-metrics simulate` writes), runs \
                the analyzer and compares: swing precision and recall, contact classification, and the median, \
                95th percentile and bias of the impact, swing-start and time-to-contact errors; then the same over \
                all recordings together.

                Examples:
                  swing-metrics score Datasets/sample
                  swing-metrics score out/ --json
                """)

        @Argument(help: "Recordings, directories or glob patterns (each with truth.json beside it).")
        var paths: [String]

        @OptionGroup var analysis: AnalysisOptions

        @Flag(help: "Print the combined report as JSON.")
        var json = false

        @Option(name: .shortAndLong, help: "How many recordings to analyse at once (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        /// The ground truth for a recording: `truth.json` in its directory, or beside its file.
        static func truthURL(for recording: URL) -> URL {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: recording.path, isDirectory: &isDirectory)
            let folder = isDirectory.boolValue ? recording : recording.deletingLastPathComponent()
            return folder.appendingPathComponent(GroundTruth.fileName)
        }

        mutating func run() async throws {
            let inputs = try InputDiscovery.commandLineRecordings(for: paths)
            let job = try analysis.resolve()
            var reports: [AccuracyReport] = []
            var failures = 0
            let printEach = !json
            await orderedParallelMap(
                inputs, maxConcurrency: max(1, jobs),
                transform: { url -> Result<(RecordingAnalysis, GroundTruth), ScoreFailure> in
                    let truth: GroundTruth
                    do { truth = try GroundTruth.read(from: Self.truthURL(for: url)) } catch {
                        return .failure(ScoreFailure(message: "\(url.path): no usable truth.json: \(error)"))
                    }
                    let result = job.analyze(url)
                    if let error = result.error { return .failure(ScoreFailure(message: error)) }
                    return .success((result, truth))
                },
                emit: { _, outcome in
                    switch outcome {
                    case .failure(let failure):
                        failures += 1
                        StandardError.writeLine("swing-metrics: error: \(failure.message)")
                    case .success(let (result, truth)):
                        let report = AccuracyReport.score(detected: result.swings, truth: truth)
                        reports.append(report)
                        if printEach { print("\(result.recording)\n\(report)\n") }
                    }
                })
            if reports.count > 1 || json {
                let combined = AccuracyReport(combining: reports)
                if json {
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                    print(String(decoding: try encoder.encode(combined), as: UTF8.self))
                } else {
                    print("all \(reports.count) recordings\n\(combined)")
                }
            }
            if failures > 0 { throw ExitCode.failure }
        }
    }

    struct ScoreFailure: Error {
        let message: String
    }
}
