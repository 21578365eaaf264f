import Benchmark
import MotionDSP
import MotionRecording
import SwingAnalysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Cost of one one-second batch pair on a warm analyzer — what the watch pays each second.
///
/// `Streaming-batch-pair-warm`: each iteration feeds the next accelerometer batch (≈ 800 samples) and the next
/// device-motion batch (≈ 200 samples) of the benchmark hour, through the allocation-free
/// `feed(accelerometer:range:into:)` / `feed(deviceMotion:range:into:)` into one reused `SwingAnalysisResult`
/// (capacity reserved, emptied with `removeAll()` after each pair). The analyzer is warmed on the first 60 s in
/// setup. Goal: p99 ≤ 100 µs, zero heap allocations per batch (strict `mallocCountTotal` threshold).
///
/// `Thread CPU (ns)` is the pair's `CLOCK_THREAD_CPUTIME_ID` time: on a shared machine the wall-clock tail is
/// mostly time slices given to other processes, the thread CPU time is the work itself.
///
/// `Select-median-256-Float` measures what the analyzer's noise-floor update does ≈ 3.1 times per second
/// (`ImpactDetector` takes the median of each 256-sample block with MotionDSP's allocation-free, read-only
/// `OrderStatistic.radixSelect`).
func registerStreamingBenchmarks() {
    let threadCPU = BenchmarkMetric.custom("Thread CPU (ns)")
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, threadCPU]
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: PipelineThresholds.wallClock, .mallocCountTotal: PipelineThresholds.mallocsStrict,
        threadCPU: PipelineThresholds.cpu,
    ]
    Benchmark(
        "Streaming-batch-pair-warm",
        configuration: .init(
            metrics: metrics, timeUnits: .microseconds, warmupIterations: 10, scalingFactor: .one,
            maxDuration: .seconds(10), maxIterations: 3000, thresholds: thresholds),
        closure: { benchmark in
            let start = threadCPUNanoseconds()
            StreamingReplay.shared.feedNextPair()
            benchmark.measurement(threadCPU, threadCPUNanoseconds() - start)
        },
        setup: { StreamingReplay.shared.warm(seconds: 60) })

    var random = SystemRandomNumberGenerator()
    let block = (0..<256).map { _ in Float.random(in: 0..<1, using: &random) }
    Benchmark(
        "Select-median-256-Float",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
            scalingFactor: .one, maxDuration: .seconds(1), maxIterations: 1000,
            thresholds: [.wallClock: PipelineThresholds.wallClock, .mallocCountTotal: PipelineThresholds.mallocsStrict]
        )
    ) { benchmark in
        var copy = block  // a fresh unsorted block each time (copied before the measurement starts)
        copy.swapAt(0, benchmark.currentIteration % 256)
        benchmark.startMeasurement()
        let median = OrderStatistic.radixSelect(copy, rank: 128)
        benchmark.stopMeasurement()
        blackHole(median)
    }
}

/// CPU time consumed by the calling thread, ns.
func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The benchmark hour cut into its delivered batch pairs, and a warm analyzer walking through them.
final class StreamingReplay: @unchecked Sendable {
    static let shared = StreamingReplay()

    let accelerometer: AccelerometerData
    let deviceMotion: DeviceMotionData
    /// The i-th accelerometer and the i-th device-motion batch of the hour.
    let accelerometerBatches: [Range<Int>]
    let deviceMotionBatches: [Range<Int>]
    var analyzer = SwingAnalyzer(configuration: .baseball)
    var output = SwingAnalysisResult()
    var next = 0
    /// Swings decided so far (to check the replay does real work).
    var swings = 0

    init() {
        let recording = PipelineBenchmarkData.hour
        accelerometer = recording.accelerometer!
        deviceMotion = recording.deviceMotion!
        let batches = recording.batchRanges()
        accelerometerBatches = batches.filter { $0.stream == .accelerometer }.map(\.range)
        deviceMotionBatches = batches.filter { $0.stream == .deviceMotion }.map(\.range)
        output.swings.reserveCapacity(1024)
        output.unmatchedImpacts.reserveCapacity(1024)
    }

    func warm(seconds: Int) {
        for _ in 0..<seconds { feedNextPair() }
    }

    /// Feeds the next batch pair; after the last pair starts again with a fresh analyzer (that pair allocates).
    @inline(never)
    func feedNextPair() {
        if next == Swift.min(accelerometerBatches.count, deviceMotionBatches.count) {
            analyzer = SwingAnalyzer(configuration: .baseball)
            next = 0
        }
        analyzer.feed(accelerometer: accelerometer, range: accelerometerBatches[next], into: &output)
        analyzer.feed(deviceMotion: deviceMotion, range: deviceMotionBatches[next], into: &output)
        swings &+= output.swings.count
        output.removeAll()
        next += 1
    }
}
