import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

extension Sport: ExpressibleByArgument {}

/// The analyzer options shared by `analyze`, `report` and `score`.
struct AnalysisOptions: ParsableArguments {
    @Option(help: "Sport preset: baseball, softball, golf or tennis (default: the recording's metadata, else baseball).")
    var sport: Sport?

    @Option(help: "Analyzer configuration file (JSON, every parameter of the preset; overrides --sport).")
    var config: String?

    @Flag(help: "Fuse the raw accelerometer and gyroscope into device motion even when the recording has its own.")
    var fuse = false

    @OptionGroup(title: "Generic CSV input") var columnMap: ColumnMapOptions

    /// The job that opens and analyses one recording with these options.
    func resolve() throws -> RecordingAnalysisJob {
        var fileConfiguration: SwingAnalyzerConfiguration?
        if let config {
            do {
                fileConfiguration = try SwingAnalyzerConfiguration(contentsOf: URL(fileURLWithPath: config))
            } catch {
                throw ValidationError("--config \(config): \(error)")
            }
        }
        var job = RecordingAnalysisJob(sport: sport, fileConfiguration: fileConfiguration)
        job.forceFusion = fuse
        job.format = try columnMap.format(overriding: nil)
        return job
    }
}
