import Benchmark
import Foundation
import MotionRecording
import SyntheticInputs

/// MotionRecording suites: CSV import (compare with numpy.loadtxt through Benchmarks/compare_import_with_numpy.py),
/// native .npz load (goal ≥ 1 GB/s), and batch iteration (goal: zero mallocs per batch once warm).
///
/// Inputs are synthetic and generated in setup (a seeded 798.7 Hz accelerometer and 200 Hz device motion), written
/// to a temporary directory: 60 s of interchange CSV, a 10-minute native file, and a 10-minute in-memory recording.
/// Built by `swift package benchmark` in release mode without extra CPU flags.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 2,
        maxDuration: .seconds(5), maxIterations: 200,
        thresholds: [
            .mallocCountTotal: .init(relative: [.p90: 5]),
            .wallClock: .init(relative: [.p50: 10, .p90: 20]),
        ])

    Benchmark("CSVImport60s800Hz", configuration: .init(scalingFactor: .one)) { benchmark in
        let directory = BenchmarkInputs.shared.csvDirectory
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try RecordingImporter.load(directory))
        }
    }

    // The same minute as a spreadsheet in a decimal-comma locale saves it (`;` separators, `0,123`): rewritten into
    // plain CSV, then parsed as CSVImport60s800Hz parses it. Compare the two in one run: the rewrite's cost, which
    // the plain file does not pay (its head is only looked at).
    Benchmark("CSVImport60s800HzSemicolons", configuration: .init(scalingFactor: .one)) { benchmark in
        let directory = BenchmarkInputs.shared.semicolonCSVDirectory
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try RecordingImporter.load(directory))
        }
    }

    Benchmark("NativeLoad10min", configuration: .init(scalingFactor: .one)) { benchmark in
        let url = BenchmarkInputs.shared.nativeFile
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try NativeFormat.read(url))
        }
    }

    Benchmark("NativeRangeQuery1s", configuration: .init(scalingFactor: .kilo)) { benchmark in
        let file = try NativeFormat.open(BenchmarkInputs.shared.nativeFile)
        benchmark.startMeasurement()
        var t0 = 100.0
        for _ in benchmark.scaledIterations {
            blackHole(file.accelerometer(from: t0, to: t0 + 1))
            t0 = t0 >= 650 ? 100 : t0 + 1
        }
    }

    // Peak resident memory of opening a recording and delivering every batch (what an analysis reads), for the
    // text and native formats at 1 and 10 minutes: a flat format shows the same peak at both lengths. Compare
    // `peakMemoryResident` between the four (each benchmark runs in a process of its own; inputs are written in
    // setup, before the measurement). Run with
    // `swift package --allow-writing-to-package-directory benchmark --target RecordingBenchmarks --filter 'OpenAndStream.*'`
    for (name, input) in [
        ("OpenAndStream-CSV-1min", \BenchmarkInputs.oneMinuteCSV), ("OpenAndStream-CSV-10min", \BenchmarkInputs.tenMinuteCSV),
        ("OpenAndStream-Native-1min", \BenchmarkInputs.oneMinuteNative),
        ("OpenAndStream-Native-10min", \BenchmarkInputs.nativeFile),
    ] {
        Benchmark(
            name,
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, scalingFactor: .one,
                maxDuration: .seconds(10), maxIterations: 3),
            closure: { benchmark in
                let url = BenchmarkInputs.shared[keyPath: input]
                benchmark.startMeasurement()
                let source = try RecordingSource.open(url)
                var accelerometer = AccelerometerData()
                var deviceMotion = DeviceMotionData()
                var schedule = source.batchSchedule()
                var samples = 0
                while let batch = schedule.next() {
                    switch batch.stream {
                    case .accelerometer: source.copyAccelerometer(batch.range, into: &accelerometer)
                    case .deviceMotion:
                        source.copyDeviceMotion(batch.range, components: source.deviceMotionComponents, into: &deviceMotion)
                    case .gyroscope, .magnetometer: continue
                    }
                    samples &+= batch.range.count
                    source.didDeliver(batch)
                }
                blackHole(samples)
            },
            setup: { _ = BenchmarkInputs.shared })
    }

    // Zero allocations per batch: one pass over all 1-s batches of a 10-minute recording with a warm cursor.
    // Metrics without .peakMemoryResident: that metric starts package-benchmark's OS-stats sampler, a thread that
    // reads /proc every ~5 ms while the benchmark runs (BenchmarkExecutor.startSampling(5_000)); its mallocs land
    // in the process-wide malloc count (16–28 per pass, varying with the pass's duration) though the cursor
    // makes none. Without it the count is this loop's alone. Run with
    // `swift package --allow-writing-to-package-directory benchmark --target RecordingBenchmarks --filter 'BatchIteration.*'`
    // (a filter must match the whole name: `--filter BatchIteration` selects nothing and prints an empty table).
    Benchmark(
        "BatchIteration10min",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal],
            scalingFactor: .one,
            thresholds: [.mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict)])
    ) { benchmark in
        let recording = BenchmarkInputs.shared.recording
        var cursor = BatchCursor(recording)
        while cursor.next() != nil {}  // warm: buffers at their largest
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            cursor.rewind()  // same buffers: no copy-on-write
            var samples = 0
            while let batch = cursor.next() { samples &+= batch.range.count }
            blackHole(samples)
        }
    }
}

/// Inputs built once per process, in ``root``, which is removed when the process exits (each benchmark runs in a
/// process of its own, and every run used to leave its 19 MB folder behind).
final class BenchmarkInputs: Sendable {
    static let shared = BenchmarkInputs()
    /// This process's folder in the temporary directory.
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("RecordingBenchmarks-\(getpid())")
    let recording: Recording
    let csvDirectory: URL
    /// `csvDirectory` saved with `;` separators and decimal commas.
    let semicolonCSVDirectory: URL
    let nativeFile: URL
    /// The ten minutes as an interchange CSV directory and as a native file, each with a one-minute twin: the
    /// inputs of the `OpenAndStream` peak-memory benchmarks.
    let tenMinuteCSV: URL
    let oneMinuteCSV: URL
    let oneMinuteNative: URL

    init() {
        let root = Self.root
        try! FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: BenchmarkInputs.root) }
        recording = SyntheticRecording.restingWatch(seconds: 600)
        nativeFile = root.appendingPathComponent("ten-minutes.npz")
        try! NativeFormat.write(recording, to: nativeFile)
        csvDirectory = root.appendingPathComponent("one-minute")
        var minute = recording
        minute.accelerometer = recording.accelerometer(from: 100, to: 160)
        minute.deviceMotion = nil
        minute.accelerometerBatchEnds = nil
        try! InterchangeCSVWriter.write(minute, to: csvDirectory)
        semicolonCSVDirectory = root.appendingPathComponent("one-minute-semicolons")
        try! FileManager.default.createDirectory(at: semicolonCSVDirectory, withIntermediateDirectories: true)
        let plain = try! String(contentsOf: csvDirectory.appendingPathComponent("accelerometer.csv"), encoding: .utf8)
        let semicolons = String(plain.map { $0 == "," ? ";" : $0 == "." ? "," : $0 })
        try! Data(semicolons.utf8).write(to: semicolonCSVDirectory.appendingPathComponent("accelerometer.csv"))
        tenMinuteCSV = root.appendingPathComponent("ten-minutes")
        try! InterchangeCSVWriter.write(recording, to: tenMinuteCSV)
        var full = SyntheticRecording.restingWatch(seconds: 60)
        full.accelerometerBatchEnds = nil
        oneMinuteCSV = root.appendingPathComponent("one-minute-full")
        try! InterchangeCSVWriter.write(full, to: oneMinuteCSV)
        oneMinuteNative = root.appendingPathComponent("one-minute.npz")
        try! NativeFormat.write(full, to: oneMinuteNative)
    }
}
