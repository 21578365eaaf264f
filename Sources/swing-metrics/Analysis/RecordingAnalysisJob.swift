import Foundation
import MotionRecording
import SwingAnalysis

/// Opens one recording and runs the swing analyzer on it — the CLI's discover → open → analyse → write, minus the
/// discovering and writing. Never throws: a failure becomes the result's `error`.
struct RecordingAnalysisJob: Sendable {
    let sport: Sport?
    let fileConfiguration: SwingAnalyzerConfiguration?

    /// The configuration for a recording: the file's, else `--sport`'s, else the recording's sport, else baseball.
    func configuration(for metadata: RecordingMetadata) -> SwingAnalyzerConfiguration {
        if let fileConfiguration { return fileConfiguration }
        return .preset(for: sport ?? metadata.knownSport ?? .baseball)
    }

    /// Opens and analyses the recording at `url`; with `timings`, opening and analysing are timed separately.
    func analyze(_ url: URL, timings: AnalysisTimings? = nil) -> RecordingAnalysis {
        let opened = AnalysisTimings.measure(timings, .open) {
            Result { () throws(RecordingError) in try RecordingSource.open(url) }
        }
        switch opened {
        case .failure(let error):
            return RecordingAnalysis(
                recording: url.relativePath, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        case .success(let source):
            return AnalysisTimings.measure(timings, .compute) { analyze(source, path: url.relativePath) }
        }
    }

    /// Analyses an opened recording (a native file streams from its memory map; memory stays flat).
    func analyze(_ source: RecordingSource, path: String) -> RecordingAnalysis {
        let result = SwingAnalyzer.analyze(source, configuration: configuration(for: source.metadata))
        if let failure = source.readFailure {
            return RecordingAnalysis(
                recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(failure)")
        }
        return RecordingAnalysis(
            recording: path, duration: source.duration, swings: result.swings, issues: source.hygiene.findings,
            dataCase: result.dataCase.rawValue, error: nil)
    }
}
