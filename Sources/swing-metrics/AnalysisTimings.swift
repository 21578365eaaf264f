import Foundation
import MotionRecording
import Synchronization

/// Where `analyze` spends its time, for the hidden `analyze --timings` flag (used by
/// `Benchmarks/compare_pipeline_with_scipy.py`): load (read and import the file into a `Recording`) and compute
/// (`SwingAnalyzer.analyze`), each summed over the recordings, plus the wall time of the whole command. Printed as
/// one line on standard error, so the results on standard output are unchanged:
///
///     swing-metrics: timings: recordings 1, load 0.012345 s, compute 0.034567 s, wall 0.050000 s
final class AnalysisTimings: Sendable {
    private struct Totals {
        var recordings = 0
        var load = Duration.zero
        var compute = Duration.zero
    }

    private let totals = Mutex(Totals())
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init() { started = clock.now }

    /// Loads and analyses `url` with `job` (as `RecordingAnalysisJob.analyze(_:)` does), timing both steps.
    func analyze(_ url: URL, with job: RecordingAnalysisJob) -> RecordingAnalysis {
        let start = clock.now
        let loaded = job.load(url)
        let afterLoad = clock.now
        let result: RecordingAnalysis
        switch loaded {
        case .failure(let error):
            result = RecordingAnalysis(
                recording: url.relativePath, duration: nil, swings: [], issues: [], dataCase: nil, error: "\(error)")
        case .success(let recording):
            result = job.analyze(recording, path: url.relativePath)
        }
        let end = clock.now
        totals.withLock {
            $0.recordings += 1
            $0.load += afterLoad - start
            $0.compute += end - afterLoad
        }
        return result
    }

    /// The one-line summary (seconds).
    var summary: String {
        let wall = clock.now - started
        return totals.withLock {
            "swing-metrics: timings: recordings \($0.recordings), load \(Self.seconds($0.load)) s, "
                + "compute \(Self.seconds($0.compute)) s, wall \(Self.seconds(wall)) s"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        let (s, attoseconds) = duration.components
        return String(format: "%.6f", Double(s) + Double(attoseconds) * 1e-18)
    }
}
