import Benchmark
import Foundation
import MotionRecording

/// Peak resident memory of opening a recording with `RecordingSource.open` (format detection, hygiene checks and
/// repairs included) and streaming every batch of it as an analysis does — goal: flat in the recording's length for
/// text formats as for native files.
///
/// - `OpenAndStream-15min-interchange-CSV` and `OpenAndStream-1h-interchange-CSV`: the first quarter of the benchmark
///   hour and the whole hour as interchange CSV, both above the spill threshold (parsed in chunks into a temporary
///   native file, checked there, streamed mapped). Flat: the hour's peak equals the quarter's.
/// - `OpenAndStream-1h-interchange-CSV-repaired`: the hour with its accelerometer timestamps in milliseconds, 1,000
///   NaN rows and a batch delivered late — every repair that changes samples, made in place in the spill.
/// - `OpenAndStream-1h-interchange-CSV-in-memory`: the same hour imported into memory (spill threshold off), the
///   peer that the spilled figures are compared with in the same run.
/// - `OpenAndStream-1h-native`: the hour as `.npz` (mapped).
/// - `OpenAndStream-1h-Sensor-Logger` and `OpenAndStream-1h-Sensor-Logger-in-memory`: the hour as a watch Sensor Logger
///   export (WristMotion.csv, WatchAccelerometerUncalibrated.csv), spilled and, the peer, imported into memory.
///
/// Batches are read as ``PipelineBenchmarkData/readNativeFile(_:)`` reads them (accelerometer columns, device
/// motion's rotation rate and gravity), with the pages behind them released.
func registerOpenAndStreamBenchmarks() {
    var configuration = PipelineThresholds.wholeFile
    configuration.maxIterations = 3
    configuration.maxDuration = .seconds(30)
    configuration.thresholds?[.mallocCountTotal] = PipelineThresholds.mallocsCSV
    configuration.thresholds?[.cpuTotal] = PipelineThresholds.cpu
    configuration.thresholds?[.peakMemoryResident] = PipelineThresholds.mappedMemory
    let cases: [(name: String, url: () -> URL, spillThreshold: Int)] = [
        ("OpenAndStream-15min-interchange-CSV", { OpenAndStreamData.quarterCSV }, RecordingSource.defaultSpillThreshold),
        ("OpenAndStream-1h-interchange-CSV", { PipelineBenchmarkData.hourCSV }, RecordingSource.defaultSpillThreshold),
        ("OpenAndStream-1h-interchange-CSV-repaired", { OpenAndStreamData.repairedHourCSV }, RecordingSource.defaultSpillThreshold),
        ("OpenAndStream-1h-interchange-CSV-in-memory", { PipelineBenchmarkData.hourCSV }, .max),
        ("OpenAndStream-1h-native", { PipelineBenchmarkData.hourNative }, RecordingSource.defaultSpillThreshold),
        ("OpenAndStream-1h-Sensor-Logger", { OpenAndStreamData.hourSensorLogger }, RecordingSource.defaultSpillThreshold),
        ("OpenAndStream-1h-Sensor-Logger-in-memory", { OpenAndStreamData.hourSensorLogger }, .max),
    ]
    for (name, url, spillThreshold) in cases {
        Benchmark(
            name, configuration: configuration,
            closure: { _ in blackHole(OpenAndStreamData.openAndStream(url(), spillThreshold: spillThreshold)) },
            setup: { _ = url() })
    }
}

/// The text recordings of the open-and-stream benchmarks beside the cached benchmark hour (written once), and the
/// streaming loop.
enum OpenAndStreamData {
    /// The hour's first 15 minutes as interchange CSV (≈ 55 MB of text).
    static let quarterCSV: URL = cached("csv-quarter") { hour in
        let start = hour.accelerometer!.timestamps[0]
        return Recording(
            accelerometer: hour.accelerometer(from: start, to: start + 900),
            deviceMotion: hour.deviceMotion(from: start, to: start + 900), metadata: hour.metadata)
    }

    /// The hour as interchange CSV with accelerometer timestamps in milliseconds, NaN in 1,000 rows (every 2,880th)
    /// and 400 rows (half a second) delivered after the 400 that follow them, once a minute.
    static let repairedHourCSV: URL = cached("csv-repaired") { hour in
        var damaged = hour
        var a = hour.accelerometer!
        for row in stride(from: 0, to: a.count, by: 2880) { a.x[row] = .nan }
        for start in stride(from: 48_000, to: a.count - 800, by: 48_000) {
            let late = Array(a.timestamps[start..<(start + 400)])
            a.timestamps.replaceSubrange(start..<(start + 400), with: a.timestamps[(start + 400)..<(start + 800)])
            a.timestamps.replaceSubrange((start + 400)..<(start + 800), with: late)
        }
        a.timestamps = a.timestamps.map { $0 * 1000 }
        damaged.accelerometer = a
        damaged.hygiene = HygieneReport()
        return damaged
    }

    /// The hour as a watch Sensor Logger export, as the app writes it with standardisation off: WristMotion.csv
    /// (the device motion: `time` in ns since the epoch, `seconds_elapsed` in s, rotation rate in rad/s, gravity and
    /// user acceleration in g, attitude quaternion) and WatchAccelerometerUncalibrated.csv (the accelerometer, g).
    static let hourSensorLogger: URL = cached("sensor-logger-export") { hour, directory in
        let epochNanoseconds = 1_777_991_856_000_000_000
        func write(_ name: String, _ header: String, _ count: Int, _ row: (Int) -> String) throws {
            FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
            let handle = try FileHandle(forWritingTo: directory.appendingPathComponent(name))
            defer { try? handle.close() }
            var text = "time,seconds_elapsed," + header + "\n"
            for index in 0..<count {
                text += row(index)
                if text.utf8.count > 1 << 20 || index == count - 1 {
                    try handle.write(contentsOf: Data(text.utf8))
                    text = ""
                }
            }
        }
        func time(_ t: Double) -> String { "\(epochNanoseconds + Int((t * 1e9).rounded())),\(t)" }
        let m = hour.deviceMotion!
        try write(
            "WristMotion.csv",
            "rotationRateX,rotationRateY,rotationRateZ,gravityX,gravityY,gravityZ,accelerationX,accelerationY,accelerationZ,quaternionW,quaternionX,quaternionY,quaternionZ",
            m.count
        ) { i in
            let values = [m.rotationRateX[i], m.rotationRateY[i], m.rotationRateZ[i], m.gravityX[i], m.gravityY[i], m.gravityZ[i],
                          m.userAccelerationX[i], m.userAccelerationY[i], m.userAccelerationZ[i], m.attitudeW[i], m.attitudeX[i],
                          m.attitudeY[i], m.attitudeZ[i]]
            return time(m.timestamps[i]) + "," + values.map(\.description).joined(separator: ",") + "\n"
        }
        let a = hour.accelerometer!
        try write("WatchAccelerometerUncalibrated.csv", "x,y,z", a.count) { i in
            "\(time(a.timestamps[i])),\(a.x[i]),\(a.y[i]),\(a.z[i])\n"
        }
    }

    /// `name` in the benchmark hour's folder, written from the hour by `make` unless already there; read back from
    /// disk once per process (``PageCacheState``).
    private static func cached(_ name: String, _ make: (Recording) -> Recording) -> URL {
        cached(name) { hour, directory in try InterchangeCSVWriter.write(make(hour), to: directory) }
    }

    /// `name` in the benchmark hour's folder, written from the hour into a directory by `write` unless already there;
    /// read back from disk once per process (``PageCacheState``).
    private static func cached(_ name: String, write: (Recording, URL) throws -> Void) -> URL {
        let directory = PipelineBenchmarkData.hourDirectory.appendingPathComponent(name, isDirectory: true)
        let marker = directory.appendingPathComponent("complete")
        if !FileManager.default.fileExists(atPath: marker.path) {
            let staging = PipelineBenchmarkData.hourDirectory.appendingPathComponent(
                "\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
            do {
                try? FileManager.default.removeItem(at: staging)
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
                try write(PipelineBenchmarkData.hour, staging)
                try Data().write(to: staging.appendingPathComponent("complete"))
                try? FileManager.default.removeItem(at: directory)
                try FileManager.default.moveItem(at: staging, to: directory)
            } catch {
                if !FileManager.default.fileExists(atPath: marker.path) {
                    fatalError("PipelineBenchmarks: cannot write \(staging.path): \(error)")
                }
            }
        }
        PageCacheState.rereadFromDisk([directory])
        return directory
    }

    /// Opens `url` (spilled above `spillThreshold` bytes of interchange text) and reads every batch; returns the
    /// findings made and the sum of every timestamp and value read (so each page is touched).
    static func openAndStream(_ url: URL, spillThreshold: Int) -> Double {
        do {
            let source = try RecordingSource.open(url, spillThreshold: spillThreshold)
            var sum = Double(source.hygiene.findings.count)
            var accelerometerScratch = AccelerometerData()
            var deviceMotionScratch = DeviceMotionData()
            func add(_ values: UnsafeBufferPointer<Float>...) {
                for column in values { sum += Double(column.reduce(0, +)) }
            }
            for batch in source.batchRanges() {
                switch batch.stream {
                case .accelerometer:
                    source.withAccelerometerColumns(batch.range, scratch: &accelerometerScratch) { columns in
                        sum += columns.timestamps.reduce(0, +)
                        add(columns.x, columns.y, columns.z)
                    }
                case .deviceMotion:
                    source.withDeviceMotionRotationColumns(
                        batch.range, components: [.rotationRate, .gravity], scratch: &deviceMotionScratch
                    ) { columns in
                        sum += columns.timestamps.reduce(0, +)
                        add(columns.rotationRateX, columns.rotationRateY, columns.rotationRateZ, columns.gravityX,
                            columns.gravityY, columns.gravityZ)
                    }
                case .gyroscope, .magnetometer: break  // not batched
                }
                source.didDeliver(batch)
            }
            return sum
        } catch {
            fatalError("PipelineBenchmarks: cannot open \(url.path): \(error)")
        }
    }
}
