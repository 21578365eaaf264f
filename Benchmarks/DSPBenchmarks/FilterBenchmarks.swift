import Benchmark
import MotionDSP
import SyntheticInputs

/// SOS cascade and zero-phase filtering benchmarks: a 4th-order Butterworth high-pass at 20 Hz on one hour of
/// 3-axis 800 Hz data (2 880 000 `SIMD4<Float>` samples, lanes x, y, z; lane w unused). Throughput is reported
/// per `SIMD4` sample (× 3 for channel-samples). Run with
/// `swift package --allow-writing-to-package-directory benchmark --target DSPBenchmarks --filter Filter`.
func registerFilterBenchmarks() {
    let sampleRate = 800.0
    let oneHour = Int(3600 * sampleRate)
    let highPass = try! SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: sampleRate)
    let input = threeAxisSignal(count: oneHour, sampleRate: sampleRate, seed: 0x2545_F491_4F6C_DD1D)

    let timing: [BenchmarkMetric: BenchmarkThresholds] = [
        .wallClock: .init(relative: [.p50: 25, .p90: 35]),
        .throughput: .init(relative: [.p50: 25, .p90: 35]),
    ]
    let noMalloc: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)
    ]
    // No `.cpuTotal`: on Linux sampling it allocates (it reads /proc), which would hide the kernel's zero mallocs.
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    // The kernel: whole hour in one call into a caller-supplied output. Must not allocate.
    var kernelFilter = SOSFilter(highPass)
    var kernelOutput = [SIMD4<Float>](repeating: .zero, count: oneHour)
    Benchmark(
        "SOSFilter-HP4-20Hz-1h-3-axis-800Hz",
        configuration: .init(
            metrics: metrics, warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 40,
            thresholds: timing.merging(noMalloc) { $1 })
    ) { benchmark in
        kernelFilter.reset()
        input.withUnsafeBufferPointer { source in
            kernelOutput.withUnsafeMutableBufferPointer { destination in
                benchmark.startMeasurement()
                kernelFilter.process(source, into: destination)
                benchmark.stopMeasurement()
            }
        }
        blackHole(kernelOutput)
    }

    // Streaming: the same hour as 3600 one-second batches filtered in place, state carried. Must not allocate.
    var streamingFilter = SOSFilter(highPass)
    var batch = [SIMD4<Float>](repeating: .zero, count: Int(sampleRate))
    Benchmark(
        "SOSFilter-HP4-20Hz-1h-in-1s-batches-in-place",
        configuration: .init(
            metrics: metrics, warmupIterations: 2, maxDuration: .seconds(4), maxIterations: 40,
            thresholds: timing.merging(noMalloc) { $1 })
    ) { benchmark in
        streamingFilter.reset()
        input.withUnsafeBufferPointer { source in
            var start = 0
            while start < source.count {
                let end = min(start + batch.count, source.count)
                for i in start..<end { batch[i - start] = source[i] }
                streamingFilter.process(&batch)
                start = end
            }
        }
        blackHole(batch)
    }

    // Zero-phase (sosfiltfilt defaults) on the hour, allocating its result like scipy does.
    Benchmark(
        "ZeroPhaseFilter-HP4-20Hz-1h-3-axis-800Hz",
        configuration: .init(
            metrics: metrics, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 30, thresholds: timing)
    ) { benchmark in
        blackHole(try! ZeroPhaseFilter.filtfilt(highPass, input))
    }

    // Zero-phase with a reused instance into a caller-supplied output: no allocation once warm.
    var zeroPhase = ZeroPhaseFilter(highPass)
    var zeroPhaseOutput = [SIMD4<Float>](repeating: .zero, count: oneHour)
    Benchmark(
        "ZeroPhaseFilter-HP4-20Hz-1h-reused-workspace",
        configuration: .init(
            metrics: metrics, warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 30,
            thresholds: timing.merging(noMalloc) { $1 })
    ) { benchmark in
        input.withUnsafeBufferPointer { source in
            zeroPhaseOutput.withUnsafeMutableBufferPointer { destination in
                try! zeroPhase.filtfilt(source, into: destination)
            }
        }
        blackHole(zeroPhaseOutput)
    }

    let design: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]
    Benchmark(
        "Butterworth-design-order-8-band-pass",
        configuration: .init(metrics: design, scalingFactor: .kilo, maxDuration: .seconds(2), thresholds: timing)
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(
                try! SecondOrderSections.butterworth(
                    order: 8, band: .bandPass(low: 150, high: 390), sampleRate: sampleRate))
        }
    }
}
