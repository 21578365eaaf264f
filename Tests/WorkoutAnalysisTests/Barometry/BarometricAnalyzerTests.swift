import MotionRecording
import SwingSimulation
import Testing
import WorkoutSimulation
import _TestSupport

@testable import WorkoutAnalysis

/// The pressure stream of `legs` (seeded), analysed without motion segments, and its truth.
func barometry(
    _ legs: [VerticalLeg], seed: UInt64 = 1, drift: Double? = nil, noise: Double? = nil, spikesPerHour: Double = 20,
    segments: [ActivitySegment] = [], configuration: BarometryConfiguration = BarometryConfiguration()
) -> (summary: BarometrySummary, truth: PressureTruth, pressure: PressureData) {
    let simulated = PressureSimulator.simulate(
        PressureSimulationConfiguration(
            seed: seed, legs: legs, weatherDrift: drift, noise: noise, spikesPerHour: spikesPerHour))
    var analyzer = BarometricAnalyzer(configuration: configuration)
    var output = BarometryOutput()
    analyzer.feed(pressure: simulated.pressure, into: &output)
    analyzer.finish(into: &output)
    let summary = ElevationProfile.summarize(
        output, segments: segments, floorsNeedGait: !segments.isEmpty, configuration: configuration)
    return (summary, simulated.truth, simulated.pressure)
}

@Suite struct BarometricAnalyzerTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func anyBatchSplitGivesTheSameOutput(seed: UInt64) {
        let simulated = PressureSimulator.simulate(
            PressureSimulationConfiguration(
                seed: seed,
                legs: [.level(60), .stairs(3), .level(30), .dive(depth: 4, bottomTime: 20), .level(40), .stairs(-3)],
                sampleRate: 5, spikesPerHour: 200))
        let pressure = simulated.pressure
        var whole = BarometryOutput()
        var analyzer = BarometricAnalyzer()
        analyzer.feed(pressure: pressure, into: &whole)
        analyzer.finish(into: &whole)
        var random = SplitMix64(seed: seed)
        var split = BarometryOutput()
        var streaming = BarometricAnalyzer()
        var i = 0
        while i < pressure.count {
            let n = Int(random.next() % 23)
            streaming.feed(pressure: pressure, range: i..<min(pressure.count, i + n), into: &split)
            i += n
        }
        streaming.finish(into: &split)
        #expect(split == whole)
        #expect(whole.submersions.count == 1)
    }

    @Test func doorSlamsAndGustsAreRemoved() {
        // A still hour with 60 spikes (up to 300 Pa, 25 m of air) and no drift or noise: the track stays flat.
        let simulated = PressureSimulator.simulate(
            PressureSimulationConfiguration(seed: 7, legs: [.level(3600)], weatherDrift: 0, noise: 0, spikesPerHour: 60))
        var output = BarometryOutput()
        var analyzer = BarometricAnalyzer()
        analyzer.feed(pressure: simulated.pressure, into: &output)
        analyzer.finish(into: &output)
        // The first and last 3 s have a shorter median window (3 s at the very end).
        let values = output.track.kilopascals.dropFirst(3).dropLast(3).filter(\.isFinite)
        let spread = values.max()! - values.min()!
        let worst = output.track.kilopascals.firstIndex(of: values.max()!)!
        #expect(spread <= 0.0015, "spread \(spread * 1000) Pa at second \(worst)")
    }

    @Test func badSamplesAreSkipped() {
        let data = PressureData(
            timestamps: [0, 0.5, 1, 1.5, 2, 3, .nan], pressureKilopascals: [100, .nan, 100, -1, 100, .infinity, 100])
        var output = BarometryOutput()
        var analyzer = BarometricAnalyzer()
        analyzer.feed(pressure: data, into: &output)
        analyzer.finish(into: &output)
        #expect(output.track.firstSecond == 0)
        #expect(output.track.kilopascals == [100, 100, 100])
    }
}
