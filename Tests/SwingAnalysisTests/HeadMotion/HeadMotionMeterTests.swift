import MotionRecording
import SwingSimulation
import Testing

@testable import SwingAnalysis

/// ``HeadMotionMeter`` against the simulator's head-motion truth (25 Hz headphones, noise, 1 % dropped samples),
/// at the true swing times so that only the head measure is judged.
@Suite struct HeadMotionMeterTests {
    /// A session of `sport` with the sport's headphone preset, adjusted by `adjust`; 12 swings.
    static func session(
        _ sport: Sport, seed: UInt64, _ adjust: (inout HeadphoneModel) -> Void = { _ in }
    ) -> SimulatedSession {
        var configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 12))
        var model = HeadphoneModel.preset(for: sport)
        adjust(&model)
        configuration.headphones = model
        return SimulatedSession(configuration: configuration)
    }

    /// The true swings as `Swing` values (start and impact from the truth), measured from `headphones`.
    static func measured(
        _ session: SimulatedSession, headphones: HeadphoneMotionData? = nil,
        configuration: HeadMotionConfiguration = .init()
    ) -> (swings: [Swing], findings: [HygieneFinding]) {
        var swings = session.truth.swings.map {
            Swing(
                start: $0.start, impact: $0.impact, timeToContact: $0.timeToContact, contact: $0.contact,
                peakRotationRate: $0.peakRotationRate)
        }
        let findings = HeadMotionMeter.measure(
            &swings, headphones: headphones ?? session.recording.headphoneMotion!, configuration: configuration)
        return (swings, findings)
    }

    /// Largest spacing between headphone samples from `start` to `end` (the samples around them included), s.
    static func largestSpacing(_ times: [Double], from start: Double, to end: Double) -> Double {
        var largest = 0.0
        for k in 1..<times.count where times[k] >= start && times[k - 1] <= end {
            largest = max(largest, times[k] - times[k - 1])
        }
        return largest
    }

    @Test(arguments: Sport.allCases)
    func measuresWithinOneDegreeOfTheTruth(sport: Sport) throws {
        var measuredCount = 0
        for seed: UInt64 in 1...3 {
            let session = Self.session(sport, seed: seed)
            let (swings, findings) = Self.measured(session)
            let times = session.recording.headphoneMotion!.timestamps
            for (swing, truth) in zip(swings, session.truth.swings) {
                guard let impact = truth.impact else {
                    #expect(swing.headRotation == nil && swing.headStill == nil)
                    continue
                }
                guard let rotation = swing.headRotation else {
                    // Unknown only where two or more samples in a row were dropped, and then reported.
                    #expect(Self.largestSpacing(times, from: truth.start, to: impact) > 0.1)
                    #expect(findings.contains { $0.message.contains(String(format: "%.3f", truth.start)) })
                    continue
                }
                measuredCount += 1
                let label = "\(sport) seed \(seed) swing at \(truth.start)"
                #expect(abs(rotation - truth.headRotation!) <= 1, "\(label)")
                #expect(abs(swing.headRotationBeforeImpact! - truth.headRotationBeforeImpact!) <= 1, "\(label)")
                // At 25 Hz the peak rate is sampled: within 12°/s + 15 % of the continuous peak.
                let truePeak = truth.headPeakRate!
                #expect(abs(swing.headPeakRate! - truePeak) <= 12 + 0.15 * truePeak, "\(label)")
                if abs(truth.headRotation! - 5) > 1 { #expect(swing.headStill == (truth.headRotation! <= 5), "\(label)") }
            }
        }
        #expect(measuredCount >= 3 * 8)
    }

    /// The verdicts the sports' heads call for: golf's still, the batters' moving.
    @Test func stillHeadInGolfMovingHeadInBaseball() {
        let golf = Self.measured(Self.session(.golf, seed: 4)).swings.compactMap(\.headStill)
        #expect(golf.count >= 8 && golf.allSatisfy { $0 })
        let baseball = Self.measured(Self.session(.baseball, seed: 4)).swings.compactMap(\.headStill)
        #expect(baseball.count >= 8 && baseball.allSatisfy { !$0 })
    }

    /// A switch of bud restarts the reported attitude's reference (10–40° of yaw): comparing attitudes across it
    /// would be off by that much; the chained rotation is not.
    @Test func switchOfBudIsBridgedByTheRotationRate() throws {
        let session = Self.session(.baseball, seed: 5) { $0.budSwitchProbability = 1 }
        let (swings, findings) = Self.measured(session)
        let headphones = try #require(session.recording.headphoneMotion)
        var bridged = 0
        var naiveWrong = 0
        for (swing, truth) in zip(swings, session.truth.swings) where truth.impact != nil {
            guard let rotation = swing.headRotation else { continue }
            bridged += 1
            #expect(abs(rotation - truth.headRotation!) <= 1, "swing at \(truth.start)")
            // The same swing measured as if every sample came from one bud.
            var single = headphones
            single.sensorLocation = []
            var alone = [swing]
            _ = HeadMotionMeter.measure(&alone, headphones: single)
            if let naive = alone[0].headRotation, abs(naive - truth.headRotation!) > 5 { naiveWrong += 1 }
        }
        #expect(bridged >= 8)
        #expect(naiveWrong >= bridged / 2)
        #expect(findings.filter { $0.message.contains("bridged by the rotation rate") }.count >= bridged)
        #expect(findings.allSatisfy { $0.kind == "head-motion" && $0.file == "headphoneMotion" })
    }

    @Test func switchOfBudWithoutRotationRateIsUnknownAndReported() throws {
        let session = Self.session(.tennis, seed: 6) { $0.budSwitchProbability = 1 }
        var headphones = try #require(session.recording.headphoneMotion)
        headphones.motion.rotationRateX = []
        headphones.motion.rotationRateY = []
        headphones.motion.rotationRateZ = []
        let (swings, findings) = Self.measured(session, headphones: headphones)
        let withImpact = session.truth.swings.filter { $0.impact != nil }.count
        #expect(swings.allSatisfy { $0.headRotation == nil && $0.headPeakRate == nil && $0.headStill == nil })
        #expect(findings.filter { $0.message.contains("no rotation rate to bridge it") }.count
            + findings.filter { $0.message.contains("no headphone sample") }.count == withImpact)
    }

    /// q and −q are one rotation: a stream with half its quaternions negated gives bit-identical measures.
    @Test func signFlipsChangeNothing() {
        let plain = Self.measured(Self.session(.tennis, seed: 7))
        let flipped = Self.measured(Self.session(.tennis, seed: 7) { $0.signFlipProbability = 0.5 })
        #expect(flipped.swings == plain.swings)
        #expect(flipped.findings == plain.findings)
        #expect(plain.swings.contains { $0.headRotation != nil })
    }

    /// Without rotation rate the attitude is interpolated by slerp alone: still within 1° for a still (golf) or
    /// slowly turning (tennis) head.
    @Test(arguments: [Sport.golf, .tennis])
    func attitudeAloneBySlerp(sport: Sport) throws {
        let session = Self.session(sport, seed: 8)
        var headphones = try #require(session.recording.headphoneMotion)
        headphones.motion.rotationRateX = []
        headphones.motion.rotationRateY = []
        headphones.motion.rotationRateZ = []
        let (swings, _) = Self.measured(session, headphones: headphones)
        var measured = 0
        for (swing, truth) in zip(swings, session.truth.swings) {
            guard let rotation = swing.headRotation else { continue }
            measured += 1
            #expect(abs(rotation - truth.headRotation!) <= 1, "swing at \(truth.start)")
            #expect(swing.headPeakRate == nil)
        }
        #expect(measured >= 6)
    }

    @Test func dropoutInTheWindowIsUnknownAndReported() {
        let session = Self.session(.golf, seed: 9) { $0.swingDropoutProbability = 1 }
        let (swings, findings) = Self.measured(session)
        let withImpact = session.truth.swings.filter { $0.impact != nil }
        #expect(swings.allSatisfy { $0.headRotation == nil && $0.headRotationBeforeImpact == nil })
        #expect(findings.count == withImpact.count)
        #expect(findings.allSatisfy { $0.message.contains("no headphone sample for") })
    }

    @Test func streamThatDoesNotCoverTheSwingIsUnknownAndReported() throws {
        let session = Self.session(.golf, seed: 10)
        let headphones = try #require(session.recording.headphoneMotion)
        let firstImpact = try #require(session.truth.swings.compactMap(\.impact).first)
        let later = headphones.timestamps.firstIndex { $0 > firstImpact }!
        let cut = HeadphoneMotionData(
            motion: headphones.motion[later..<headphones.count],
            sensorLocation: Array(headphones.sensorLocation[later...]))
        let (swings, findings) = Self.measured(session, headphones: cut)
        let first = try #require(session.truth.swings.firstIndex { $0.impact != nil })
        #expect(swings[first].headRotation == nil)
        #expect(findings.first?.message.contains("does not cover start to impact") == true)
        #expect(swings.contains { $0.headRotation != nil })
    }

    @Test func streamWithoutAttitudeIsReportedOnce() throws {
        let session = Self.session(.golf, seed: 11)
        var headphones = try #require(session.recording.headphoneMotion)
        headphones.motion.attitudeW = []
        headphones.motion.attitudeX = []
        headphones.motion.attitudeY = []
        headphones.motion.attitudeZ = []
        let (swings, findings) = Self.measured(session, headphones: headphones)
        #expect(swings.allSatisfy { $0.headRotation == nil })
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("has no attitude") == true)
    }

    @Test func missesAndImpactOnlySwingsAreLeftAloneSilently() throws {
        let session = Self.session(.golf, seed: 12)
        var swings = [
            Swing(start: session.truth.swings[0].start, impact: nil, timeToContact: nil, contact: false,
                peakRotationRate: 5),
            Swing(start: session.truth.swings[0].start, impact: session.truth.swings[0].start, timeToContact: nil,
                contact: true, peakRotationRate: 0),
        ]
        let findings = HeadMotionMeter.measure(&swings, headphones: session.recording.headphoneMotion!)
        #expect(findings.isEmpty)
        #expect(swings.allSatisfy { $0.headRotation == nil && $0.headStill == nil })
    }
}
