import Foundation
import MotionRecording
import SwingAnalysis
import SwingSimulation

/// Simulated recordings for the pipeline benchmarks, generated once and cached on disk.
///
/// The hour is `SwingSimulator.simulate(.baseball(seed: 6, mix: .proportional(swings: 240)))` with
/// `duration = 3600` s (800/200 Hz with the simulator's drift and jitter, watch-like one-second batches, 240 swings
/// and 96 distractor bursts). It is written once as native `.npz` and as interchange CSV into
/// `$TMPDIR/batchedmotion-pipeline-benchmarks/<key>/` (key = sport, seed, duration, cache version), and every
/// benchmark process reuses those files. Delete the folder to regenerate. Globals are lazy, so a benchmark
/// process only builds what it runs.
enum PipelineBenchmarkData {
    /// Simulation seed of the benchmark hour.
    static let seed: UInt64 = 6
    /// Length of the benchmark recording, s.
    static let hourSeconds = 3600.0
    /// Swings in the benchmark hour (4 a minute; foul tips, misses, practice swings and distractors included).
    static let hourSwings = 240
    /// Bump when the simulator's output changes in a way that matters to the benchmarks.
    static let cacheVersion = 1

    /// The folder holding the cached hour: `recording.npz`, `csv/` and `truth.json`, read back from disk once per
    /// benchmark process (``PageCacheState``).
    static let hourDirectory: URL = {
        let directory = cachedHourDirectory()
        PageCacheState.rereadFromDisk([directory, directory.appendingPathComponent("csv", isDirectory: true)])
        return directory
    }()

    private static func cachedHourDirectory() -> URL {
        let key = "baseball-seed\(seed)-\(Int(hourSeconds))s-\(hourSwings)swings-v\(cacheVersion)"
        let directory = cacheRoot.appendingPathComponent(key, isDirectory: true)
        let marker = directory.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: marker.path) { return directory }
        // Build in a private folder, then move into place, so concurrent or interrupted runs never see half a cache.
        let staging = cacheRoot.appendingPathComponent("\(key).staging-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: staging)
        var configuration = SimulationConfiguration.baseball(seed: seed, mix: .proportional(swings: hourSwings))
        configuration.duration = hourSeconds
        let session = SwingSimulator.simulate(configuration)
        do {
            try session.write(to: staging, format: .native)
            try InterchangeCSVWriter.write(session.recording, to: staging.appendingPathComponent("csv"))
            try Data().write(to: staging.appendingPathComponent("complete"))
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.moveItem(at: staging, to: directory)
        } catch {
            if FileManager.default.fileExists(atPath: marker.path) { return directory }  // another process won
            fatalError("PipelineBenchmarks: cannot write the benchmark recording into \(staging.path): \(error)")
        }
        return directory
    }

    static let cacheRoot: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "batchedmotion-pipeline-benchmarks", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }()

    /// The hour as native `.npz`.
    static var hourNative: URL { hourDirectory.appendingPathComponent(SimulatedSession.nativeFileName) }
    /// The hour as an interchange CSV directory.
    static var hourCSV: URL { hourDirectory.appendingPathComponent("csv", isDirectory: true) }

    /// The hour loaded into memory (from the native file).
    static let hour: Recording = {
        do { return try NativeFormat.read(hourNative) } catch {
            fatalError("PipelineBenchmarks: cannot read \(hourNative.path): \(error)")
        }
    }()

    /// Eight native files of 15 min for the many-files benchmark: the hour's four quarters, each written twice
    /// (different names, same content) next to the cached hour; read back from disk once per benchmark process.
    static let quarterFiles: [URL] = {
        let files = cachedQuarterFiles()
        PageCacheState.rereadFromDisk(files)
        return files
    }()

    private static func cachedQuarterFiles() -> [URL] {
        let directory = hourDirectory.appendingPathComponent("quarters", isDirectory: true)
        let names = (0..<8).map { directory.appendingPathComponent("quarter-\($0).npz") }
        let marker = directory.appendingPathComponent("complete")
        if FileManager.default.fileExists(atPath: marker.path) { return names }
        let staging = hourDirectory.appendingPathComponent(
            "quarters.staging-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: staging)
        do {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            let start = hour.accelerometer!.timestamps[0]
            for quarter in 0..<4 {
                let t0 = start + Double(quarter) * hourSeconds / 4
                let t1 = t0 + hourSeconds / 4
                let piece = Recording(
                    accelerometer: hour.accelerometer(from: t0, to: t1),
                    deviceMotion: hour.deviceMotion(from: t0, to: t1),
                    metadata: hour.metadata)
                for copy in 0..<2 {
                    let name = "quarter-\(quarter + 4 * copy).npz"
                    try NativeFormat.write(piece, to: staging.appendingPathComponent(name))
                }
            }
            try Data().write(to: staging.appendingPathComponent("complete"))
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.moveItem(at: staging, to: directory)
        } catch {
            if FileManager.default.fileExists(atPath: marker.path) { return names }
            fatalError("PipelineBenchmarks: cannot write the quarter files into \(staging.path): \(error)")
        }
        return names
    }

    /// Streams a native file's batches the way ``analyzeNativeFile(_:)`` does — mapped, accelerometer columns and
    /// device motion's rotation rate and gravity lent, pages released behind the batches — and only folds every
    /// value into a checksum: the page faults and memory traffic of file to swings without the analysis, i.e. the
    /// floor under `Analyse-1h-native-file-to-swings`.
    static func readNativeFile(_ url: URL) -> UInt32 {
        do {
            let file = try NativeFormat.open(url)
            var checksum = SIMD8<UInt32>.zero
            var accelerometerScratch = AccelerometerData()
            var deviceMotionScratch = DeviceMotionData()
            for batch in file.batchRanges() {
                switch batch.stream {
                case .accelerometer:
                    file.withAccelerometerColumns(batch.range, scratch: &accelerometerScratch) { columns in
                        checksum ^= fold(UnsafeRawBufferPointer(columns.timestamps))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.x))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.y))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.z))
                    }
                case .deviceMotion:
                    file.withDeviceMotionRotationColumns(
                        batch.range, components: [.rotationRate, .gravity], scratch: &deviceMotionScratch
                    ) { columns in
                        checksum ^= fold(UnsafeRawBufferPointer(columns.timestamps))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.rotationRateX))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.rotationRateY))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.rotationRateZ))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.gravityX))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.gravityY))
                        checksum ^= fold(UnsafeRawBufferPointer(columns.gravityZ))
                    }
                case .gyroscope, .magnetometer: break  // not batched
                }
                file.didDeliver(batch)
            }
            return checksum.wrappedSum()
        } catch {
            fatalError("PipelineBenchmarks: cannot read \(url.path): \(error)")
        }
    }

    /// XOR of `bytes` as 32-byte vectors (a trailing partial vector zero-padded).
    private static func fold(_ bytes: UnsafeRawBufferPointer) -> SIMD8<UInt32> {
        var result = SIMD8<UInt32>.zero
        var offset = 0
        while offset + 32 <= bytes.count {
            result ^= bytes.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self)
            offset += 32
        }
        var tail = SIMD8<UInt32>.zero
        withUnsafeMutableBytes(of: &tail) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...])) }
        return result ^ tail
    }

    /// Loads a native file and analyses it (file to swings); returns the number of swings.
    static func analyzeNativeFile(_ url: URL) -> Int {
        do {
            // Map the file (no format detection) and stream its batches, as `RecordingSource.open` does for a file
            // it has detected as native.
            return SwingAnalyzer.analyze(try NativeFormat.open(url)).swings.count
        } catch {
            fatalError("PipelineBenchmarks: cannot read \(url.path): \(error)")
        }
    }
}
