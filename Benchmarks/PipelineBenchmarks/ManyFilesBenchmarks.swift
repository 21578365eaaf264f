import Benchmark
import Foundation
import Synchronization

/// Many files on all cores: eight 15-minute native files (2 h of data), file to swings, one after another vs two
/// threads taking files in turn (one per core of the benchmark machine). Goal: sequential / parallel ≥ 1.8.
/// `cpuTotal` / `wallClock` shows how many cores the run actually got (on a shared machine, fewer than two).
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
