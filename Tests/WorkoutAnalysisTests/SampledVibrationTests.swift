import Foundation
import MotionRecording
import SwingSimulation
import Testing
@testable import WorkoutAnalysis

/// The vibration and its steadiness below 75 Hz input (``SampledVibration``), measured through the analyzer's
/// windows on 15 Hz streams whose |a| is known: white noise of a known rms, the same energy in sparse impulses, and
/// a slow swing.
@Suite("SampledVibration")
struct SampledVibrationTests {
    /// The full 8 s windows of 60 s of a 15 Hz accelerometer lying still, face up, with `deviation(t, i)` (g) added
    /// along gravity (so |a| = 1 − deviation).
    static func windows(_ deviation: (Double, Int) -> Double) -> [WindowFeatures] {
        var data = AccelerometerData()
        let rate = 15.0
        for i in 0..<Int(60 * rate) {
            let t = 1000 + Double(i) / rate
            data.append(timestamp: t, x: 0, y: 0, z: Float(-1 + deviation(t, i)))
        }
        let windowDuration = WorkoutAnalyzerConfiguration().windowDuration
        return recordedWindows(data).map(\.features).filter { $0.span == windowDuration }
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test("white vibration of 0.06 g rms a sample: vibration 0.06 g (repeated bins skipped), steadiness about 1")
    func whiteVibration() {
        var random = SimulationRandom(seed: 5)
        let windows = Self.windows { _, _ in 0.06 * random.gaussian() }
        #expect(windows.count >= 40)
        // Counting the 10 repeated bins of every 25 as samples would give about 0.06 × √(15/25)… or less.
        #expect(abs(Self.median(windows.map(\.vibration)) - 0.06) < 0.006)
        #expect(Self.median(windows.map(\.vibrationSteadiness)) >= 0.9)
        // Aliased white vibration is all of the binned |a| variation too.
        #expect(abs(Self.median(windows.map(\.deviation)) - 0.06) < 0.008)
    }

    @Test("vibration in sparse impulses (a tap about once a second: one sample in 16) is unsteady")
    func impulses() {
        var random = SimulationRandom(seed: 6)
        let windows = Self.windows { _, i in i % 16 == 3 ? 0.2 * random.gaussian() : 0.003 * random.gaussian() }
        #expect(Self.median(windows.map(\.vibration)) > 0.03)
        // Each impulse x gives second differences x, −2x, x among quiet ones: mean |d| / rms / √(2/π) ≈ 0.41.
        #expect(Self.median(windows.map(\.vibrationSteadiness)) < 0.5)
    }

    @Test("a slow 1 Hz swing of 0.2 g hardly counts as vibration at 15 Hz (second-difference gain 0.17)")
    func slowSwing() {
        var random = SimulationRandom(seed: 7)
        let windows = Self.windows { t, _ in 0.2 * sin(2 * Double.pi * t) + 0.003 * random.gaussian() }
        #expect(Self.median(windows.map(\.deviation)) > 0.13)
        // 0.2 g × 0.174 / √2 / √6 = 0.010 g, plus the noise's 0.003 g.
        #expect(Self.median(windows.map(\.vibration)) < 0.015)
    }
}
