import Foundation
import MotionRecording
import SwingAnalysis
import WorkoutAnalysis

/// Opens one recording and runs the swing analyzer on it — the CLI's discover → open → analyse → write, minus the
/// discovering and writing. Never throws: a failure becomes the result's `error`.
struct RecordingAnalysisJob: Sendable {
    let sport: Sport?
    let fileConfiguration: SwingAnalyzerConfiguration?
    /// The longest one recording may take, opening included, s (`--time-limit`); `nil`: no limit. Checked after
    /// opening and before every batch of the analysis; ``TimeLimitedWork`` covers an open that blocks.
    var timeLimit: Double? = nil
    /// Fuse the raw accelerometer and gyroscope even when the recording has device motion (`--fuse`).
    var forceFusion = false
    /// The format to open recordings as (`--columns`/`--column-map`), `nil`: detected from each one's contents.
    var format: RecordingFormat? = nil
    /// Run the workout analysis alongside and apply its swing gate (`analyze --gate`): swings inside swimming,
    /// running or cycling segments are left out and listed with the reason.
    var gate = false

    /// The configuration for a recording: the file's, else `--sport`'s, else the recording's sport, else baseball.
    func configuration(for metadata: RecordingMetadata) -> SwingAnalyzerConfiguration {
        if let fileConfiguration { return fileConfiguration }
        return .preset(for: sport ?? metadata.knownSport ?? .baseball)
    }

    /// A `sport` finding when the recording names a sport without presets (another app's "cricket") and neither
    /// `--sport` nor `--config` chose one: it is analysed with baseball's preset, and the output says so.
    func unknownSportFinding(_ metadata: RecordingMetadata) -> HygieneFinding? {
        guard fileConfiguration == nil, sport == nil, let named = metadata.sport, metadata.knownSport == nil else {
            return nil
        }
        let known = Sport.allCases.map(\.rawValue).joined(separator: ", ")
        return HygieneFinding(
            kind: "sport",
            message: "the recording's sport \"\(named)\" has no preset (\(known)): analysed with baseball's; give --sport to choose one")
    }

    /// Opens and analyses the recording at `url`; with `timings`, opening and analysing are timed separately.
    func analyze(_ url: URL, timings: AnalysisTimings? = nil) -> RecordingAnalysis {
        let clock = ContinuousClock()
        let deadline = timeLimit.map { clock.now + .seconds($0) }
        let opened = AnalysisTimings.measure(timings, .open) {
            Result { () throws(RecordingError) in try RecordingSource.open(url, format: format) }
        }
        switch opened {
        case .failure(let error):
            return RecordingAnalysis(
                recording: url.relativePath, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        case .success(let source):
            return AnalysisTimings.measure(timings, .compute) {
                guard let deadline else { return analyze(source, path: url.relativePath) }
                return analyze(source, path: url.relativePath, while: { clock.now < deadline })
                    ?? timeLimitExceeded(url)
            }
        }
    }

    /// The analysis of an opened recording: fused first when it needs it (``analysisSource(_:)``), then the swing
    /// analysis, then the head measures where there is a headphone stream.
    func analyze(_ opened: RecordingSource, path: String) -> RecordingAnalysis {
        analyze(opened, path: path, while: { true })!
    }

    /// ``analyze(_:path:)`` that stops, returning `nil`, once `shouldContinue` answers `false` before a batch.
    func analyze(_ opened: RecordingSource, path: String, while shouldContinue: () -> Bool) -> RecordingAnalysis? {
        let prepared: AnalysisSource
        do { prepared = try analysisSource(opened) } catch {
            return RecordingAnalysis(
                recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        }
        return analyze(prepared, path: path, while: shouldContinue)
    }

    /// The fusion decision for an opened recording, made once (``AnalysisSource``, forced by ``forceFusion``): for a
    /// caller that reads the recording beside the analysis, such as the HTML report.
    func analysisSource(_ opened: RecordingSource) throws -> AnalysisSource {
        try AnalysisSource(opened, forceFusion: forceFusion)
    }

    /// The analysis of a recording whose fusion decision is made: the swing analysis, then the head measures.
    func analyze(_ prepared: AnalysisSource, path: String) -> RecordingAnalysis {
        analyze(prepared, path: path, while: { true })!
    }

    /// ``analyze(_:path:)`` that stops, returning `nil`, once `shouldContinue` answers `false` before a batch.
    func analyze(_ prepared: AnalysisSource, path: String, while shouldContinue: () -> Bool) -> RecordingAnalysis? {
        let source = prepared.source
        guard shouldContinue() else { return nil }
        if gate {
            // One pass feeds both analyses (the swings are exactly SwingAnalyzer.analyze's); the deadline is
            // checked before it, and TimeLimitedWork abandons a run past it.
            let both = WorkoutAnalyzer.analyzeWithSwings(source, swingConfiguration: configuration(for: source.metadata))
            return analysis(of: both, source: source, path: path)
        }
        guard let swings = SwingAnalyzer.analyze(
            source, configuration: configuration(for: source.metadata), while: shouldContinue)
        else { return nil }
        return analysis(swings, leftOut: nil, source: source, path: path)
    }

    /// The analysis row of `source` from a pass that ran the workout analysis beside the swings: the swings the
    /// gate keeps and those it leaves out with `gate` set (`analyze --gate`), every swing otherwise — what
    /// ``analyze(_:path:)-(AnalysisSource,_)`` gives for the same recording.
    func analysis(of both: WorkoutAndSwings, source: RecordingSource, path: String) -> RecordingAnalysis {
        guard gate else { return analysis(both.swings, leftOut: nil, source: source, path: path) }
        let out = both.gate.leftOut
        // The kept swings in the analyzer's order.
        let kept = SwingAnalysisResult(
            swings: both.swings.swings.filter { swing in
                !out.contains { $0.start == swing.start && $0.impact == swing.impact }
            }, dataCase: both.swings.dataCase, unmatchedImpacts: both.swings.unmatchedImpacts)
        return analysis(kept, leftOut: out, source: source, path: path)
    }

    /// The analysis row of the swings `result` found in `source` (the head measures added where there is a
    /// headphone stream), with the swings the gate left out (`nil`: no gate).
    private func analysis(
        _ result: SwingAnalysisResult, leftOut: [SwingGate.LeftOut]?, source: RecordingSource, path: String
    ) -> RecordingAnalysis {
        if let failure = source.readFailure {
            return RecordingAnalysis(
                recording: path, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(failure)")
        }
        var swings = result.swings
        let headFindings = Self.measureHead(&swings, of: source)
        let uncovered = UncoveredImpacts.finding(
            result.unmatchedImpacts, deviceMotion: UncoveredImpacts.deviceMotionSummary(source))
        return RecordingAnalysis(
            recording: path, duration: source.duration, swings: swings,
            issues: source.hygiene.findings + headFindings + [uncovered, unknownSportFinding(source.metadata)]
                .compactMap { $0 },
            dataCase: result.dataCase.rawValue, error: nil,
            deviceMotionSource: source.streams.contains(.deviceMotion)
                ? source.metadata.deviceMotionSource ?? "recorded" : nil, swingsLeftOut: leftOut)
    }

    /// The error row of a recording that ran past ``timeLimit``: `PATH: time limit of N s exceeded`.
    func timeLimitExceeded(_ url: URL) -> RecordingAnalysis {
        RecordingAnalysis(
            recording: url.relativePath, duration: nil, swings: [], issues: [], dataCase: nil,
            error: "\(url.relativePath): time limit of \(String(format: "%g", timeLimit ?? 0)) s exceeded")
    }
}
