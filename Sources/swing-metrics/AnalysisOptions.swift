import ArgumentParser
import Foundation
import MotionRecording
import SwingAnalysis

/// Sports with an analyzer preset.
enum Sport: String, CaseIterable, ExpressibleByArgument, Sendable {
    case baseball, softball, golf, tennis

    var configuration: SwingAnalyzerConfiguration {
        switch self {
        case .baseball: .baseball
        case .softball: .softball
        case .golf: .golf
        case .tennis: .tennis
        }
    }
}

/// The analyzer options shared by `analyze` and `report`.
struct AnalysisOptions: ParsableArguments {
    @Option(help: "Sport preset: baseball, softball, golf or tennis (default: the recording's metadata, else baseball).")
    var sport: Sport?

    @Option(help: "Analyzer configuration file (JSON, every parameter of the preset; overrides --sport).")
    var config: String?

    /// The job that loads and analyses one recording with these options.
    func resolve() throws -> RecordingAnalysisJob {
        var fileConfiguration: SwingAnalyzerConfiguration?
        if let config {
            do {
                fileConfiguration = try SwingAnalyzerConfiguration(contentsOf: URL(fileURLWithPath: config))
            } catch {
                throw ValidationError("--config \(config): \(error)")
            }
        }
        return RecordingAnalysisJob(sport: sport, fileConfiguration: fileConfiguration)
    }
}

/// Loads one recording and runs the swing analyzer on it; never throws — a failure becomes the result's `error`.
struct RecordingAnalysisJob: Sendable {
    let sport: Sport?
    let fileConfiguration: SwingAnalyzerConfiguration?

    /// The configuration for a recording: the file's, else `--sport`'s, else the recording's sport, else baseball.
    func configuration(for recording: Recording) -> SwingAnalyzerConfiguration {
        if let fileConfiguration { return fileConfiguration }
        if let sport { return sport.configuration }
        if let name = recording.metadata.sport?.lowercased(), let sport = Sport(rawValue: name) {
            return sport.configuration
        }
        return .baseball
    }

    func load(_ url: URL) -> Result<Recording, RecordingError> {
        Result { () throws(RecordingError) in try RecordingImporter.load(url) }
    }

    /// Loads and analyses the recording at `url`.
    func analyze(_ url: URL) -> RecordingAnalysis {
        analyze(load(url), path: url.relativePath)
    }

    /// Analyses what `load(_:)` gave: the recording's swings, or its load error as the result's `error`.
    func analyze(_ loaded: Result<Recording, RecordingError>, path: String) -> RecordingAnalysis {
        switch loaded {
        case .failure(let error):
            RecordingAnalysis(recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        case .success(let recording):
            analyze(recording, path: path)
        }
    }

    /// Analyses a loaded recording.
    func analyze(_ recording: Recording, path: String) -> RecordingAnalysis {
        let result = SwingAnalyzer.analyze(recording, configuration: configuration(for: recording))
        return RecordingAnalysis(
            recording: path, duration: recording.duration, swings: result.swings,
            issues: recording.hygiene.findings, dataCase: "\(result.dataCase)", error: nil)
    }
}
