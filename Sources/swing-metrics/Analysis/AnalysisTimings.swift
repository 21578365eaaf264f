import Foundation
import MotionRecording
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `analyze` spends its time, for the hidden `analyze --timings` flag (used by
/// `Benchmarks/compare_pipeline_with_scipy.py`): load (``RecordingSource/open(_:format:)``: read and import the file, or map a native one) and compute
/// (`SwingAnalyzer.analyze`; for a native file, which is only mapped when opened, reading the batches from the
/// mapping is part of compute), each summed over the recordings as elapsed time and as the CPU time of the thread that
/// did the work (which excludes time slices given to other processes on a busy machine), plus the wall time of the
/// whole command. Printed as one line on standard error, so the results on standard output are unchanged:
///
///     swing-metrics: timings: recordings 1, load 0.012345 s, compute 0.034567 s, load-cpu 0.011000 s,
///     compute-cpu 0.033000 s, wall 0.050000 s   (one line)
final class AnalysisTimings: Sendable {
    private struct Totals {
        var recordings = 0
        var load = Duration.zero
        var compute = Duration.zero
        var loadCPU = 0.0
        var computeCPU = 0.0
    }

    private let totals = Mutex(Totals())
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    init() { started = clock.now }

    /// The two timed steps of one recording.
    enum Step {
        /// ``RecordingSource/open(_:format:)``: counted as `load`, once per recording.
        case open
        /// The analysis of the opened recording: `compute`.
        case compute
    }

    /// Runs `body` as `step`, adding its elapsed and thread CPU time to the totals.
    func measure<T>(_ step: Step, _ body: () -> T) -> T {
        let start = clock.now
        let startCPU = Self.threadCPUSeconds()
        let value = body()
        let elapsed = clock.now - start
        let cpu = Self.threadCPUSeconds() - startCPU
        totals.withLock {
            switch step {
            case .open:
                $0.recordings += 1
                $0.load += elapsed
                $0.loadCPU += cpu
            case .compute:
                $0.compute += elapsed
                $0.computeCPU += cpu
            }
        }
        return value
    }

    /// `body` timed as `step` by `timings`, or just run when there are none.
    static func measure<T>(_ timings: AnalysisTimings?, _ step: Step, _ body: () -> T) -> T {
        guard let timings else { return body() }
        return timings.measure(step, body)
    }

    /// The one-line summary (seconds).
    var summary: String {
        let wall = clock.now - started
        return totals.withLock {
            "swing-metrics: timings: recordings \($0.recordings), load \(Self.seconds($0.load)) s, "
                + "compute \(Self.seconds($0.compute)) s, load-cpu \(Self.format($0.loadCPU)) s, "
                + "compute-cpu \(Self.format($0.computeCPU)) s, wall \(Self.seconds(wall)) s"
        }
    }

    /// CPU time of the calling thread, s (load and analysis of one recording run synchronously on one thread).
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    private static func format(_ seconds: Double) -> String { String(format: "%.6f", seconds) }

    private static func seconds(_ duration: Duration) -> String {
        let (s, attoseconds) = duration.components
        return format(Double(s) + Double(attoseconds) * 1e-18)
    }
}
