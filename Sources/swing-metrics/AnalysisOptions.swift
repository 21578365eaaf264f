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

/// A recording ready to analyse.
enum OpenedRecording {
    /// Imported into memory.
    case loaded(Recording)
    /// A native file, memory-mapped: streamed batch by batch, never loaded whole.
    case mapped(NativeRecordingFile)
}

/// Loads one recording and runs the swing analyzer on it; never throws — a failure becomes the result's `error`.
struct RecordingAnalysisJob: Sendable {
    let sport: Sport?
    let fileConfiguration: SwingAnalyzerConfiguration?

    /// The configuration for a recording: the file's, else `--sport`'s, else the recording's sport, else baseball.
    func configuration(for metadata: RecordingMetadata) -> SwingAnalyzerConfiguration {
        if let fileConfiguration { return fileConfiguration }
        if let sport { return sport.configuration }
        if let name = metadata.sport?.lowercased(), let sport = Sport(rawValue: name) {
            return sport.configuration
        }
        return .baseball
    }

    /// Loads the whole recording at `url` into memory (for commands that need every sample, like `report`).
    func load(_ url: URL) -> Result<Recording, RecordingError> {
        Result { () throws(RecordingError) in try RecordingImporter.load(url) }
    }

    /// Opens the recording at `url` for analysis: a native file is only mapped (and streamed batch by batch),
    /// any other format is imported.
    func open(_ url: URL) -> Result<OpenedRecording, RecordingError> {
        Result { () throws(RecordingError) in
            let format = try RecordingImporter.detectFormat(url)
            if case .native = format { return .mapped(try NativeFormat.open(url)) }
            return .loaded(try RecordingImporter.load(url, format: format))
        }
    }

    /// Opens and analyses the recording at `url`.
    func analyze(_ url: URL) -> RecordingAnalysis {
        analyze(open(url), path: url.relativePath)
    }

    /// Analyses what `open(_:)` gave: the recording's swings, or its error as the result's `error`.
    func analyze(_ opened: Result<OpenedRecording, RecordingError>, path: String) -> RecordingAnalysis {
        switch opened {
        case .failure(let error):
            RecordingAnalysis(recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        case .success(.loaded(let recording)):
            analyze(recording, path: path)
        case .success(.mapped(let file)):
            analyze(file, path: path)
        }
    }

    /// Analyses a mapped native file, streaming its batches (memory stays flat however long it is).
    func analyze(_ file: NativeRecordingFile, path: String) -> RecordingAnalysis {
        var streams: Set<SensorStream> = []
        if file.accelerometerCount > 0 { streams.insert(.accelerometer) }
        if file.deviceMotionCount > 0, file.hasRotationRate { streams.insert(.deviceMotion) }
        let result = SwingAnalyzer.analyze(file, streams: streams, configuration: configuration(for: file.metadata))
        return RecordingAnalysis(
            recording: path, duration: file.duration, swings: result.swings,
            issues: file.hygiene.findings, dataCase: result.dataCase.rawValue, error: nil)
    }

    /// Analyses a loaded recording.
    func analyze(_ recording: Recording, path: String) -> RecordingAnalysis {
        let result = SwingAnalyzer.analyze(recording, configuration: configuration(for: recording.metadata))
        return RecordingAnalysis(
            recording: path, duration: recording.duration, swings: result.swings,
            issues: recording.hygiene.findings, dataCase: result.dataCase.rawValue, error: nil)
    }
}
