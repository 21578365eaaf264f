import Foundation
import Testing

@testable import SwingSimulation

@Suite struct SimulationConfigurationTests {
    @Test(arguments: SimulationConfiguration.Sport.allCases)
    func presetsRoundTripThroughJSON(sport: SimulationConfiguration.Sport) throws {
        let configuration = SimulationConfiguration.preset(sport, seed: 42)
        #expect(configuration.sport == sport)
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: data) == configuration)
    }

    @Test(arguments: SimulationConfiguration.Sport.allCases)
    func presetsSimulateWithinTheirRanges(sport: SimulationConfiguration.Sport) {
        let configuration = SimulationConfiguration.preset(sport, seed: 3, mix: smallMix)
        let truth = SwingSimulator.simulate(configuration).truth
        #expect(truth.sport == sport)
        for swing in truth.swings {
            if let ttc = swing.timeToContact { #expect(configuration.kinematics.timeToContact.contains(ttc)) }
            #expect(configuration.kinematics.peakRate.contains(swing.peakSwingAxisRate))
            if swing.kind == .hit { #expect(configuration.impacts.hitPeak.contains(swing.impactPeak!)) }
            if swing.kind == .foulTip { #expect(configuration.impacts.foulTipPeak.contains(swing.impactPeak!)) }
        }
    }

    @Test func handednessFollowsTheLeadWristUnlessSet() {
        var c = SimulationConfiguration.baseball(seed: 1)
        #expect(c.effectiveHandedness == .right)
        c.wrist = .right
        #expect(c.effectiveHandedness == .left)
        c.handedness = .right
        #expect(c.effectiveHandedness == .right)
    }

    @Test func durationSpreadsTheEventsAndTooShortIsRefused() {
        var c = SimulationConfiguration.baseball(seed: 1, mix: smallMix)
        c.duration = 120
        let session = SwingSimulator.simulate(c)
        #expect(abs(session.recording.duration - 120) < 0.01)
        #expect(session.truth.swings.last!.end > 80)
    }

    @Test func proportionalMixHasTheRequestedSwingCount() {
        for n in [1, 10, 37, 300] {
            #expect(EventMix.proportional(swings: n).swingCount == n)
        }
    }
}

@Suite struct SimulationConfigurationDecodingTests {
    @Test func partialFilesOverlayThePreset() throws {
        let json = """
            {"sport": "golf", "seed": 3, "wrist": "right", "mix": {"hits": 10},
             "sensors": {"accelerometerRange": 16, "accelerometerNoise": 0.02}}
            """
        let c = try JSONDecoder().decode(SimulationConfiguration.self, from: Data(json.utf8))
        var expected = SimulationConfiguration.golf(
            seed: 3, mix: EventMix(hits: 10, foulTips: 0, misses: 0, practiceSwings: 0, clapBursts: 0, tapBursts: 0,
                walkingBouts: 0, armRaises: 0))
        expected.wrist = .right
        expected.sensors.accelerometerRange = 16
        expected.sensors.accelerometerNoise = 0.02
        #expect(c == expected)
    }

    @Test func nullRangeMeansUnclippedAndMissingSportIsAnError() throws {
        let c = try JSONDecoder().decode(
            SimulationConfiguration.self,
            from: Data(#"{"sport": "tennis", "sensors": {"gyroscopeRange": null}}"#.utf8))
        #expect(c.sensors.gyroscopeRange == nil)
        #expect(c.seed == 1)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(SimulationConfiguration.self, from: Data(#"{"seed": 2}"#.utf8))
        }
    }
}

@Suite struct VariedConfigurationTests {
    @Test func variesTheWatchWithinItsRangesAndIsDeterministic() {
        let configurations = (1...40).map { SimulationConfiguration.varied(.baseball, seed: UInt64($0), swings: 20) }
        let again = (1...40).map { SimulationConfiguration.varied(.baseball, seed: UInt64($0), swings: 20) }
        #expect(configurations == again)
        #expect(Set(configurations.map(\.wrist)).count == 2)
        #expect(Set(configurations.map(\.crownSide)).count == 2)
        #expect(Set(configurations.map { $0.sensors.accelerometerRange }) == [nil, 16, 32, 64])
        for c in configurations {
            #expect(c.mix.swingCount == 20)
            #expect((0.002...0.02).contains(c.sensors.accelerometerNoise))
            #expect((798...803).contains(c.sensors.accelerometerRate))
            #expect(abs(c.sensors.deviceMotionRate * 4 - c.sensors.accelerometerRate) < 1e-9)
        }
    }
}
