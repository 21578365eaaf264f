import Foundation
import Testing
import _TestSupport

@testable import WorkoutAnalysis

@Suite("LocalStridePeriodicity")
struct LocalStridePeriodicityTests {
    /// `y` as the analyzer hands it over.
    static func correlation(_ y: [Double], start: Int, stride: Int, minimumDeviation: Double = 0.02) -> Double {
        y.withUnsafeBufferPointer {
            LocalStridePeriodicity.correlation($0, start: start, length: 25, stride: stride, minimumDeviation: minimumDeviation)
        }
    }

    @Test("a second of a periodic signal matches the stride either side: Pearson 1")
    func periodic() {
        // A 1 s stride (25 bins) with two unequal steps (the watch sees left and right differently), 0.1–0.2 g.
        let y = (0..<200).map { i in
            let t = Double(i) / 25
            return 1 + 0.2 * sin(2 * Double.pi * t) + 0.1 * sin(4 * Double.pi * t + 0.4)
        }
        #expect(abs(Self.correlation(y, start: 100, stride: 25) - 1) < 1e-12)
        // Only one side inside the window (the window's first and last second): that side decides.
        #expect(abs(Self.correlation(y, start: 0, stride: 25) - 1) < 1e-12)
        #expect(abs(Self.correlation(y, start: 175, stride: 25) - 1) < 1e-12)
        // A lag of half the stride puts the larger 1 Hz part in anti-phase: no positive correlation, 0.
        #expect(Self.correlation(y, start: 100, stride: 12) == 0)
    }

    @Test("the first second of rest after gait shows no gait; the last second of gait does")
    func boundary() {
        var random = SplitMix64(seed: 3)
        // Gait for 4 s, then a wrist at rest: sensor noise of 0.01 g rms around 1 g.
        let y = (0..<200).map { i in
            i < 100
                ? 1 + 0.2 * sin(2 * Double.pi * Double(i) / 25) : 1 + 0.01 * Double.random(in: -1.7...1.7, using: &random)
        }
        #expect(Self.correlation(y, start: 75, stride: 25) > 0.99)
        // Noise quieter than the 0.02 g minimum counts nothing, whatever it correlates with by chance.
        #expect(Self.correlation(y, start: 100, stride: 25) == 0)
        #expect(Self.correlation(y, start: 125, stride: 25) == 0)
        // Louder random motion next to gait (sd 0.1 g, white): far below the 0.6 that gait needs.
        let loud = (0..<200).map { i in
            i < 100
                ? 1 + 0.2 * sin(2 * Double.pi * Double(i) / 25) : 1 + 0.1 * Double.random(in: -1.7...1.7, using: &random)
        }
        #expect(Self.correlation(loud, start: 100, stride: 25) < 0.6)
        #expect(Self.correlation(loud, start: 150, stride: 25) < 0.6)
    }

    @Test("no side inside the window, or no stride: 0")
    func outside() {
        let y = (0..<40).map { sin(Double($0)) }
        #expect(Self.correlation(y, start: 10, stride: 25) == 0)
        #expect(Self.correlation(y, start: 10, stride: 0) == 0)
    }
}
