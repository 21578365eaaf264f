import Benchmark

/// DSP-level suites: filters (FilterBenchmarks.swift) and spectral/peaks/LAPACK (SpectralBenchmarks.swift).
let benchmarks: @Sendable () -> Void = {
    registerFilterBenchmarks()
    registerSpectralBenchmarks()
}
