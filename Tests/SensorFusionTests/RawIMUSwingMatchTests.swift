import Foundation
import MotionRecording
import SensorFusion
import SwingAnalysis
import SwingSimulation
import Testing

/// Swings found through fusion of a raw gyroscope (bias, drift, noise, saturation) match those found with the
/// simulator's true device motion: the same swings and an onset difference median ≤ 1 ms for every sport, clipped
/// accelerometers (8 g) included, and p95 ≤ 3 ms, over four sessions per sport (seeds 11–14, 40 swings; tennis 39), and golf over six more.
@Suite struct RawIMUSwingMatchTests {
    struct Match {
        var trueCount = 0
        var fusedCount = 0
        var matched = 0
        var onsetDifferences: [Double] = []  // |fused − true| start, s
    }

    /// Analyses `session` with its true device motion and through fusion of its raw accelerometer + gyroscope.
    static func compare(_ session: SimulatedSession, sport: Sport) throws -> Match {
        let configuration = SwingAnalyzerConfiguration.preset(for: sport)
        let truth = SwingAnalyzer.analyze(session.recording, configuration: configuration)
        let raw = RawGyroscopeModel().rawIMURecording(for: session)
        let fused = try raw.fusingDeviceMotion()
        let result = SwingAnalyzer.analyze(fused, configuration: configuration)
        var match = Match(trueCount: truth.swings.count, fusedCount: result.swings.count)
        var used = Set<Int>()
        for swing in truth.swings {
            // The same swing: the nearest fused swing start within 50 ms.
            let candidates = result.swings.indices.filter { !used.contains($0) }
            guard let best = candidates.min(by: { abs(result.swings[$0].start - swing.start) < abs(result.swings[$1].start - swing.start) }),
                abs(result.swings[best].start - swing.start) < 0.05
            else { continue }
            used.insert(best)
            match.matched += 1
            match.onsetDifferences.append(abs(result.swings[best].start - swing.start))
        }
        return match
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
    }

    @Test(arguments: [Sport.baseball, .softball, .golf, .tennis], [false, true])
    func fusedSwingsMatchTrueDeviceMotion(sport: Sport, clipped: Bool) throws {
        try Self.expectMatch(sport: sport, clipped: clipped, seeds: 11...14)
    }

    /// Golf over six more sessions (seeds 15–20): the sport whose slow downswings make the onset most sensitive to
    /// the fused rate's noise and residual bias, with a session whose first swing comes 5 s after the start.
    @Test func golfOverSixMoreSessions() throws {
        try Self.expectMatch(sport: .golf, clipped: false, seeds: 15...20)
    }

    /// Pools the swings of `seeds` and expects the issue's goal: the same swings, onset |Δ| median ≤ 1 ms, p95 ≤ 3 ms
    /// (measured over seeds 11–20, 100 swings per sport: p95 1.13–2.54 ms, medians 0.16–0.58 ms).
    static func expectMatch(sport: Sport, clipped: Bool, seeds: ClosedRange<UInt64>) throws {
        var total = Match()
        for seed in seeds {
            var configuration = SimulationConfiguration.preset(sport, seed: seed)
            if clipped { configuration.sensors.accelerometerRange = 8 }
            let session = SwingSimulator.simulate(configuration)
            if clipped {
                let x = session.recording.accelerometer!.x
                #expect(x.contains(8) || x.contains(-8), "the 8 g range clips")
            }
            let match = try compare(session, sport: sport)
            total.trueCount += match.trueCount
            total.fusedCount += match.fusedCount
            total.matched += match.matched
            total.onsetDifferences += match.onsetDifferences
        }
        let median = percentile(total.onsetDifferences, 0.5)
        let p95 = percentile(total.onsetDifferences, 0.95)
        print("raw-IMU swing match \(sport)\(clipped ? " clipped 8 g" : "") seeds \(seeds): true \(total.trueCount), fused \(total.fusedCount), matched \(total.matched), onset |Δ| median \(String(format: "%.3f", median * 1000)) ms, p95 \(String(format: "%.3f", p95 * 1000)) ms")
        #expect(total.trueCount > 0)
        #expect(total.matched == total.trueCount, "every swing found with the true device motion is found through fusion")
        #expect(total.fusedCount == total.trueCount, "no extra swings through fusion")
        #expect(median <= 0.001)
        #expect(p95 <= 0.003)
    }

    /// The fused gravity's tilt error does not move the onsets: the true device motion with only its gravity
    /// replaced by the fused gravity (true rotation rate) gives nearly the same onsets. What differs is the rate's
    /// white noise, which the onset's average over leading powers (HingeFit+ExponentAverage.swift) keeps from
    /// switching between nearly equal fits.
    @Test(arguments: [Sport.baseball, .softball, .golf, .tennis])
    func fusedGravityAloneKeepsTheOnsets(sport: Sport) throws {
        let session = SwingSimulator.simulate(SimulationConfiguration.preset(sport, seed: 11))
        let configuration = SwingAnalyzerConfiguration.preset(for: sport)
        let truth = SwingAnalyzer.analyze(session.recording, configuration: configuration)
        let fused = try RawGyroscopeModel().rawIMURecording(for: session).fusingDeviceMotion()
        var hybrid = session.recording
        let fusedMotion = try #require(fused.deviceMotion)
        try #require(fusedMotion.timestamps == hybrid.deviceMotion?.timestamps)
        hybrid.deviceMotion?.gravityX = fusedMotion.gravityX
        hybrid.deviceMotion?.gravityY = fusedMotion.gravityY
        hybrid.deviceMotion?.gravityZ = fusedMotion.gravityZ
        let result = SwingAnalyzer.analyze(hybrid, configuration: configuration)
        #expect(result.swings.count == truth.swings.count)
        let differences = zip(truth.swings, result.swings).map { abs($0.start - $1.start) }
        let largest = differences.max() ?? 0
        print("fused gravity, true rate \(sport): \(differences.count) swings, largest onset |Δ| \(String(format: "%.3f", largest * 1000)) ms")
        #expect(!differences.isEmpty)
        #expect(largest <= 0.001)
    }
}
