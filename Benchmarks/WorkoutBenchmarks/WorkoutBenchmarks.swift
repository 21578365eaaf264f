import Benchmark
import MotionRecording
import SwingAnalysis
import WorkoutAnalysis
import WorkoutSimulation

/// The workout analysis against the swing analysis on the same data, in the same run (issue #26: the workout
/// analysis should cost at most half the swing analysis, so both together ≤ 1.5×).
///
/// Data: an hour at 800 Hz accelerometer + 200 Hz device motion — a simulated 10-minute workout holding every
/// activity (`ActivitySimulationConfiguration.mixed(seed: 1)`), repeated six times on one clock — fed as its
/// one-second batches.
/// - `Workout-hour`: `WorkoutAnalyzer` over all batches, then `finish`.
/// - `Swing-hour`: `SwingAnalyzer` (baseball preset) over the same batches, then `finish`.
/// - `WorkoutAndSwings-hour`: both in one pass and the swing gate, as `swing-metrics workout` runs them
///   (`WorkoutAnalyzer.analyzeWithSwings`); the goal is ≤ 1.5 × `Swing-hour`. Like for like with `Swing-hour`:
///   both walk the same batch list, prepared once outside the measurement (`analyzeWithSwings(_:batches:…)`;
///   finding the batches of an in-memory hour, which `swing-metrics` does once per file, costs about 0.07 ×
///   `Swing-hour`), and borrow the same columns, so the only difference is the workout analysis and the gate.
/// - `Workout-batch-pair-warm`: one accelerometer + one device-motion batch on a warm analyzer; zero heap
///   allocations per batch (strict threshold; the output's segment array is reserved).
///
/// Run: `swift package benchmark --target WorkoutBenchmarks` (release).
let benchmarks: @Sendable () -> Void = {
    let hour = WorkoutHour.shared
    let metrics: [BenchmarkMetric] = [.cpuTotal, .wallClock, .mallocCountTotal, .peakMemoryResident]
    let whole = Benchmark.Configuration(
        metrics: metrics, timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one,
        maxDuration: .seconds(20), maxIterations: 5,
        thresholds: [
            .cpuTotal: .init(relative: [.p50: 25, .p90: 35]), .wallClock: .init(relative: [.p50: 100, .p90: 100]),
            .mallocCountTotal: .init(relative: [.p50: 5, .p90: 5]),
            .peakMemoryResident: .init(relative: [.p50: 10, .p90: 10]),
        ])
    Benchmark("Workout-hour", configuration: whole) { _ in blackHole(hour.workout()) }
    Benchmark("Swing-hour", configuration: whole) { _ in blackHole(hour.swings()) }
    Benchmark("WorkoutAndSwings-hour", configuration: whole) { _ in blackHole(hour.workoutAndSwings()) }
    Benchmark(
        "Workout-batch-pair-warm",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 10,
            scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 3000,
            thresholds: [
                .wallClock: .init(relative: [.p50: 100, .p90: 100]),
                .mallocCountTotal: .init(absolute: BenchmarkThresholds.Absolute.strict),
            ]),
        closure: { _ in hour.feedNextPair() }, setup: { hour.warm() })
}

/// The benchmark hour and a warm streaming analyzer walking through it.
final class WorkoutHour: @unchecked Sendable {
    static let shared = WorkoutHour()

    let recording: Recording
    let batches: [BatchRange]
    let accelerometerBatches: [Range<Int>]
    let deviceMotionBatches: [Range<Int>]
    private var analyzer = WorkoutAnalyzer()
    private var output = WorkoutAnalyzerOutput()
    private var next = 0

    private init() {
        let part = ActivitySimulator.simulate(.mixed(seed: 1, accelerometerRate: 800, deviceMotionRate: 200))
        var session = ActivitySession.concatenated(Array(repeating: part, count: 6))
        session.recording.accelerometerBatchEnds = nil
        recording = session.recording
        batches = recording.batchRanges()
        accelerometerBatches = batches.filter { $0.stream == .accelerometer }.map(\.range)
        deviceMotionBatches = batches.filter { $0.stream == .deviceMotion }.map(\.range)
    }

    func workout() -> Int {
        var analyzer = WorkoutAnalyzer()
        var output = WorkoutAnalyzerOutput()
        feedAll(
            accelerometer: { analyzer.feed(accelerometer: self.recording.accelerometer!, range: $0, into: &output) },
            deviceMotion: { analyzer.feed(deviceMotion: self.recording.deviceMotion!, range: $0, into: &output) })
        analyzer.finish(into: &output)
        return output.segments.count
    }

    func swings() -> Int {
        var analyzer = SwingAnalyzer(configuration: .baseball)
        var output = SwingAnalysisResult()
        feedAll(
            accelerometer: { analyzer.feed(accelerometer: self.recording.accelerometer!, range: $0, into: &output) },
            deviceMotion: { analyzer.feed(deviceMotion: self.recording.deviceMotion!, range: $0, into: &output) })
        analyzer.finish(into: &output)
        return output.swings.count
    }

    /// Hands every batch, in order, to the closure of its stream.
    private func feedAll(accelerometer: (Range<Int>) -> Void, deviceMotion: (Range<Int>) -> Void) {
        for batch in batches {
            switch batch.stream {
            case .accelerometer: accelerometer(batch.range)
            case .deviceMotion: deviceMotion(batch.range)
            case .gyroscope, .magnetometer: continue
            }
        }
    }

    func workoutAndSwings() -> Int {
        let result = WorkoutAnalyzer.analyzeWithSwings(recording, batches: batches, swingConfiguration: .baseball)
        return result.summary.segments.count + result.gate.kept.count
    }

    /// Feeds the first 60 batch pairs and reserves the output.
    func warm() {
        output.segments.reserveCapacity(4096)
        for _ in 0..<60 { feedNextPair() }
    }

    func feedNextPair() {
        if next >= Swift.min(accelerometerBatches.count, deviceMotionBatches.count) {
            analyzer = WorkoutAnalyzer()
            output.segments.removeAll(keepingCapacity: true)
            next = 0
        }
        analyzer.feed(accelerometer: recording.accelerometer!, range: accelerometerBatches[next], into: &output)
        analyzer.feed(deviceMotion: recording.deviceMotion!, range: deviceMotionBatches[next], into: &output)
        next += 1
        if output.segments.count > 4000 { output.segments.removeAll(keepingCapacity: true) }
    }
}
