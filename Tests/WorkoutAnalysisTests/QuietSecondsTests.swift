import Foundation
import MotionRecording
import SwingSimulation
import Testing
@testable import WorkoutAnalysis

/// ``QuietSeconds`` through the analyzer's windows: a still wrist with a burst of motion of known length.
@Suite("QuietSeconds")
struct QuietSecondsTests {
    /// 40 s of a 100 Hz accelerometer lying still, face up (0.005 g noise), with `motion(t)` (g) added along
    /// `axis` (z: along gravity, so |a| follows it; x: across it, so the vector turns and |a| hardly changes);
    /// every window's features by its decided second (relative to the start).
    static func windows(along axis: Int = 2, _ motion: (Double) -> Double) -> [Int: WindowFeatures] {
        var random = SimulationRandom(seed: 9)
        var data = AccelerometerData()
        for i in 0..<4000 {
            let t = Double(i) / 100
            let n = { Float(0.005 * random.gaussian()) }
            let m = Float(motion(t))
            data.append(timestamp: 2000 + t, x: (axis == 0 ? m : 0) + n(), y: n(), z: -1 + (axis == 2 ? m : 0) + n())
        }
        return Dictionary(uniqueKeysWithValues: recordedWindows(data).map { ($0.second - 2000, $0.features) })
    }

    @Test("a 3 s gesture (0.7 Hz, 0.5 g) between rests: 5 of 8 seconds still, and stationary")
    func burstBetweenRests() {
        // The gesture covers 20 ≤ t < 23 s exactly (whole seconds of the recording clock). (At a step frequency,
        // 3 s of it along gravity would be taken for a few steps: gait is decided before stillness.)
        let windows = Self.windows { t in t >= 20 && t < 23 ? 0.5 * sin(2 * Double.pi * 0.7 * (t - 20)) : 0 }
        // The window decided for second 21 holds 17…25 s: seconds 20, 21 and 22 move.
        let f = windows[21]!
        #expect(f.deviation > 0.1)
        #expect(f.stillFraction == 5.0 / 8)
        #expect(ActivityRules().classify(f).activity == .stationary)
        // Far from the burst every second is still.
        #expect(windows[8]!.stillFraction == 1)
    }

    @Test("a wrist that turns without changing |a| is not still: the vector moves between axes")
    func turningWrist() {
        // x swings by ±0.3 g at 0.5 Hz (a slow turn of the forearm; |a| barely changes at these angles).
        let windows = Self.windows(along: 0) { t in 0.3 * sin(2 * Double.pi * 0.5 * t) }
        #expect(windows[20]!.stillFraction == 0)
        #expect(windows[20]!.deviation < 0.03)
    }

    @Test("the rules: still for most of the window is stationary, unless an earlier rule claims the window")
    func rule() {
        var f = WindowFeatures()
        f.span = 8
        f.deviation = 0.4
        f.vibration = 0.2
        f.directionVariance = 0.02
        f.stillFraction = 0.5
        #expect(ActivityRules().classify(f).activity == .stationary)
        f.stillFraction = 0.375
        #expect(ActivityRules().classify(f).activity == .unknown)
        // Two swing bursts are a rally, however still the rest.
        f.stillFraction = 0.75
        f.bursts = 2
        #expect(ActivityRules().classify(f).activity == .swingSport)
    }
}
