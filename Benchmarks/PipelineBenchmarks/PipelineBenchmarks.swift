import Benchmark

/// Whole-pipeline benchmarks (issue #6): file to swings, per-batch streaming cost, import, memory when streaming
/// long recordings, and many files on all cores. The data are a simulated hour of 800/200 Hz baseball practice,
/// cached on disk on first use (see `PipelineBenchmarkData`).
///
/// Run: `swift package benchmark --target PipelineBenchmarks` (release build; the first run also simulates and
/// writes the hour, ≈ 1 min). Check for regressions against the committed `Thresholds/`:
/// `swift package benchmark thresholds check --target PipelineBenchmarks`. Benchmark names use `-`, never `/` or a
/// space: `thresholds update` writes `Thresholds/<Target>.<name with / and space as _>.p90.json`, but `thresholds
/// check` looks for the unsanitised name (package-benchmark 1.38.1) and finds nothing.
let benchmarks: @Sendable () -> Void = {
    registerFileAnalysisBenchmarks()
    registerStreamingBenchmarks()
    registerImportBenchmarks()
    registerStreamedMemoryBenchmarks()
    registerManyFilesBenchmarks()
}

/// Thresholds shared by the suite: every metric carries a `.p90` tolerance (a metric without one fails
/// `thresholds check` on noise). Wall-clock tolerances are wide because the benchmark machine is shared.
enum PipelineThresholds {
    static var wallClock: BenchmarkThresholds { .init(relative: [.p50: 25, .p90: 35]) }
    static var throughput: BenchmarkThresholds { .init(relative: [.p50: 25, .p90: 35]) }
    static var memory: BenchmarkThresholds { .init(relative: [.p50: 10, .p90: 10]) }
    /// Allocation counts of whole-file work: a few more (e.g. a larger swing list) are not a regression.
    static var mallocsLoose: BenchmarkThresholds {
        .init(relative: [.p50: 5, .p90: 5], absolute: [.p50: 20, .p90: 20])
    }
    /// Allocation counts that must not move at all (the warm streaming path).
    static var mallocsStrict: BenchmarkThresholds { .init(absolute: BenchmarkThresholds.Absolute.strict) }
}
