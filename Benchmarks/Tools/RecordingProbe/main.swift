// recording-probe: a small executable over the MotionRecording sources, for measurements that do not belong in
// timed tests (import speed against numpy, native load throughput, ten-hour streaming memory). Built by
// Benchmarks/build_recording_probe.sh (the `recording-probe` target, release).
import Foundation
import MotionRecording
import SyntheticInputs

/// CPU time of this process (user + system), s: robust on a machine shared with other builds.
func cpuSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Seconds of CPU time `body` takes (single-threaded code: equals wall time on an idle machine).
func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = cpuSeconds()
    try body()
    return cpuSeconds() - start
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else {
    print("usage: recording-probe inspect PATH… | time-import PATH REPEATS | write-native SRC DST | time-native PATH REPEATS | stream-memory HOURS | open-stream PATH [--in-memory]")
    exit(64)
}
do {
    switch command {
    case "inspect":
        for path in arguments.dropFirst() {
            do {
                let recording = try RecordingImporter.load(URL(fileURLWithPath: path))
                print(path, "accelerometer:", recording.accelerometer?.count ?? 0, "device motion:", recording.deviceMotion?.count ?? 0,
                      "duration:", recording.duration)
                if let s = recording.hygiene.accelerometer { print("  accelerometer", s) }
                if let s = recording.hygiene.deviceMotion { print("  device motion", s) }
                for finding in recording.hygiene.findings { print("  ", finding) }
            } catch { print("error:", error) }
        }
    case "time-import":
        let url = URL(fileURLWithPath: arguments[1])
        let repeats = Int(arguments[2]) ?? 5
        var best = Double.infinity
        var count = 0
        for _ in 0..<repeats {
            best = min(best, try seconds { count = try RecordingImporter.load(url).accelerometer?.count ?? 0 })
        }
        print("best_seconds \(best) samples \(count)")
    case "write-native":
        let recording = try RecordingImporter.load(URL(fileURLWithPath: arguments[1]))
        try NativeFormat.write(recording, to: URL(fileURLWithPath: arguments[2]))
    case "write-csv":
        let recording = try RecordingImporter.load(URL(fileURLWithPath: arguments[1]))
        try InterchangeCSVWriter.write(recording, to: URL(fileURLWithPath: arguments[2]))
    case "time-native":
        let url = URL(fileURLWithPath: arguments[1])
        let repeats = Int(arguments[2]) ?? 5
        let bytes = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        var best = Double.infinity
        for _ in 0..<repeats { best = min(best, try seconds { _ = try NativeFormat.read(url) }) }
        print("best_seconds \(best) bytes \(bytes) GB_per_s \(Double(bytes) / best / 1e9)")
    case "iterate-batches":
        // iterate-batches PASSES: warm BatchCursor passes over a 10-minute in-memory recording (for malloc tracing).
        let recording = SyntheticRecording.restingWatch(seconds: 600)
        var cursor = BatchCursor(recording)
        while cursor.next() != nil {}
        var samples = 0
        for _ in 0..<(Int(arguments[1]) ?? 100) {
            cursor.rewind()
            while let batch = cursor.next() { samples &+= batch.range.count }
        }
        print("samples \(samples)")
    case "iterate-async":
        // iterate-async PASSES: the AsyncSequence (as fast as possible) over a 10-minute in-memory recording.
        let recording = SyntheticRecording.restingWatch(seconds: 600)
        var samples = 0
        for _ in 0..<(Int(arguments[1]) ?? 10) {
            for await batch in recording.batches() {
                if case .accelerometer(let data) = batch { samples &+= data.count }
            }
        }
        print("samples \(samples)")
    case "write-synthetic":
        // write-synthetic HOURS PATH: a seeded 798.7 Hz accelerometer + 200 Hz full device-motion native file.
        let hours = Double(arguments[1]) ?? 1
        try NativeFormat.write(SyntheticRecording.restingWatch(seconds: hours * 3600), to: URL(fileURLWithPath: arguments[2]))
    case "stream-native":
        // stream-native PATH: serves every batch of both streams through the async sequence, as fast as possible.
        let file = try NativeFormat.open(URL(fileURLWithPath: arguments[1]))
        var batches = 0
        var samples = 0
        var checksum: Float = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for await batch in file.batches() {
            batches += 1
            switch batch {
            case .accelerometer(let data):
                samples += data.count
                checksum += data.x[0]
            case .deviceMotion(let data):
                samples += data.count
                checksum += data.rotationRateX[0]
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("batches \(batches) samples \(samples) checksum \(checksum) wall_seconds \(seconds) \(peakResidentMemory())")
    case "open-stream":
        // open-stream PATH [--in-memory]: opens any recording as the CLI does (`RecordingSource.open`: a long text
        // recording spilled and checked in a temporary native file; never with --in-memory, the peer) and reads every
        // batch's columns; prints the peak resident memory.
        let inMemory = arguments.dropFirst(2).contains("--in-memory")
        let source = try RecordingSource.open(
            URL(fileURLWithPath: arguments[1]),
            spillThreshold: inMemory ? .max : RecordingSource.defaultSpillThreshold)
        var samples = 0
        var checksum: Double = 0
        var accelerometerScratch = AccelerometerData()
        var deviceMotionScratch = DeviceMotionData()
        for batch in source.batchRanges() {
            switch batch.stream {
            case .accelerometer:
                source.withAccelerometerColumns(batch.range, scratch: &accelerometerScratch) { columns in
                    samples += columns.count
                    for row in 0..<columns.count { checksum += Double(columns.x[row]) + columns.timestamps[row] }
                }
            case .deviceMotion:
                source.withDeviceMotionRotationColumns(
                    batch.range, components: [.rotationRate, .gravity], scratch: &deviceMotionScratch
                ) { columns in
                    samples += columns.timestamps.count
                    for row in 0..<columns.timestamps.count { checksum += Double(columns.rotationRateX[row] + columns.gravityZ[row]) }
                }
            case .gyroscope, .magnetometer: break
            }
            source.didDeliver(batch)
        }
        let storage: String
        if case .mapped = source.storage { storage = "mapped" } else { storage = "in-memory" }
        print("storage \(storage) samples \(samples) findings \(source.hygiene.findings.count) checksum \(checksum) \(peakResidentMemory())")
    default:
        print("unknown command \(command)")
        exit(64)
    }
} catch {
    print("error: \(error)")
    exit(1)
}

/// VmHWM (peak resident set) and VmRSS from /proc/self/status.
func peakResidentMemory() -> String {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "" }
    return status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }
        .map { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ") }.joined(separator: " ")
}
