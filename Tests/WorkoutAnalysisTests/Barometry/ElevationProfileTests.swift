import MotionRecording
import Testing
import WorkoutSimulation

@testable import WorkoutAnalysis

@Suite struct ElevationProfileTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func stairClimbsCountExactFloors(seed: UInt64) {
        let legs: [VerticalLeg] = [.level(60), .stairs(4), .level(90), .stairs(-2), .level(60), .stairs(6, rate: 0.4), .level(60)]
        let (summary, truth, _) = barometry(legs, seed: seed)
        #expect(summary.floorsAscended == truth.floorsAscended)  // 10
        #expect(summary.floorsDescended == truth.floorsDescended)  // 2
        // 32 m up, 6.4 m down: within 3 % (noise at the turning points, the smoothing's corners).
        #expect(abs(summary.elevationGain - truth.elevationGain) < 0.03 * truth.elevationGain, "\(summary.elevationGain)")
        #expect(abs(summary.elevationLoss - truth.elevationLoss) < 0.05 * truth.elevationLoss + 0.2, "\(summary.elevationLoss)")
        #expect(summary.maxDepth == nil && summary.submersions.isEmpty)
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSlowHillIsClimbNotWeather(seed: UInt64) {
        // 40 m up at 0.025 m/s (a gentle hill walk), 40 m down at 0.05 m/s, in weather falling 0.1 kPa/h.
        let legs: [VerticalLeg] = [.level(120), .hill(rise: 40, rate: 0.025), .level(60), .hill(rise: -40, rate: 0.05), .level(120)]
        let (summary, truth, _) = barometry(legs, seed: seed, drift: -0.1)
        #expect(abs(summary.elevationGain - truth.elevationGain) < 0.05 * truth.elevationGain, "\(summary.elevationGain)")
        #expect(abs(summary.elevationLoss - truth.elevationLoss) < 0.05 * truth.elevationLoss, "\(summary.elevationLoss)")
    }

    /// Weather at the brief's ±0.1 kPa/h (a fast front of 0.3 kPa/h leaks a few metres an hour: docs, Limits).
    @Test(arguments: [0.1, -0.1] as [Double])
    func aStillHourOfWeatherDriftClimbsNothing(drift: Double) {
        let (summary, _, _) = barometry([.level(3600)], seed: 5, drift: drift, noise: 3)
        #expect(summary.floorsAscended == 0 && summary.floorsDescended == 0)
        #expect(summary.elevationGain == 0 && summary.elevationLoss == 0)
        // The drift itself was seen and put down to weather: 0.1 kPa/h ≈ 8.3 m.
        #expect(abs(abs(summary.weatherDrift) - abs(drift) * 83) < abs(drift) * 83 * 0.15, "\(summary.weatherDrift)")
        #expect(summary.submersions.isEmpty)
    }

    @Test func floorsCountOnlyWhileWalking() {
        // Two 4-floor climbs: the first walked, the second in a lift (stationary, 2 m/s): both are elevation, only
        // the walked one counts floors.
        let legs: [VerticalLeg] = [.level(60), .stairs(4), .level(60), .hill(rise: 12.8, rate: 2), .level(60)]
        let walkEnd = 1000 + 60 + 12.8 / 0.25 + 30
        let segments = [
            ActivitySegment(start: 1000, end: walkEnd, activity: .walking, confidence: 1),
            ActivitySegment(start: walkEnd, end: 1000 + 400, activity: .stationary, confidence: 1),
        ]
        let (summary, _, _) = barometry(legs, seed: 3, segments: segments)
        #expect(summary.floorsAscended == 4)
        #expect(summary.segments.map(\.floorsAscended) == [4, 0])
        #expect(abs(summary.elevationGain - 25.6) < 0.8, "\(summary.elevationGain)")
        #expect(abs(summary.segments[1].elevationGain - 12.8) < 0.5, "\(summary.segments[1].elevationGain)")
    }

    @Test(arguments: [(WaterDensity.fresh, 997.0), (.sea, 1025.0)])
    func diveDepthWithinFiveCentimetres(water: WaterDensity, density: Double) {
        var configuration = BarometryConfiguration()
        configuration.waterDensity = water
        let simulated = PressureSimulator.simulate(
            PressureSimulationConfiguration(
                seed: 9,
                legs: [.level(120), .stairs(2), .level(30), .dive(depth: 4.2, bottomTime: 15), .level(60),
                    .dive(depth: 1.5, bottomTime: 5, descentRate: 0.3), .level(60), .stairs(-2), .level(30)],
                waterDensity: density))
        var output = BarometryOutput()
        var analyzer = BarometricAnalyzer(configuration: configuration)
        analyzer.feed(pressure: simulated.pressure, into: &output)
        analyzer.finish(into: &output)
        let summary = ElevationProfile.summarize(
            output, segments: [], floorsNeedGait: false, configuration: configuration)
        #expect(summary.submersions.count == 2)
        let maxDepth = try? #require(summary.maxDepth)
        #expect(abs((maxDepth ?? 0) - 4.2) < 0.05, "\(String(describing: maxDepth))")
        #expect(summary.submersions.map(\.deepestZone) == [.submergedDeep, .submergedDeep])
        for (dive, truth) in zip(summary.submersions, simulated.truth.dives) {
            #expect(abs(dive.maxDepth - truth.maxDepth) < 0.05)
            #expect(abs(dive.start - truth.start) < 4 && abs(dive.end - truth.end) < 6, "\(dive) vs \(truth)")
        }
        // The dives do not read as 300 m of climbing: the stairs around them still count 2 floors each way.
        #expect(summary.floorsAscended == 2 && summary.floorsDescended == 2)
        #expect(summary.elevationGain < 7.5)
    }
}
