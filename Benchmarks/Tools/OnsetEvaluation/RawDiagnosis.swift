// `--raw-diagnose`: for a swing whose onset through fusion differs from the true device motion's by more than 2 ms,
// which input moved it. The true device motion is analysed again with one part replaced at a time: the fused gravity
// (true rate), the fused rate (true gravity), and the raw gyroscope model's rate without bias (its white noise only,
// as if the bias were known exactly); and the fused gravity's tilt and mean rate error over the 0.3 s before the onset.
import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis
import SwingSimulation

/// Onset of the swing nearest `start` (s) in `recording`, s, or NaN.
func nearestStart(_ recording: Recording, _ analyzer: SwingAnalyzerConfiguration, _ start: Double) -> Double {
    let swings = SwingAnalyzer.analyze(recording, configuration: analyzer).swings
    guard let best = swings.min(by: { abs($0.start - start) < abs($1.start - start) }), abs(best.start - start) < 0.05
    else { return .nan }
    return best.start
}

func diagnose(
    session: SimulatedSession, fused: Recording, truth: SwingAnalysisResult, result: SwingAnalysisResult,
    start: Double, fusedStart: Double, analyzer: SwingAnalyzerConfiguration, label: String
) {
    guard let trueMotion = session.recording.deviceMotion, let fusedMotion = fused.deviceMotion,
        trueMotion.timestamps == fusedMotion.timestamps
    else { return print("  \(label): timestamps differ") }
    var gravityOnly = session.recording
    gravityOnly.deviceMotion!.gravityX = fusedMotion.gravityX
    gravityOnly.deviceMotion!.gravityY = fusedMotion.gravityY
    gravityOnly.deviceMotion!.gravityZ = fusedMotion.gravityZ
    var rateOnly = session.recording
    rateOnly.deviceMotion!.rotationRateX = fusedMotion.rotationRateX
    rateOnly.deviceMotion!.rotationRateY = fusedMotion.rotationRateY
    rateOnly.deviceMotion!.rotationRateZ = fusedMotion.rotationRateZ
    var model = RawGyroscopeModel()
    model.bias = 0
    model.biasDrift = 0
    let unbiased = model.gyroscope(for: session)
    var noiseOnly = session.recording
    noiseOnly.deviceMotion!.rotationRateX = unbiased.x
    noiseOnly.deviceMotion!.rotationRateY = unbiased.y
    noiseOnly.deviceMotion!.rotationRateZ = unbiased.z
    // Fused gravity tilt (°) and mean rate error (rad/s, fused − true) over the 0.3 s before the onset.
    let t = trueMotion.timestamps
    let onsetIndex = t.firstIndex { $0 >= start } ?? t.count - 1
    let from = t.firstIndex { $0 >= start - 0.3 } ?? 0
    var largestTilt = 0.0
    var rateError = SIMD3<Double>.zero
    for i in from...onsetIndex {
        let a = SIMD3(Double(trueMotion.gravityX[i]), Double(trueMotion.gravityY[i]), Double(trueMotion.gravityZ[i]))
        let b = SIMD3(Double(fusedMotion.gravityX[i]), Double(fusedMotion.gravityY[i]), Double(fusedMotion.gravityZ[i]))
        let cosine = (a * b).sum() / ((a * a).sum() * (b * b).sum()).squareRoot()
        largestTilt = max(largestTilt, acos(min(1, cosine)) * 180 / .pi)
        rateError += SIMD3(
            Double(fusedMotion.rotationRateX[i] - trueMotion.rotationRateX[i]),
            Double(fusedMotion.rotationRateY[i] - trueMotion.rotationRateY[i]),
            Double(fusedMotion.rotationRateZ[i] - trueMotion.rotationRateZ[i]))
    }
    rateError /= Double(onsetIndex - from + 1)
    func ms(_ value: Double) -> String { String(format: "%+6.2f", (value - start) * 1000) }
    print(
        "  \(label) start \(String(format: "%.3f", start)): fused \(ms(fusedStart)) ms; fused gravity only \(ms(nearestStart(gravityOnly, analyzer, start))), fused rate only \(ms(nearestStart(rateOnly, analyzer, start))), model noise only (no bias) \(ms(nearestStart(noiseOnly, analyzer, start))); tilt ≤ \(String(format: "%.2f", largestTilt))°, rate error \(String(format: "%.4f %.4f %.4f", rateError.x, rateError.y, rateError.z)) rad/s")
}

/// `--bias-trace`: the fused rate's mean error (fused − true, rad/s) over consecutive 5-s windows of a session: how
/// the filter's bias estimate converges.
func biasTrace(session: SimulatedSession, fused: Recording, label: String) {
    guard let trueMotion = session.recording.deviceMotion, let fusedMotion = fused.deviceMotion,
        trueMotion.timestamps == fusedMotion.timestamps, let first = trueMotion.timestamps.first
    else { return }
    var line = "  bias error \(label) (x y z, mrad/s, per 5 s):"
    var sum = SIMD3<Double>.zero
    var count = 0
    var windowEnd = first + 5
    for i in 0..<trueMotion.count {
        if trueMotion.timestamps[i] >= windowEnd {
            let m = sum / Double(max(count, 1)) * 1000
            line += String(format: " %.0f,%.0f,%.0f", m.x, m.y, m.z)
            sum = .zero
            count = 0
            windowEnd += 5
        }
        sum += SIMD3(
            Double(fusedMotion.rotationRateX[i] - trueMotion.rotationRateX[i]),
            Double(fusedMotion.rotationRateY[i] - trueMotion.rotationRateY[i]),
            Double(fusedMotion.rotationRateZ[i] - trueMotion.rotationRateZ[i]))
        count += 1
    }
    print(line)
}
