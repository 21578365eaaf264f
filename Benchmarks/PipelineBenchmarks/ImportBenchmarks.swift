import Benchmark
import MotionRecording

/// Import of the benchmark hour (2.88 M accelerometer + 0.72 M device-motion samples) into a `Recording`.
///
/// - `Import-1h-native`: `NativeFormat.read` (memory-map, parse headers, copy every column).
/// - `Open-1h-native`: `NativeFormat.open` only (map, directory, headers; no sample copied).
/// - `Import-1h-interchange-CSV`: `RecordingImporter.load(_, format: .interchangeCSV)` (parse ≈ 270 MB of text,
///   hygiene checks).
func registerImportBenchmarks() {
    let configuration = PipelineThresholds.wholeFile

    // Bimodal from one iteration to the next: ≈ 10 ms or 60–90 ms of CPU (first touching the ≈ 220 MB of fresh
    // arrays is sometimes cheap, sometimes not); the p90 sits in the slow mode and moves by half of it.
    var nativeConfiguration = configuration
    nativeConfiguration.thresholds?[.cpuTotal] = .init(relative: [.p50: 100, .p90: 100])
    Benchmark(
        "Import-1h-native", configuration: nativeConfiguration,
        closure: { _ in
            do { blackHole(try NativeFormat.read(PipelineBenchmarkData.hourNative).accelerometer?.count) } catch {
                fatalError("\(error)")
            }
        },
        setup: { _ = PipelineBenchmarkData.hourDirectory })

    Benchmark(
        "Open-1h-native", configuration: configuration,
        closure: { _ in
            do { blackHole(try NativeFormat.open(PipelineBenchmarkData.hourNative).accelerometerCount) } catch {
                fatalError("\(error)")
            }
        },
        setup: { _ = PipelineBenchmarkData.hourDirectory })

    var csvConfiguration = configuration
    csvConfiguration.thresholds?[.mallocCountTotal] = PipelineThresholds.mallocsCSV
    csvConfiguration.thresholds?[.cpuTotal] = PipelineThresholds.cpu  // ≈ 560 ms: a relative tolerance
    csvConfiguration.thresholds?[.peakMemoryResident] = .init(relative: [.p50: 25, .p90: 25])  // 295–330 MB seen
    Benchmark(
        "Import-1h-interchange-CSV", configuration: csvConfiguration,
        closure: { _ in
            do {
                let recording = try RecordingImporter.load(PipelineBenchmarkData.hourCSV, format: .interchangeCSV)
                blackHole(recording.accelerometer?.count)
            } catch {
                fatalError("\(error)")
            }
        },
        setup: { _ = PipelineBenchmarkData.hourDirectory })
}
