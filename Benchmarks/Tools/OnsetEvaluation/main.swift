// Prints the swing-start (onset) accuracy tables the onset estimator is judged on, in release mode, in seconds
// rather than the debug test suite's minutes:
//
// - from rest: the sessions of SwingAnalyzerAccuracyTests (per sport seeds 1 and 2, 40 swings; seed 2 on the left
//   wrist, crown left, left-handed, accelerometer clipping at 16 g);
// - half the swings out of a load or backswing: the sessions of SwingAnalyzerLoadReversalAccuracyTests (seeds 1
//   and 2, 40 swings, `withLoadReversals(share: 0.5)`; seed 2 right wrist, crown left);
// - the raw-IMU swing match of RawIMUSwingMatchTests (unclipped and 8 g; |fused − true| onset);
// - with a path to the six-shot rotation rally (rows `t,x,y,z` of CMDeviceMotion.rotationRate, a blank line after
//   each batch), its swing starts in s from the first sample.
//
//   swift run -c release onset-evaluation [--details] [--script-sessions] [--raw-seeds 11,12] [--raw-only]
//       [--raw-diagnose] [--sports golf,tennis] [--dump DIR] [six-shots-rotation.csv]
//
// `--details` adds one line per swing: session, true onset shape, onset error (ms). `--script-sessions` adds the
// sessions of Scripts/score_load_reversals.sh (four per sport and kind, simulated in memory rather than written and
// read back). `--raw-seeds` sets the raw-IMU match's seeds (default 11; with several, the pooled |fused − true| and
// the onset error against the simulation's truth on the true and on the fused device motion). `--raw-only` prints only the raw-IMU match;
// `--raw-diagnose` adds, for every swing whose fused onset differs by more than 2 ms, the onsets with only the fused
// gravity, only the fused rate, or only the raw gyroscope's white noise put into the true device motion
// (RawDiagnosis.swift). `--sports` limits every table to those sports; `--dump DIR` writes each scored session's
// device motion (t, rotation rate, gravity, user acceleration), its accelerometer and its swings (true and detected
// start, impact, onset shape, plane tilt) as CSV files in DIR; the raw-IMU match's sessions as `raw-true_…` (the
// simulator's device motion) and `raw-fused_…` (fused from the raw IMU; the same true swings).
import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis
import SwingScoring
import SwingSimulation

var arguments = Array(CommandLine.arguments.dropFirst())
let details = arguments.contains("--details")
let scriptSessions = arguments.contains("--script-sessions")
let rawOnly = arguments.contains("--raw-only")
let rawDiagnose = arguments.contains("--raw-diagnose")
let biasTraces = arguments.contains("--bias-trace")
arguments.removeAll { ["--details", "--script-sessions", "--raw-only", "--raw-diagnose", "--bias-trace"].contains($0) }
let dumpDirectory: String? = arguments.firstIndex(of: "--dump").flatMap { i in
    i + 1 < arguments.count ? arguments[i + 1] : nil
}
if let i = arguments.firstIndex(of: "--dump"), i + 1 < arguments.count { arguments.removeSubrange(i...(i + 1)) }
var rawSeeds: [UInt64] = [11]
if let i = arguments.firstIndex(of: "--raw-seeds"), i + 1 < arguments.count {
    rawSeeds = arguments[i + 1].split(separator: ",").compactMap { UInt64($0) }
    arguments.removeSubrange(i...(i + 1))
}
var fusionConfiguration = SensorFusionConfiguration()
if let i = arguments.firstIndex(of: "--fusion"), i + 1 < arguments.count {
    fusionConfiguration = try fusionOverrides(arguments[i + 1])
    arguments.removeSubrange(i...(i + 1))
}
var sports: [Sport] = [.baseball, .softball, .golf, .tennis]
if let i = arguments.firstIndex(of: "--sports"), i + 1 < arguments.count {
    sports = arguments[i + 1].split(separator: ",").compactMap { Sport(rawValue: String($0)) }
    arguments.removeSubrange(i...(i + 1))
}

func format(_ value: Double) -> String { String(format: "%6.2f", value) }

/// One line of the table: onset and time-to-contact median / p95 (ms), recall, precision, contact accuracy.
func row(_ label: String, _ report: AccuracyReport) -> String {
    "\(label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(format(report.start.medianAbsoluteMilliseconds)) \(format(report.start.p95AbsoluteMilliseconds))   \(format(report.timeToContact.medianAbsoluteMilliseconds)) \(format(report.timeToContact.p95AbsoluteMilliseconds))   \(String(format: "%.3f  %.3f  %.3f", report.recall, report.precision, report.contactAccuracy))  (\(report.trueSwings) swings)"
}

/// Scores one session and, with `--details`, prints every matched swing's errors.
func score(_ session: SimulatedSession, analyzer: SwingAnalyzerConfiguration, label: String) -> AccuracyReport {
    let result = SwingAnalyzer.analyze(session.recording, configuration: analyzer)
    let report = AccuracyReport.score(detected: result.swings, truth: session.truth)
    if let directory = dumpDirectory { dump(session, result, to: directory, label: label) }
    if details {
        for real in session.truth.swings {
            guard let swing = result.swings.min(by: { abs($0.start - real.start) < abs($1.start - real.start) }),
                abs(swing.start - real.start) < 0.1
            else {
                print("  \(label) \(real.onsetShape) start \(String(format: "%.3f", real.start)) MISSED")
                continue
            }
            print(
                "  \(label) \(real.onsetShape) start \(String(format: "%.3f", real.start)) onset \(format((swing.start - real.start) * 1000)) ms peak \(String(format: "%.1f", real.peakRotationRate))")
        }
    }
    return report
}

/// `--dump DIR`: the session's device motion (t, rotation rate, gravity) and its swings (true and detected start,
/// impact, onset shape, plane tilt) as CSV files named after the label, for looking at swings one by one.
func dump(_ session: SimulatedSession, _ result: SwingAnalysisResult, to directory: String, label: String) {
    let name = label.replacingOccurrences(of: " ", with: "_")
    guard let motion = session.recording.deviceMotion else { return }
    var text = "t,rx,ry,rz,gx,gy,gz,ux,uy,uz\n"
    for j in 0..<motion.count {
        text += "\(motion.timestamps[j]),\(motion.rotationRateX[j]),\(motion.rotationRateY[j]),\(motion.rotationRateZ[j]),\(motion.gravityX[j]),\(motion.gravityY[j]),\(motion.gravityZ[j]),\(motion.userAccelerationX[j]),\(motion.userAccelerationY[j]),\(motion.userAccelerationZ[j])\n"
    }
    try? text.write(toFile: "\(directory)/\(name)_motion.csv", atomically: true, encoding: .utf8)
    if let accelerometer = session.recording.accelerometer {
        var rows = "t,ax,ay,az\n"
        for j in 0..<accelerometer.count {
            rows += "\(accelerometer.timestamps[j]),\(accelerometer.x[j]),\(accelerometer.y[j]),\(accelerometer.z[j])\n"
        }
        try? rows.write(toFile: "\(directory)/\(name)_accelerometer.csv", atomically: true, encoding: .utf8)
    }
    var swings = "start,detected,impact,shape,tilt,peakAxis,kind\n"
    for real in session.truth.swings {
        let swing = result.swings.min(by: { abs($0.start - real.start) < abs($1.start - real.start) })
        swings += "\(real.start),\(swing.map { "\($0.start)" } ?? "nan"),\(real.impact.map { "\($0)" } ?? "nan"),\(real.onsetShape),\(real.planeTilt),\(real.peakSwingAxisRate),\(real.kind.rawValue)\n"
    }
    try? swings.write(toFile: "\(directory)/\(name)_swings.csv", atomically: true, encoding: .utf8)
}

let header = "sport     onset med/p95 ms   ttc med/p95 ms    recall prec.  contact"

if !rawOnly {
print("From rest (SwingAnalyzerAccuracyTests sessions)\n\(header)")
for sport in sports {
    var reports: [AccuracyReport] = []
    for seed: UInt64 in [1, 2] {
        var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 40))
        if seed % 2 == 0 {
            configuration.wrist = .left
            configuration.crownSide = .left
            configuration.handedness = .left
            configuration.sensors.accelerometerRange = 16
        }
        let session = SwingSimulator.simulate(configuration)
        reports.append(score(session, analyzer: .preset(for: sport), label: "rest \(sport) \(seed)"))
    }
    print(row(sport.rawValue, AccuracyReport(combining: reports)))
}

print("\nHalf the swings out of a load (SwingAnalyzerLoadReversalAccuracyTests sessions)\n\(header)")
for sport in sports {
    var reports: [AccuracyReport] = []
    for seed: UInt64 in [1, 2] {
        var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 40))
            .withLoadReversals(share: 0.5)
        if seed == 2 {
            configuration.wrist = .right
            configuration.crownSide = .left
        }
        let session = SwingSimulator.simulate(configuration)
        reports.append(score(session, analyzer: .preset(for: sport), label: "load \(sport) \(seed)"))
    }
    print(row(sport.rawValue, AccuracyReport(combining: reports)))
}

if scriptSessions {
    // The sessions of Scripts/score_load_reversals.sh, simulated in memory: seeds 1–4, 40 swings, even seeds on the
    // right wrist with the crown on the left; every swing from rest, or half out of a load.
    for loads in [false, true] {
        print("\nScripts/score_load_reversals.sh sessions, \(loads ? "half out of a load" : "from rest")\n\(header)")
        for sport in sports {
            var reports: [AccuracyReport] = []
            for seed: UInt64 in 1...4 {
                var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 40))
                if seed % 2 == 0 {
                    configuration.wrist = .right
                    configuration.crownSide = .left
                }
                if loads { configuration = configuration.withLoadReversals(share: 0.5) }
                let session = SwingSimulator.simulate(configuration)
                reports.append(score(session, analyzer: .preset(for: sport), label: "\(loads ? "script-load" : "script-rest") \(sport) \(seed)"))
            }
            print(row(sport.rawValue, AccuracyReport(combining: reports)))
        }
    }
}

}

print("\nRaw-IMU swing match (RawIMUSwingMatchTests sessions): |fused − true| onset, ms")
do {
    let model = RawGyroscopeModel()
    var random = SimulationRandom(seed: model.seed)
    let bias = (0..<3).map { _ in String(format: "%.4f", model.bias * random.gaussian()) }
    print("raw gyroscope constant bias \(bias.joined(separator: " ")) rad/s")
}
print("sport     range   true fused matched   median    p95    max")
for sport in sports {
    for clipped in [false, true] {
      var pooled: [Double] = []
      var trueReports: [AccuracyReport] = [], fusedReports: [AccuracyReport] = []
      for seed in rawSeeds {
        var configuration = SimulationConfiguration.preset(sport, seed: seed)
        if clipped { configuration.sensors.accelerometerRange = 8 }
        let session = SwingSimulator.simulate(configuration)
        let analyzer = SwingAnalyzerConfiguration.preset(for: sport)
        let truth = SwingAnalyzer.analyze(session.recording, configuration: analyzer)
        let fused = try RawGyroscopeModel().rawIMURecording(for: session)
            .fusingDeviceMotion(configuration: fusionConfiguration)
        let result = SwingAnalyzer.analyze(fused, configuration: analyzer)
        trueReports.append(AccuracyReport.score(detected: truth.swings, truth: session.truth))
        fusedReports.append(AccuracyReport.score(detected: result.swings, truth: session.truth))
        if let directory = dumpDirectory {
            let name = "\(sport) \(clipped ? 8 : 0) \(seed)"
            dump(session, truth, to: directory, label: "raw-true \(name)")
            dump(SimulatedSession(recording: fused, truth: session.truth), result, to: directory,
                label: "raw-fused \(name)")
        }
        if biasTraces && !clipped {
            biasTrace(session: session, fused: fused, label: "\(sport) seed \(seed)")
            print("  swings at s: " + truth.swings.map { String(format: "%.0f", $0.start - session.recording.deviceMotion!.timestamps[0]) }.joined(separator: " "))
        }
        var used = Set<Int>()
        var differences: [Double] = []
        for swing in truth.swings {
            let candidates = result.swings.indices.filter { !used.contains($0) }
            guard let best = candidates.min(by: {
                abs(result.swings[$0].start - swing.start) < abs(result.swings[$1].start - swing.start)
            }), abs(result.swings[best].start - swing.start) < 0.05
            else { continue }
            used.insert(best)
            differences.append(abs(result.swings[best].start - swing.start) * 1000)
            if rawDiagnose && abs(result.swings[best].start - swing.start) > 0.002 {
                diagnose(session: session, fused: fused, truth: truth, result: result, start: swing.start,
                    fusedStart: result.swings[best].start, analyzer: analyzer, label: "\(sport) \(clipped ? 8 : 0) g seed \(seed)")
            }
            if details {
                print("  raw \(sport) \(clipped ? 8 : 0) start \(String(format: "%.3f", swing.start)) Δ \(format((result.swings[best].start - swing.start) * 1000)) ms")
            }
        }
        pooled += differences
        let sorted = differences.sorted()
        print(
            "\(sport.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(clipped ? "8 g " : "full") \(seed)   \(String(format: "%4d %5d %7d", truth.swings.count, result.swings.count, differences.count))   \(format(percentile(sorted, 0.5))) \(format(percentile(sorted, 0.95))) \(format(sorted.last ?? 0))"
        )
      }
      if rawSeeds.count > 1 {
        let sorted = pooled.sorted()
        print(
            "\(sport.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(clipped ? "8 g " : "full") pooled \(String(format: "%5d", sorted.count))   \(format(percentile(sorted, 0.5))) \(format(percentile(sorted, 0.95))) \(format(sorted.last ?? 0))"
        )
        // Onset accuracy against the simulation's truth on the true and on the fused device motion.
        let onTrue = AccuracyReport(combining: trueReports).start
        let onFused = AccuracyReport(combining: fusedReports).start
        print(
            "\(sport.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(clipped ? "8 g " : "full") onset error med/p95 ms: true device motion \(format(onTrue.medianAbsoluteMilliseconds)) \(format(onTrue.p95AbsoluteMilliseconds)), fused \(format(onFused.medianAbsoluteMilliseconds)) \(format(onFused.p95AbsoluteMilliseconds))"
        )
      }
    }
}

/// RawIMUSwingMatchTests' percentile of ascending `sorted`: the nearest order statistic.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
}

if let path = arguments.first {
    // The raw-dump reader of swing-metrics, as SwingAnalyzerRotationFallbackTests reads the rally.
    let recording = try RecordingImporter.load(
        URL(fileURLWithPath: path), format: .rawBatchedDump(stream: .deviceMotion))
    let result = SwingAnalyzer.analyze(recording, configuration: .tennis)
    let t0 = recording.deviceMotion!.timestamps[0]
    print("\nSix-shot rotation rally: swing starts, s from the first sample")
    print(result.swings.map { String(format: "%.4f", $0.start - t0) }.joined(separator: " "))
}
