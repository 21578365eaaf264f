// Prints the per-second activity confusion matrix and the step and cadence errors of the workout analysis on
// simulated workouts (every activity, several sensor set-ups) and, when given, on real recordings.
//
//   swift run -c release workout-evaluation [--seeds N] [--variants] [recording ...]
//     (--variants: the confusion per simulated variant too: resting, typing, clapping, …;
//      --out-of-saddle: every ride holds 10–25 s out of the saddle)
//   swift run -c release workout-evaluation --write-example session.npz   (the docs' example workout)
//   swift run -c release workout-evaluation --dump-windows [recording ...]   (exact features, to compare builds)
//
// A real recording has no step or activity labels: its segments are printed.
import Foundation
import MotionRecording
import SwingAnalysis
import SwingSimulation
import WorkoutAnalysis
import WorkoutSimulation

var arguments = Array(CommandLine.arguments.dropFirst())
var seeds = 6
if let i = arguments.firstIndex(of: "--seeds"), i + 1 < arguments.count {
    seeds = Int(arguments[i + 1]) ?? seeds
    arguments.removeSubrange(i...(i + 1))
}

/// Every window's features, one line each.
func printWindows(_ output: WorkoutAnalyzerOutput) {
    for w in output.windows {
        let f = w.features
        print(
            String(
                format: "%d sd %.3f vd %.3f vib %.3f cv %.3f/%.3f r %.2f T %.2f step %.2f Hz r %.2f bursts %d quiet %.2f pk %.1f w %.1f -> %@ %.2f",
                w.second % 1000, f.deviation, f.verticalDeviation, f.vibration, f.directionVariance, f.slowDirectionVariance, f.periodicity,
                f.period, f.stepFrequency, f.stepPeriodicity, f.bursts, f.quietDeviation, f.peakAcceleration,
                f.peakRotationRate, w.decision.activity.rawValue, w.decision.stepFrequency))
    }
}

// --trace-file PATH: every window's features of a recording.
if let i = arguments.firstIndex(of: "--trace-file"), i + 1 < arguments.count {
    let recording = try RecordingImporter.load(URL(fileURLWithPath: arguments[i + 1]))
    var configuration = WorkoutAnalyzerConfiguration()
    configuration.recordsWindows = true
    var streams: Set<SensorStream> = []
    if recording.accelerometer != nil { streams.insert(.accelerometer) }
    if recording.deviceMotion != nil { streams.insert(.deviceMotion) }
    var analyzer = WorkoutAnalyzer(configuration: configuration, streams: streams)
    var output = WorkoutAnalyzerOutput()
    for batch in recording.batchRanges() where streams.contains(batch.stream) {
        switch batch.stream {
        case .accelerometer: analyzer.feed(accelerometer: recording.accelerometer!, range: batch.range, into: &output)
        case .deviceMotion: analyzer.feed(deviceMotion: recording.deviceMotion!, range: batch.range, into: &output)
        case .gyroscope, .magnetometer: continue
        }
    }
    analyzer.finish(into: &output)
    printWindows(output)
    exit(0)
}

// --trace KIND RATE: one 90 s stretch of KIND at RATE Hz (accelerometer only), every window's features.
let traceDuration = Double(ProcessInfo.processInfo.environment["TRACE_DURATION"] ?? "") ?? 90
if let i = arguments.firstIndex(of: "--trace"), i + 2 < arguments.count,
    let kind = ActivityStretch.Kind(rawValue: arguments[i + 1]), let rate = Double(arguments[i + 2])
{
    let session = ActivitySimulator.simulate(
        ActivitySimulationConfiguration(
            seed: UInt64(seeds), stretches: [ActivityStretch(kind, duration: traceDuration)], accelerometerRate: rate,
            deviceMotionRate: nil))
    let output = WorkoutAnalyzer.analyzeRecordingWindows(accelerometer: session.recording.accelerometer!)
    printWindows(output)
    let steps = session.truth.stepTimes.count
    print("true steps \(steps), cadence \(Double(steps) / 90); counted \(output.segments.map(\.steps))")
    exit(0)
}

// --boundaries SEED RATE [--clipped] [--device-motion] [--kinds a,b]: the mixed workout of SEED at RATE Hz (accelerometer only): truth, predicted segments with
// their steps, and every window's decision within 8 s of a true boundary.
if let i = arguments.firstIndex(of: "--boundaries"), i + 2 < arguments.count, let seed = UInt64(arguments[i + 1]),
    let rate = Double(arguments[i + 2])
{
    // --device-motion: device motion alone at RATE (gravity + user acceleration stand in for the accelerometer).
    let deviceMotionOnly = arguments.contains("--device-motion")
    var configuration = ActivitySimulationConfiguration.mixed(
        seed: seed, accelerometerRate: rate, deviceMotionRate: deviceMotionOnly ? rate : nil,
        accelerometerRange: arguments.contains("--clipped") ? 2 : nil)
    // --kinds a,b,c: these stretches, 60 s each, instead of the mixed workout.
    if let k = arguments.firstIndex(of: "--kinds"), k + 1 < arguments.count {
        configuration.stretches = arguments[k + 1].split(separator: ",").compactMap {
            ActivityStretch.Kind(rawValue: String($0)).map { ActivityStretch($0, duration: 60) }
        }
    }
    let session = ActivitySimulator.simulate(configuration)
    let output: WorkoutAnalyzerOutput
    if deviceMotionOnly {
        var recorded = WorkoutAnalyzerConfiguration()
        recorded.recordsWindows = true
        var analyzer = WorkoutAnalyzer(configuration: recorded, streams: [.deviceMotion])
        var result = WorkoutAnalyzerOutput()
        analyzer.feed(deviceMotion: session.recording.deviceMotion!, into: &result)
        analyzer.finish(into: &result)
        output = result
    } else {
        output = WorkoutAnalyzer.analyzeRecordingWindows(accelerometer: session.recording.accelerometer!)
    }
    for s in session.truth.segments {
        print(String(format: "truth %7.1f–%7.1f %@ %@ steps %d", s.start, s.end, s.activity, s.variant,
            session.truth.steps(from: s.start, to: s.end)))
    }
    for s in output.segments {
        print(String(format: "seg   %7.1f–%7.1f %@ steps %.1f (true %d)", s.start, s.end, s.activity.rawValue, s.steps,
            session.truth.steps(from: s.start, to: s.end)))
    }
    var histogram: [String: [Int]] = [:]
    for w in output.windows {
        let t = Double(w.second) + 0.5
        let bucket = Swift.min(9, Swift.max(0, Int(w.features.centreStridePeriodicity * 10)))
        histogram[session.truth.activity(at: t) ?? "-", default: Array(repeating: 0, count: 10)][bucket] += 1
    }
    for (k, v) in histogram.sorted(by: { $0.key < $1.key }) { print("local stride r by tenths", k, v) }
    for w in output.windows {
        let t = Double(w.second) + 0.5
        guard ProcessInfo.processInfo.environment["ALL_WINDOWS"] != nil || session.truth.segments.contains(where: { abs($0.start - t) < 8 }) else { continue }
        print(String(format: "%4d truth %@ steps %d -> %@ %.2f Hz  r %.2f sd %.3f vd %.3f cv %.3f/%.3f vib %.3f steady %.2f T %.2f local %.2f P %.2f R %.2f",
            w.second, session.truth.activity(at: t) ?? "-", session.truth.steps(from: t - 0.5, to: t + 0.5),
            w.decision.activity.rawValue, w.decision.stepFrequency, w.features.stepPeriodicity, w.features.deviation,
            w.features.verticalDeviation, w.features.directionVariance, w.features.slowDirectionVariance,
            w.features.vibration, w.features.vibrationSteadiness, w.features.stepPeriod,
            w.features.centreStridePeriodicity, w.features.period, w.features.periodicity))
    }
    exit(0)
}

// --mixed7: the analyzer test's mixed recording (walk 40 s, crawl 40 s, rest 30 s; 100 Hz + 50 Hz).
if arguments.contains("--mixed7") {
    let session = ActivitySimulator.simulate(
        ActivitySimulationConfiguration(
            seed: 7,
            stretches: [
                ActivityStretch(.walking, duration: 40), ActivityStretch(.swimmingRotation, duration: 40),
                ActivityStretch(.resting, duration: 30),
            ], accelerometerRate: 100, deviceMotionRate: 50))
    print(session.truth.segments)
    let output = WorkoutAnalyzer.analyzeRecordingWindows(accelerometer: session.recording.accelerometer!)
    printWindows(output)
    for s in output.segments { print(s.start, s.end, s.activity) }
    exit(0)
}

// --write-example PATH: a walk, a breaststroke swim, a tennis practice and a run (800/200 Hz) as a native file: the
// example of docs/architecture.md §5.4 and of the report's session timeline (Scripts/screenshot_report.sh).
if let i = arguments.firstIndex(of: "--write-example"), i + 1 < arguments.count {
    func stretch(_ kind: ActivityStretch.Kind, _ duration: Double, seed: UInt64) -> ActivitySession {
        ActivitySimulator.simulate(
            ActivitySimulationConfiguration(
                seed: seed, stretches: [ActivityStretch(kind, duration: duration)], deviceMotionRate: 200))
    }
    let practice = ActivitySession(
        swingSession: SwingSimulator.simulate(.tennis(seed: 11, mix: EventMix(hits: 6, foulTips: 0, misses: 1))))
    let session = ActivitySession.concatenated([
        stretch(.walking, 60, seed: 2), stretch(.swimmingBreaststroke, 45, seed: 3), practice,
        stretch(.running, 60, seed: 4),
    ])
    try NativeFormat.write(session.recording, to: URL(fileURLWithPath: arguments[i + 1]))
    print("wrote \(arguments[i + 1]): \(session.truth.segments.map(\.activity)), \(session.truth.stepTimes.count) steps")
    exit(0)
}

// --time: wall time of the workout and the swing analysis of a simulated 10-minute workout (800/200 Hz), for a
// quick look while working; the measured claim comes from the WorkoutBenchmarks suite.
if arguments.contains("--time") {
    let session = ActivitySimulator.simulate(.mixed(seed: 1, accelerometerRate: 800, deviceMotionRate: 200))
    let clock = ContinuousClock()
    var (w, s, c) = (Duration.seconds(1000), Duration.seconds(1000), Duration.seconds(1000))
    let source = RecordingSource(session.recording)
    for _ in 0..<(ProcessInfo.processInfo.environment["TIME_REPEATS"].flatMap { Int($0) } ?? 7) {
        w = min(w, clock.measure { _ = WorkoutAnalyzer.analyze(session.recording) })
        s = min(s, clock.measure { _ = SwingAnalyzer.analyze(source) })
        c = min(c, clock.measure { _ = WorkoutAnalyzer.analyzeWithSwings(source, swingConfiguration: .baseball) })
    }
    print("fastest: workout \(w), swings \(s), workout + swings in one pass \(c) (\(c / s)× swings)")
    exit(0)
}

func predicted(_ summary: WorkoutSummary) -> [ActivityScore.Predicted] {
    summary.segments.map { .init(start: $0.start, end: $0.end, activity: $0.activity.rawValue, steps: $0.steps) }
}

struct SetUp {
    var name: String
    var accelerometerRate: Double
    var deviceMotionRate: Double?
    var range: Double?
    var dropAccelerometer = false
}

let setUps = [
    SetUp(
        name: "800 Hz accelerometer + 200 Hz device motion, then a swing practice", accelerometerRate: 800,
        deviceMotionRate: 200),
    SetUp(name: "100 Hz accelerometer only", accelerometerRate: 100, deviceMotionRate: nil),
    SetUp(name: "100 Hz accelerometer clipped at ±2 g", accelerometerRate: 100, deviceMotionRate: nil, range: 2),
    SetUp(name: "20 Hz accelerometer only", accelerometerRate: 20, deviceMotionRate: nil),
    SetUp(name: "15 Hz accelerometer only", accelerometerRate: 15, deviceMotionRate: nil),
    SetUp(
        name: "100 Hz device motion only", accelerometerRate: 100, deviceMotionRate: 100, dropAccelerometer: true),
]

/// The simulated workout of `setUp` and `seed`.
func session(_ setUp: SetUp, seed: UInt64, outOfSaddle: Bool = false) -> ActivitySession {
    var configuration = ActivitySimulationConfiguration.mixed(
        seed: seed, accelerometerRate: setUp.accelerometerRate, deviceMotionRate: setUp.deviceMotionRate,
        accelerometerRange: setUp.range)
    configuration.outOfSaddleChance = outOfSaddle ? 1 : nil
    var session = ActivitySimulator.simulate(configuration)
    if setUp.accelerometerRate == 800 {
        // Swing practice (SwingSimulator, 800/200 Hz) after the workout: the sport changes with the seed.
        let sport = SimulationConfiguration.Sport.allCases[Int(seed) % SimulationConfiguration.Sport.allCases.count]
        let practice = ActivitySession(swingSession: SwingSimulator.simulate(.preset(sport, seed: seed)))
        session = ActivitySession.concatenated([session, practice])
    }
    if setUp.dropAccelerometer { session.recording.accelerometer = nil }
    return session
}

// --dump-windows [recording ...]: every window's features and decision, the segments, steps and swings of each
// simulated workout (and of the recordings given), with every Double printed exactly (shortest round-trip form):
// two implementations of the analysis compare bit for bit with `cmp` on this output.
if let i = arguments.firstIndex(of: "--dump-windows") {
    arguments.remove(at: i)
    var configuration = WorkoutAnalyzerConfiguration()
    configuration.recordsWindows = true
    func dump(_ name: String, _ recording: Recording) {
        let result = WorkoutAnalyzer.analyzeWithSwings(
            RecordingSource(recording), swingConfiguration: .baseball, configuration: configuration)
        print("== \(name)")
        for w in result.windows { print(w) }
        for s in result.summary.segments { print(s) }
        print("steps \(result.summary.steps) cadence \(String(describing: result.summary.cadence))")
        print("swings \(result.swings.swings) kept \(result.gate.kept.count) left out \(result.gate.leftOut)")
    }
    for setUp in setUps {
        for seed in 1...UInt64(seeds) { dump("\(setUp.name), seed \(seed)", session(setUp, seed: seed).recording) }
    }
    for path in arguments { dump(path, try RecordingImporter.load(URL(fileURLWithPath: path))) }
    exit(0)
}

var overall = ActivityScore()
for setUp in setUps {
    var score = ActivityScore()
    for seed in 1...UInt64(seeds) {
        // --out-of-saddle: every ride holds a stretch out of the saddle.
        let session = session(setUp, seed: seed, outOfSaddle: arguments.contains("--out-of-saddle"))
        let summary = WorkoutAnalyzer.analyze(session.recording)
        score.merge(ActivityScore(truth: session.truth, predicted: predicted(summary)))
    }
    overall.merge(score)
    print("== \(setUp.name): \(seeds) simulated workouts (seeds 1…\(seeds)), per-second confusion")
    print(score.table)
    if arguments.contains("--variants") { print(score.variantTable) }
    print(
        String(
            format:
                "accuracy %.1f %%; steps: total error %.2f %%, cadence MAPE %.2f %% over %d gait stretches; %.0f steps outside them (%.2f %%)\n",
            score.accuracy * 100, score.totalStepError * 100, score.cadenceMAPE * 100, score.gait.count,
            score.stepsOutsideGait, score.falseStepFraction * 100))
    for g in score.gait where g.stepError > 0.05 {
        print(
            String(
                format: "   %@: %d true steps, %.0f counted (%.1f %%), cadence %.2f vs %.2f", g.variant, g.trueSteps,
                g.countedSteps, g.stepError * 100, g.estimatedCadence, g.trueCadence))
    }
}
print(String(format: "== all set-ups: accuracy %.1f %%", overall.accuracy * 100))

for path in arguments where path != "--variants" && path != "--out-of-saddle" {
    do {
        let recording = try RecordingImporter.load(URL(fileURLWithPath: path))
        let summary = WorkoutAnalyzer.analyze(recording)
        let swings = SwingAnalyzer.analyze(recording).swings
        let gate = SwingGate().apply(to: swings, segments: summary.segments)
        print("== \(path): \(String(format: "%.1f", summary.duration)) s")
        for s in summary.segments {
            print(String(format: "  %10.2f–%10.2f  %@  confidence %.2f", s.start, s.end, s.activity.rawValue, s.confidence))
        }
        print("  swings: \(swings.count) detected, \(gate.kept.count) kept, \(gate.leftOut.count) left out")
    } catch {
        print("== \(path): \(error)")
    }
}
