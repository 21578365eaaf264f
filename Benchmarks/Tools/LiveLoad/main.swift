// LiveLoad — a loopback load test of `swing-metrics serve` (docs/live.md gives its figures and the command).
//
//   swift build -c release --product swing-metrics --product LiveLoad
//   .build/release/LiveLoad --server .build/release/swing-metrics [--sessions 500] [--seconds 60]
//       [--throughput-seconds 900]
//
// Starts the server as a child process on 127.0.0.1 (port 0), then:
// 1. `--sessions` WebSocket sessions at once, each streaming a simulated baseball session (8 different seeds) at
//    real time — one 800 Hz accelerometer and one 200 Hz device-motion batch a second, as the watch delivers them,
//    session starts spread over the first second — for `--seconds`. Measures, on the client, the time from
//    writing the batch that decided a swing (the swing message names it) to reading the swing message; checks that
//    every session got exactly the offline analysis's swings and its summary (no session lost); reads the server's
//    resident memory (/proc/PID/status VmRSS) before the sessions and at their peak: memory per session.
// 2. One session streaming a `--throughput-seconds` simulated session as fast as the server acknowledges
//    (16 batches in flight): batches per second and the multiple of real time.
// Bounded: every session ends after its batches; the run stops by itself (and kills the server) at the end.

import Foundation
import HummingbirdWSClient
import LiveServer
import Logging
import MotionRecording
import NIOCore
import SwingAnalysis
import SwingSimulation
import Synchronization

struct Options {
    var server = ""
    var sessions = 500
    var seconds = 60.0
    var throughputSeconds = 900.0

    init(_ arguments: [String]) {
        var i = 1
        func value() -> String {
            i += 1
            guard i < arguments.count else { fatalError("missing value for \(arguments[i - 1])") }
            return arguments[i]
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--server": server = value()
            case "--sessions": sessions = Int(value())!
            case "--seconds": seconds = Double(value())!
            case "--throughput-seconds": throughputSeconds = Double(value())!
            default: fatalError("unknown argument \(arguments[i])")
            }
            i += 1
        }
        guard !server.isEmpty else { fatalError("--server PATH-TO-swing-metrics is required") }
    }
}

/// A simulated session prepared for sending: encoded frames, each one's delivery offset from the first, s, and
/// the swings offline analysis finds.
struct Prepared: Sendable {
    var frames: [ByteBuffer]
    var offsets: [Double]
    var expectedSwings: Int
    var duration: Double

    init(seed: UInt64, seconds: Double) {
        var configuration = SimulationConfiguration.baseball(seed: seed)
        configuration.duration = seconds
        let recording = SimulatedSession(configuration: configuration).recording
        let batches = LiveBatch.batches(of: recording)
        frames = batches.map { ByteBuffer(bytes: BinaryBatchFrame.encode($0)) }
        let lastTimes = batches.map { $0.timeSpan.last }
        offsets = lastTimes.map { $0 - lastTimes[0] }
        expectedSwings = SwingAnalyzer.analyze(recording, configuration: .baseball).swings.count
        duration = recording.duration
    }
}

extension LiveBatch {
    var timeSpan: (first: Double, last: Double) {
        switch samples {
        case .accelerometer(let a): (a.timestamps.first!, a.timestamps.last!)
        case .deviceMotion(let d): (d.timestamps.first!, d.timestamps.last!)
        }
    }
}

/// What one session measured.
struct SessionResult: Sendable {
    var swings = 0
    var summary = false
    var latencies: [Duration] = []
    var closeCode: String = ""
}

/// State one session's sender and reader share.
final class SessionState: Sendable {
    let times: Mutex<[ContinuousClock.Instant?]>
    let acked = Mutex(-1)
    let result = Mutex(SessionResult())
    init(count: Int) { times = Mutex(Array(repeating: nil, count: count)) }
}

func startServer(_ path: String, tokenFile: String) throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = ["serve", "--port", "0", "--tokens", tokenFile, "--max-batch-rate", "0",
        "--max-sessions-per-token", "100000", "--idle-timeout", "120"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    var line = Data()
    while true {
        let byte = pipe.fileHandleForReading.readData(ofLength: 1)
        if byte.isEmpty || byte == Data("\n".utf8) { break }
        line += byte
    }
    let text = String(decoding: line, as: UTF8.self)
    guard text.hasPrefix("listening on "), let port = Int(text.split(separator: ":").last ?? "") else {
        fatalError("server said: \(text)")
    }
    return (process, port)
}

func residentKiB(_ pid: Int32) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

let token = "live-load-token-0123456789abcdef"

/// One session: announce, send every frame at `start + offset / speed` (or pipelined as fast as acknowledged when
/// `speed` is nil), end, read to the summary.
func runSession(port: Int, prepared: Prepared, start: ContinuousClock.Instant, realTime: Bool) async throws -> SessionResult {
    var configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
    configuration.additionalHeaders[.authorization] = "Bearer \(token)"
    var logger = Logger(label: "live-load")
    logger.logLevel = .critical
    let shared = SessionState(count: prepared.frames.count)
    let close = try await WebSocketClient.connect(
        url: "ws://127.0.0.1:\(port)/v1/live", configuration: configuration, logger: logger
    ) { inbound, outbound, _ in
        try await outbound.write(.text(#"{"type":"announce","version":1,"sport":"baseball","streams":["accelerometer","deviceMotion"],"device":"LiveLoad"}"#))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    let now = ContinuousClock.now
                    guard case .text(let text) = message else { continue }
                    if text.hasPrefix(#"{"type":"ack""#) {
                        let sequence = Int(text.dropFirst(#"{"type":"ack","sequence":"#.count).dropLast())!
                        shared.acked.withLock { $0 = sequence }
                    } else if text.hasPrefix(#"{"type":"swing""#) {
                        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
                        let sent = (object["sequence"] as? Int).flatMap { s in shared.times.withLock { $0[s] } }
                        shared.result.withLock {
                            $0.swings += 1
                            if let sent { $0.latencies.append(now - sent) }
                        }
                    } else if text.hasPrefix(#"{"type":"summary""#) {
                        shared.result.withLock { $0.summary = true }
                        return
                    }
                }
            }
            group.addTask {
                for (i, frame) in prepared.frames.enumerated() {
                    if realTime {
                        try await Task.sleep(until: start + .seconds(prepared.offsets[i]), clock: .continuous)
                    } else {
                        while shared.acked.withLock({ $0 }) < i - 16 { try await Task.sleep(for: .microseconds(50)) }
                    }
                    shared.times.withLock { $0[i] = .now }
                    try await outbound.write(.binary(frame))
                }
                try await outbound.write(.text(#"{"type":"end"}"#))
            }
            try await group.waitForAll()
        }
    }
    var final = shared.result.withLock { $0 }
    final.closeCode = close.map { "\($0.closeCode)" } ?? "none"
    return final
}

func percentile(_ sorted: [Duration], _ p: Double) -> Duration {
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
}

func milliseconds(_ d: Duration) -> String {
    let ms = Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
    return String(format: "%.2f ms", ms)
}

let options = Options(CommandLine.arguments)
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("live-load-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
let tokenFile = scratch.appendingPathComponent("tokens.txt")
try "\(token)\n".write(to: tokenFile, atomically: true, encoding: .utf8)
defer { try? FileManager.default.removeItem(at: scratch) }

print("preparing 8 simulated sessions of \(options.seconds) s and one of \(options.throughputSeconds) s …")
let prepared = (1...8).map { Prepared(seed: UInt64($0), seconds: options.seconds) }
let long = Prepared(seed: 99, seconds: options.throughputSeconds)
let (server, port) = try startServer(options.server, tokenFile: tokenFile.path)
defer { server.terminate() }
try await Task.sleep(for: .milliseconds(300))
let baselineKiB = residentKiB(server.processIdentifier)
print("server pid \(server.processIdentifier) on port \(port), \(baselineKiB) KiB resident before the sessions")

// 1. Concurrent sessions at real time.
let peakKiB = Mutex(baselineKiB)
let sampling = Task {
    while !Task.isCancelled {
        let now = residentKiB(server.processIdentifier)
        peakKiB.withLock { $0 = max($0, now) }
        try? await Task.sleep(for: .milliseconds(250))
    }
}
let wallStart = ContinuousClock.now
let results = try await withThrowingTaskGroup(of: (Int, SessionResult?).self) { group in
    let start = ContinuousClock.now + .seconds(1)
    for i in 0..<options.sessions {
        let stagger = Double(i) / Double(options.sessions)
        group.addTask {
            do {
                return (i, try await runSession(
                    port: port, prepared: prepared[i % prepared.count], start: start + .seconds(stagger), realTime: true))
            } catch {
                return (i, nil)
            }
        }
    }
    var results = [SessionResult?](repeating: nil, count: options.sessions)
    for try await (i, result) in group { results[i] = result }
    return results
}
sampling.cancel()
let wall = ContinuousClock.now - wallStart
let complete = results.enumerated().filter { i, r in
    r.map { $0.summary && $0.swings == prepared[i % prepared.count].expectedSwings } ?? false
}.count
let latencies = results.compactMap { $0 }.flatMap(\.latencies).sorted()
let peak = peakKiB.withLock { $0 }
print("""
    \(options.sessions) sessions × \(options.seconds) s at real time (800/200 Hz, 2 batches/s each): wall \(wall)
      complete (summary + exactly the offline swings): \(complete) of \(options.sessions)
      swings: \(latencies.count); batch-to-swing latency p50 \(milliseconds(percentile(latencies, 0.5))), \
    p90 \(milliseconds(percentile(latencies, 0.9))), p99 \(milliseconds(percentile(latencies, 0.99))), \
    max \(milliseconds(latencies.last ?? .zero))
      server resident: \(baselineKiB) KiB before, \(peak) KiB peak: \(String(format: "%.1f", Double(peak - baselineKiB) / Double(options.sessions))) KiB per session
    """)

// 2. One session as fast as acknowledged.
let throughputStart = ContinuousClock.now
let one = try await runSession(port: port, prepared: long, start: .now, realTime: false)
let throughputWall = ContinuousClock.now - throughputStart
let seconds = Double(throughputWall.components.seconds) + Double(throughputWall.components.attoseconds) * 1e-18
print("""
    one session, \(long.duration.rounded()) s recording (\(long.frames.count) batches) as fast as acknowledged: \
    \(String(format: "%.3f", seconds)) s = \(Int(Double(long.frames.count) / seconds)) batches/s, \
    \(Int(long.duration / seconds))× real time; swings \(one.swings) of \(long.expectedSwings), summary \(one.summary)
    """)
server.terminate()
server.waitUntilExit()
