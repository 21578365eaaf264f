import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

/// The simulated headphone stream: its sampling, the head's truth per sport, and what each option changes.
@Suite struct HeadphoneSimulatorTests {
    static func session(_ sport: Sport, seed: UInt64 = 5, _ adjust: (inout HeadphoneModel) -> Void = { _ in })
        -> SimulatedSession
    {
        var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: smallMix)
        var model = HeadphoneModel.preset(for: sport)
        adjust(&model)
        configuration.headphones = model
        return SwingSimulator.simulate(configuration)
    }

    @Test func noHeadphoneStreamUnlessConfigured() {
        let plain = SwingSimulator.simulate(.golf(seed: 5, mix: smallMix))
        #expect(plain.recording.headphoneMotion == nil)
        #expect(plain.truth.swings.allSatisfy { $0.headRotation == nil && $0.headPeakRate == nil })
    }

    @Test func addingTheStreamLeavesTheWatchStreamsAlone() {
        let plain = SwingSimulator.simulate(.golf(seed: 5, mix: smallMix))
        let withHead = Self.session(.golf)
        #expect(withHead.recording.accelerometer == plain.recording.accelerometer)
        #expect(withHead.recording.deviceMotion == plain.recording.deviceMotion)
        #expect(withHead.truth.swings.map(\.start) == plain.truth.swings.map(\.start))
    }

    @Test func samplesAt25HertzOnTheRecordingClockWithUnitAttitudes() throws {
        let session = Self.session(.tennis)
        let head = try #require(session.recording.headphoneMotion)
        #expect(head.sensorLocation.count == head.count)
        #expect(head.motion.components == .full)
        let times = head.timestamps
        #expect(zip(times.dropFirst(), times).allSatisfy { $0 > $1 })
        let spacings = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        #expect(abs(spacings[spacings.count / 2] - 0.04) < 0.001)
        // About 1 % of the samples dropped: the recording's span at 25 Hz, less a little.
        let expected = (session.truth.recordingEnd - session.truth.recordingStart) * 25
        #expect(Double(head.count) > 0.97 * expected && Double(head.count) < expected + 1)
        #expect(times[0] >= session.truth.recordingStart - 0.003 && times.last! <= session.truth.recordingEnd)
        for k in 0..<head.count {
            let m = head.motion
            let norm = (m.attitudeW[k] * m.attitudeW[k] + m.attitudeX[k] * m.attitudeX[k]
                + m.attitudeY[k] * m.attitudeY[k] + m.attitudeZ[k] * m.attitudeZ[k]).squareRoot()
            #expect(abs(norm - 1) < 1e-5)
        }
        #expect(Set(head.sensorLocation) == [.left])
    }

    /// The sports' heads as the model describes them: golf still through the downswing, baseball turning.
    @Test func truthPerSport() throws {
        for swing in Self.session(.golf).truth.swings where swing.impact != nil {
            #expect(try #require(swing.headRotation) < 3.5)
        }
        for swing in Self.session(.baseball).truth.swings where swing.impact != nil {
            #expect(try #require(swing.headRotation) > 5)
            #expect(try #require(swing.headPeakRate) > 20)
        }
        for swing in Self.session(.tennis).truth.swings where swing.impact != nil {
            // Settled 0.1 s before contact: only the wander remains in the last 0.1 s.
            #expect(try #require(swing.headRotationBeforeImpact) < 0.5)
        }
        #expect(Self.session(.golf).truth.swings.allSatisfy { ($0.impact == nil) == ($0.headRotation == nil) })
    }

    @Test func sameSeedSameStream() {
        #expect(Self.session(.softball).recording.headphoneMotion == Self.session(.softball).recording.headphoneMotion)
        #expect(
            Self.session(.softball, seed: 6).recording.headphoneMotion
                != Self.session(.softball).recording.headphoneMotion)
    }

    @Test func budSwitchesAlternateTheLocation() throws {
        let session = Self.session(.baseball) { $0.budSwitchProbability = 1 }
        let locations = try #require(session.recording.headphoneMotion).sensorLocation
        let switches = zip(locations.dropFirst(), locations).filter { $0 != $1 }.count
        #expect(switches == session.truth.swings.count)
    }

    @Test func signFlipsNegateTheQuaternionOnly() throws {
        let plain = try #require(Self.session(.tennis).recording.headphoneMotion)
        let flipped = try #require(Self.session(.tennis) { $0.signFlipProbability = 0.5 }.recording.headphoneMotion)
        #expect(plain.timestamps == flipped.timestamps)
        #expect(plain.motion.rotationRateX == flipped.motion.rotationRateX)
        let negated = (0..<plain.count).filter { flipped.motion.attitudeW[$0] == -plain.motion.attitudeW[$0] }
        #expect(negated.count > plain.count / 3 && negated.count < 2 * plain.count / 3)
        for k in negated { #expect(flipped.motion.attitudeZ[k] == -plain.motion.attitudeZ[k]) }
    }

    @Test func dropoutsLeaveAHoleInEverySwing() throws {
        let session = Self.session(.golf) { $0.swingDropoutProbability = 1 }
        let times = try #require(session.recording.headphoneMotion).timestamps
        for swing in session.truth.swings {
            let end = swing.impact ?? swing.start + 0.2
            var largest = 0.0
            for k in 1..<times.count where times[k] > swing.start - 0.2 && times[k - 1] < end + 0.2 {
                largest = max(largest, times[k] - times[k - 1])
            }
            #expect(largest > 0.25)
        }
    }

    @Test func configurationRoundTripsThroughJSON() throws {
        var configuration = SimulationConfiguration.preset(.tennis, seed: 2)
        configuration.headphones = .preset(for: .tennis)
        configuration.headphones?.budSwitchProbability = 0.25
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: data) == configuration)
        // A configuration without headphones writes no key (truth files of earlier versions are unchanged).
        let plain = try JSONEncoder().encode(SimulationConfiguration.preset(.tennis, seed: 2))
        #expect(!String(decoding: plain, as: UTF8.self).contains("headphones"))
    }
}
