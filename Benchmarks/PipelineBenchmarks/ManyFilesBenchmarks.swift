import Benchmark
import Foundation
import Synchronization

/// Many files on all cores: eight 15-minute native files (2 h of data), file to swings, one after another vs two
/// threads taking files in turn (one per core of the benchmark machine). Goal: sequential / parallel ≥ 1.8.
/// `cpuTotal` / `wallClock` shows how many cores the run actually got (on a shared machine, fewer than two).
///
/// `Analyse-8-files-x-15min-speedup` measures the goal itself: each iteration runs the eight files one after another
/// and on two threads, back to back (which goes first alternates), and records the two-thread wall time as a
/// fraction of the one-thread one, in per mille (the goal, a speed-up ≥ 1.8, is ≤ 556 ‰). The two benchmarks above
/// run a few seconds apart, and on the shared machine the sequential p50 of the same binary moved from 78 to 99 ms
/// between such runs, so the ratio of their p50s mixes the speed-up with the machine's drift; a pair run back to
/// back sees the same machine. (A fraction rather than the speed-up itself: for a larger-is-better custom metric,
/// `thresholds update` stores the upper p90 while `thresholds check` compares the lower one, package-benchmark
/// 1.38.1.)
func registerManyFilesBenchmarks() {
    let metrics: [BenchmarkMetric] = [.wallClock, .cpuTotal, .mallocCountTotal]
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: PipelineThresholds.wallClock, .cpuTotal: PipelineThresholds.cpu,
        .mallocCountTotal: PipelineThresholds.mallocsLoose,
    ]
    let configuration = Benchmark.Configuration(
        metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 10, thresholds: thresholds)

    Benchmark(
        "Analyse-8-files-x-15min-sequential", configuration: configuration,
        closure: { _ in
            var swings = 0
            for url in PipelineBenchmarkData.quarterFiles { swings += PipelineBenchmarkData.analyzeNativeFile(url) }
            blackHole(swings)
        },
        setup: { _ = PipelineBenchmarkData.quarterFiles })

    Benchmark(
        "Analyse-8-files-x-15min-2-threads", configuration: configuration,
        closure: { _ in blackHole(analyzeOnThreads(PipelineBenchmarkData.quarterFiles, threads: 2)) },
        setup: { _ = PipelineBenchmarkData.quarterFiles })

    let fraction = BenchmarkMetric.custom("2 threads / 1 thread, wall (‰)", useScalingFactor: false)
    Benchmark(
        "Analyse-8-files-x-15min-speedup",
        configuration: .init(
            metrics: [fraction], warmupIterations: 1, scalingFactor: .one, maxDuration: .seconds(15),
            maxIterations: 40, thresholds: [fraction: .init(relative: [.p50: 25, .p90: 25])]),
        closure: { benchmark in
            let files = PipelineBenchmarkData.quarterFiles
            let sequentialFirst = benchmark.currentIteration % 2 == 0
            var sequential = 0, parallel = 0
            for run in 0..<2 {
                let start = ContinuousClock.now
                if (run == 0) == sequentialFirst {
                    blackHole(analyzeOnThreads(files, threads: 1))
                    sequential = nanoseconds(ContinuousClock.now - start)
                } else {
                    blackHole(analyzeOnThreads(files, threads: 2))
                    parallel = nanoseconds(ContinuousClock.now - start)
                }
            }
            benchmark.measurement(fraction, parallel * 1000 / max(sequential, 1))
        },
        setup: { _ = PipelineBenchmarkData.quarterFiles })
}

private func nanoseconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
}

/// Analyses `files` on `threads` threads (`DispatchQueue.concurrentPerform`, each taking the next file from a shared
/// counter); returns the total number of swings. Threads rather than a task group: inside the harness the task
/// group's child tasks measured one at a time (CPU time = wall time on an otherwise idle machine), while
/// `swing-metrics analyze --jobs 2` on the same kind of files runs 1.9–2.1× faster than `--jobs 1`.
func analyzeOnThreads(_ files: [URL], threads: Int) -> Int {
    let next = Atomic<Int>(0)
    let swings = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        while true {
            let index = next.add(1, ordering: .relaxed).oldValue
            guard index < files.count else { return }
            swings.add(PipelineBenchmarkData.analyzeNativeFile(files[index]), ordering: .relaxed)
        }
    }
    return swings.load(ordering: .relaxed)
}
