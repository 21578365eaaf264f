// recording-probe: a small executable over the MotionRecording sources, for measurements that do not belong in
// timed tests (import speed against numpy, native load throughput, ten-hour streaming memory). Built by
// Benchmarks/build_recording_probe.sh with swiftc -O (not part of the package graph).
import Foundation

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
    print("usage: recording-probe inspect PATH… | time-import PATH REPEATS | write-native SRC DST | time-native PATH REPEATS | stream-memory HOURS")
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
    default:
        print("unknown command \(command)")
        exit(64)
    }
} catch {
    print("error: \(error)")
    exit(1)
}
