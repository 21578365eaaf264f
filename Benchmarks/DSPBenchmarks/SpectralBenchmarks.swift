import Benchmark
import Foundation
@_spi(Benchmarking) import MotionDSP

/// FFT, overlap-save, Welch, find_peaks, resampling and Savitzky–Golay benchmarks.
///
/// - `RealFFT wrapper N` vs `RealFFT raw fftwf_execute N`: the same `FFTW_MEASURE` plan, executed through
///   `RealFFTPlan.forward(_:)` (new-array execute on an aligned `RealFFTBuffer`, with its checks) or by
///   `fftwf_execute` on the arrays it was planned on. Goal: wrapper ≤ 1.3× raw; both 0 mallocs.
/// - One hour at 800 Hz (2 880 000 samples) for overlap-save (101-tap low-pass), find_peaks, resample_poly
///   800 → 200 Hz and Savitzky–Golay; Welch on one minute.
/// Data are built lazily (Swift globals) so each benchmark process only builds what it runs.
func registerSpectralBenchmarks() {
    let zeroMallocs: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict),
        .wallClock: .init(relative: [.p50: 5, .p90: 10]),
    ]
    let metrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal]

    for count in [800, 1024, 4096, 16384, 65536] {
        Benchmark(
            "RealFFT-wrapper-\(count)",
            configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2), thresholds: zeroMallocs)
        ) { benchmark in
            let (plan, buffer) = SpectralBenchmarkData.fft(count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                plan.forward(buffer)
            }
            blackHole(buffer.spectrum[1])
        }
        Benchmark(
            "RealFFT-raw-fftwf_execute-\(count)",
            configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2), thresholds: zeroMallocs)
        ) { benchmark in
            let (plan, _) = SpectralBenchmarkData.fft(count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                plan._rawExecuteForwardOnPlanningArrays()
            }
            blackHole(plan._planningInput[0])
        }
    }

    let hourConfiguration = Benchmark.Configuration(
        metrics: metrics, scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 20, thresholds: zeroMallocs)
    Benchmark("OverlapSave-101-taps-1h-800Hz", configuration: hourConfiguration) { benchmark in
        let x = SpectralBenchmarkData.hour
        let filter = SpectralBenchmarkData.overlapSave
        let output = SpectralBenchmarkData.hourOutput
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            x.withUnsafeBufferPointer { filter.apply($0, into: output, range: .causal) }
        }
        blackHole(output[output.count - 1])
    }

    Benchmark(
        "FindPeaks-1h-800Hz",
        configuration: .init(metrics: metrics, scalingFactor: .one, maxDuration: .seconds(3), maxIterations: 20)
    ) { benchmark in
        let x = SpectralBenchmarkData.hour
        var criteria = PeakCriteria(height: .atLeast(1.5), prominence: .atLeast(0.5))
        criteria.setMinimumDistance(seconds: 0.05, sampleRate: 800)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(PeakFinder.findPeaks(in: x, criteria: criteria).count)
        }
    }

    Benchmark("ResamplePoly-800to200-1h", configuration: hourConfiguration) { benchmark in
        let x = SpectralBenchmarkData.hour
        let resampler = PolyphaseResampler(up: 1, down: 4)
        let output = SpectralBenchmarkData.hourOutput
        let out = UnsafeMutableBufferPointer(rebasing: output[0..<resampler.outputCount(inputCount: x.count)])
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            x.withUnsafeBufferPointer { resampler.apply($0, into: out) }
        }
        blackHole(out[0])
    }

    Benchmark("SavitzkyGolay-31x3-1h-800Hz", configuration: hourConfiguration) { benchmark in
        let x = SpectralBenchmarkData.hour
        let filter = try! SavitzkyGolayFilter(windowLength: 31, polynomialOrder: 3)
        let output = SpectralBenchmarkData.hourOutput
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            x.withUnsafeBufferPointer { filter.apply($0, into: output, mode: .interpolate) }
        }
        blackHole(output[0])
    }

    Benchmark(
        "BandEnergyMeter-48-samples-fft-256",
        configuration: .init(metrics: metrics, scalingFactor: .kilo, maxDuration: .seconds(2), thresholds: zeroMallocs)
    ) { benchmark in
        let meter = BandEnergyMeter(segmentLength: 48, fftLength: 256)
        let segment = Array(SpectralBenchmarkData.hour[0..<48])
        benchmark.startMeasurement()
        segment.withUnsafeBufferPointer { samples in
            for _ in benchmark.scaledIterations {
                blackHole(meter.measure(samples, sampleRate: 800, lower: 150, upper: 400).power)
            }
        }
    }

    Benchmark(
        "Welch-256-1min-800Hz",
        configuration: .init(metrics: metrics, scalingFactor: .one, maxDuration: .seconds(2), maxIterations: 200)
    ) { benchmark in
        let x = Array(SpectralBenchmarkData.hour.prefix(48_000))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(Welch.powerSpectralDensity(of: x, sampleRate: 800).values[10])
        }
    }
}

/// Lazily built benchmark inputs (globals are initialised on first use, once).
enum SpectralBenchmarkData {
    /// One hour of an 800 Hz accelerometer-magnitude-like signal, g: 1 g offset, arm motion, a 280 Hz decaying
    /// impact every 3 s, deterministic pseudo-noise.
    static let hour: [Float] = {
        var state: UInt64 = 0x1234_5678
        return (0..<(3600 * 800)).map { i in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let noise = Float(Int64(bitPattern: state >> 11) % 1000) / 50_000
            let t = Float(i) / 800
            let sinceImpact = t.truncatingRemainder(dividingBy: 3)
            let ringing = 2 * (-sinceImpact / 0.012).exp() * (2 * Float.pi * 280 * sinceImpact).sin()
            return 1 + 0.4 * (2 * Float.pi * 1.3 * t).sin() + ringing + noise
        }
    }()

    nonisolated(unsafe) static let hourOutput = UnsafeMutableBufferPointer<Float>.allocate(capacity: 3600 * 800)

    nonisolated(unsafe) static let overlapSave = OverlapSaveFilter(
        taps: KaiserLowpassDesign.taps(count: 101, cutoff: 40.0 / 400.0).map(Float.init))

    nonisolated(unsafe) static var fftCache: [Int: (RealFFTPlan, RealFFTBuffer)] = [:]

    /// A measured plan and a filled aligned buffer of `count` samples.
    static func fft(_ count: Int) -> (RealFFTPlan, RealFFTBuffer) {
        if let cached = fftCache[count] { return cached }
        let plan = RealFFTPlan(count: count, rigor: .measure)
        let buffer = RealFFTBuffer(count: count)
        for i in 0..<count {
            let value = Float(hour[i % hour.count])
            buffer.samples[i] = value
            plan._planningInput[i] = value
        }
        fftCache[count] = (plan, buffer)
        return (plan, buffer)
    }
}

extension Float {
    fileprivate func exp() -> Float { Float(Foundation.exp(Double(self))) }
    fileprivate func sin() -> Float { Float(Foundation.sin(Double(self))) }
}
