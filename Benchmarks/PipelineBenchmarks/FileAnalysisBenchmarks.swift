import Benchmark
import MotionRecording
import SwingAnalysis

/// One hour of 800/200 Hz data, file to swings.
///
/// - `Analyse-1h-native-file-to-swings`: `NativeFormat.open` (map) + `SwingAnalyzer.analyze` streaming
///   the mapped batches (what `swing-metrics analyze` does after detecting the format).
///   Goal ≥ 100 000× real time on one core, i.e. ≤ 36 ms.
/// - `Analyse-1h-in-memory`: `SwingAnalyzer.analyze` alone on the loaded recording (the compute share).
/// - `Read-1h-native-analysed-columns`: the same mapping and batches as file to swings, every value the analysis
///   reads folded into a checksum and nothing else — the file-access floor under the first benchmark.
func registerFileAnalysisBenchmarks() {
    let configuration = PipelineThresholds.wholeFile

    Benchmark(
        "Read-1h-native-analysed-columns", configuration: configuration,
        closure: { _ in
            blackHole(PipelineBenchmarkData.readNativeFile(PipelineBenchmarkData.hourNative))
        },
        setup: { _ = PipelineBenchmarkData.hourDirectory })

    Benchmark(
        "Analyse-1h-native-file-to-swings", configuration: configuration,
        closure: { _ in
            blackHole(PipelineBenchmarkData.analyzeNativeFile(PipelineBenchmarkData.hourNative))
        },
        setup: { _ = PipelineBenchmarkData.hourDirectory })

    Benchmark(
        "Analyse-1h-in-memory", configuration: configuration,
        closure: { benchmark in
            let recording = PipelineBenchmarkData.hour
            benchmark.startMeasurement()
            blackHole(SwingAnalyzer.analyze(recording).swings.count)
        },
        setup: { _ = PipelineBenchmarkData.hour })
}
