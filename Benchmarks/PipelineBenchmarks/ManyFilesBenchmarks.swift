import Benchmark
import Foundation

/// Many files on all cores: eight 15-minute native files (2 h of data), file to swings, one after another vs a
/// task group running two at a time (one per core of the benchmark machine). Goal: sequential / parallel ≥ 1.8.
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
        "Analyse-8-files-x-15min-TaskGroup-2", configuration: configuration,
        closure: { _ async in
            blackHole(await analyzeConcurrently(PipelineBenchmarkData.quarterFiles, maxConcurrency: 2))
        },
        setup: { _ = PipelineBenchmarkData.quarterFiles })
}

/// Analyses `files` with at most `maxConcurrency` at once; returns the total number of swings.
func analyzeConcurrently(_ files: [URL], maxConcurrency: Int) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        var next = 0
        var swings = 0
        for _ in 0..<Swift.min(maxConcurrency, files.count) {
            let url = files[next]
            group.addTask { PipelineBenchmarkData.analyzeNativeFile(url) }
            next += 1
        }
        while let count = await group.next() {
            swings += count
            if next < files.count {
                let url = files[next]
                group.addTask { PipelineBenchmarkData.analyzeNativeFile(url) }
                next += 1
            }
        }
        return swings
    }
}
