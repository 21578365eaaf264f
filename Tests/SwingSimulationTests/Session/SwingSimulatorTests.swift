import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

/// A small mix (fast in debug builds) with every kind of event.
let smallMix = EventMix(
    hits: 3, foulTips: 1, misses: 1, practiceSwings: 1, clapBursts: 1, tapBursts: 1, walkingBouts: 1, armRaises: 1)

@Suite struct SwingSimulatorTests {
    static let session = SwingSimulator.simulate(.baseball(seed: 7, mix: smallMix))
    /// Noise-free, unclipped, jitter-free sensors: the model's relations hold exactly (up to Float storage).
    static let ideal: SimulatedSession = {
        var c = SimulationConfiguration.baseball(seed: 11, mix: smallMix)
        c.sensors = .ideal
        return SwingSimulator.simulate(c)
    }()

    @Test func sameSeedSameRecording() {
        let again = SwingSimulator.simulate(.baseball(seed: 7, mix: smallMix))
        #expect(again.recording.accelerometer == Self.session.recording.accelerometer)
        #expect(again.recording.deviceMotion == Self.session.recording.deviceMotion)
        #expect(again.recording.accelerometerBatchEnds == Self.session.recording.accelerometerBatchEnds)
        #expect(again.truth == Self.session.truth)
        let other = SwingSimulator.simulate(.baseball(seed: 8, mix: smallMix))
        #expect(other.recording.accelerometer != Self.session.recording.accelerometer)
    }

    @Test func truthListsTheConfiguredMixInsideTheRecording() throws {
        let truth = Self.session.truth
        #expect(truth.swings.filter { $0.kind == .hit }.count == smallMix.hits)
        #expect(truth.swings.filter { $0.kind == .foulTip }.count == smallMix.foulTips)
        #expect(truth.swings.filter { $0.kind == .miss }.count == smallMix.misses)
        #expect(truth.swings.filter { $0.kind == .practice }.count == smallMix.practiceSwings)
        #expect(truth.distractors.filter { $0.kind == .walking }.count == 1)
        #expect(truth.distractors.filter { $0.kind == .armRaise }.count == 1)
        #expect((1...4).contains(truth.distractors.filter { $0.kind == .clap }.count))
        #expect((1...3).contains(truth.distractors.filter { $0.kind == .tap }.count))
        let accelerometer = try #require(Self.session.recording.accelerometer)
        let first = try #require(accelerometer.timestamps.first)
        let last = try #require(accelerometer.timestamps.last)
        for swing in truth.swings {
            #expect(swing.start > first + 0.5 && swing.end < last - 0.5)
            if let ttc = swing.timeToContact { #expect((0.12...0.25).contains(ttc)) }
            #expect(swing.contact == (swing.impact != nil))
            #expect((4...30).contains(swing.peakRotationRate))
            #expect(swing.peakTime > swing.start && swing.peakTime < swing.end)
        }
        for distractor in truth.distractors { #expect(distractor.time > first && distractor.end < last) }
        let starts = truth.swings.map(\.start)
        #expect(starts == starts.sorted())
        #expect(Self.session.recording.metadata.sourceFormat == "simulated")
        #expect(Self.session.recording.metadata.sport == "baseball")
    }

    @Test func gravityIsUnitAndAttitudeMapsItDown() throws {
        let motion = try #require(Self.session.recording.deviceMotion)
        #expect(motion.components == .full)
        var worstNorm = 0.0
        var worstDown = 0.0
        for i in 0..<motion.count {
            let g = Vector3(Double(motion.gravityX[i]), Double(motion.gravityY[i]), Double(motion.gravityZ[i]))
            worstNorm = max(worstNorm, abs(g.length - 1))
            let q = Quaternion(
                w: Double(motion.attitudeW[i]), x: Double(motion.attitudeX[i]), y: Double(motion.attitudeY[i]),
                z: Double(motion.attitudeZ[i]))
            worstDown = max(worstDown, (q.rotate(g) - Vector3(0, 0, -1)).length)
        }
        #expect(worstNorm < 1e-5)
        #expect(worstDown < 1e-5)
    }

    /// With ideal sensors the 800 Hz accelerometer equals gravity + userAcceleration of the 200 Hz stream
    /// (interpolated to its times) everywhere except during contact transients.
    @Test func accelerometerIsGravityPlusUserAcceleration() throws {
        let accelerometer = try #require(Self.ideal.recording.accelerometer)
        let motion = try #require(Self.ideal.recording.deviceMotion)
        let transientTimes = Self.ideal.truth.swings.compactMap(\.impact) + Self.ideal.truth.distractors
            .filter { $0.kind == .clap || $0.kind == .tap }.map(\.time)
        var differences: [Double] = []
        var j = 0
        for i in 0..<motion.count {
            let t = motion.timestamps[i]
            if transientTimes.contains(where: { t > $0 - 0.01 && t < $0 + 0.35 }) { continue }
            while j + 1 < accelerometer.count, accelerometer.timestamps[j + 1] <= t { j += 1 }
            guard j + 1 < accelerometer.count, accelerometer.timestamps[j] <= t else { continue }
            let (t0, t1) = (accelerometer.timestamps[j], accelerometer.timestamps[j + 1])
            let f = (t - t0) / (t1 - t0)
            func lerp(_ c: [Float]) -> Double { Double(c[j]) + f * Double(c[j + 1] - c[j]) }
            let model = Vector3(
                Double(motion.gravityX[i] + motion.userAccelerationX[i]),
                Double(motion.gravityY[i] + motion.userAccelerationY[i]),
                Double(motion.gravityZ[i] + motion.userAccelerationZ[i]))
            let measured = Vector3(lerp(accelerometer.x), lerp(accelerometer.y), lerp(accelerometer.z))
            differences.append((measured - model).length)
        }
        differences.sort()
        #expect(differences.count > motion.count / 2)
        // Linear interpolation over 1.25 ms is the only error: tiny at rest, ~0.1 g in the fastest swings.
        #expect(differences[differences.count / 2] < 1e-3)
        #expect(differences[differences.count * 99 / 100] < 0.05)
        #expect(differences[differences.count - 1] < 0.25)
    }

    /// q(k+1) ≈ q(k) ⊗ exp(ω̄ Δt) with ω̄ the mean of the two reported (device-frame) rotation rates.
    @Test func attitudeIntegratesTheRotationRate() throws {
        let motion = try #require(Self.ideal.recording.deviceMotion)
        func attitude(_ i: Int) -> Quaternion {
            Quaternion(
                w: Double(motion.attitudeW[i]), x: Double(motion.attitudeX[i]), y: Double(motion.attitudeY[i]),
                z: Double(motion.attitudeZ[i]))
        }
        func rate(_ i: Int) -> Vector3 {
            Vector3(Double(motion.rotationRateX[i]), Double(motion.rotationRateY[i]), Double(motion.rotationRateZ[i]))
        }
        var errors: [Double] = []
        for i in 0..<(motion.count - 1) {
            let dt = motion.timestamps[i + 1] - motion.timestamps[i]
            let predicted = attitude(i) * Quaternion(rotationVector: (0.5 * dt) * (rate(i) + rate(i + 1)))
            errors.append((predicted.conjugate * attitude(i + 1)).rotationVector.length)
        }
        errors.sort()
        #expect(errors[errors.count / 2] < 1e-5)
        #expect(errors[errors.count * 99 / 100] < 1e-3)
        #expect(errors[errors.count - 1] < 5e-3)
    }

    @Test func batchesAreAboutOneSecond() throws {
        let recording = Self.session.recording
        for (times, ends) in [
            (recording.accelerometer!.timestamps, recording.accelerometerBatchEnds!),
            (recording.deviceMotion!.timestamps, recording.deviceMotionBatchEnds!),
        ] {
            #expect(ends.last == times.count)
            #expect(ends == ends.sorted() && Set(ends).count == ends.count)
            var start = 0
            for end in ends.dropLast() {
                let span = times[end - 1] - times[start]
                #expect(span > 0.45 && span < 1.06)
                start = end
            }
            let spans = zip([0] + ends.dropLast(), ends).map { times[$0.1 - 1] - times[$0.0] }
            #expect(spans.filter { $0 > 0.95 }.count > spans.count / 2)
        }
        let batches = recording.batchRanges()
        #expect(batches.count == recording.accelerometerBatchEnds!.count + recording.deviceMotionBatchEnds!.count)
    }

    @Test(arguments: [16.0, 32.0])
    func accelerometerClipsAtItsRange(range: Double) throws {
        var c = SimulationConfiguration.baseball(
            seed: 3, mix: EventMix(hits: 3, foulTips: 0, misses: 0, practiceSwings: 0, clapBursts: 0, tapBursts: 0,
                walkingBouts: 0, armRaises: 0))
        c.impacts.hitPeak = 40...50
        c.sensors.accelerometerRange = range
        let a = try #require(SwingSimulator.simulate(c).recording.accelerometer)
        let peak = Double(max(a.x.map(abs).max()!, a.y.map(abs).max()!, a.z.map(abs).max()!))
        #expect(peak <= range)
        #expect(peak > range - 0.01)  // 40–50 g hits reach the rails
    }

    @Test func gyroscopeClipsAtItsRange() throws {
        var c = SimulationConfiguration.baseball(
            seed: 5, mix: EventMix(hits: 2, foulTips: 0, misses: 1, practiceSwings: 0, clapBursts: 0, tapBursts: 0,
                walkingBouts: 0, armRaises: 0))
        c.sensors.gyroscopeRange = 8
        let m = try #require(SwingSimulator.simulate(c).recording.deviceMotion)
        let peak = max(
            m.rotationRateX.map(abs).max()!, m.rotationRateY.map(abs).max()!, m.rotationRateZ.map(abs).max()!)
        #expect(peak <= 8)
        #expect(peak > 7.99)
    }

    /// Mean rotation along gravity over each swing's rise, signed.
    static func swingSigns(_ session: SimulatedSession) -> [Double] {
        let m = session.recording.deviceMotion!
        return session.truth.swings.map { swing in
            var sum = 0.0
            for i in 0..<m.count where m.timestamps[i] >= swing.start && m.timestamps[i] <= swing.peakTime {
                sum += Double(m.rotationRateX[i] * m.gravityX[i] + m.rotationRateY[i] * m.gravityY[i]
                    + m.rotationRateZ[i] * m.gravityZ[i])
            }
            return sum
        }
    }

    static func simulate(
        wrist: RecordingMetadata.Wrist, crown: RecordingMetadata.CrownSide,
        handedness: SimulationConfiguration.Handedness? = nil
    ) -> SimulatedSession {
        var c = SimulationConfiguration.baseball(
            seed: 21, mix: EventMix(hits: 2, foulTips: 0, misses: 1, practiceSwings: 1, clapBursts: 0, tapBursts: 0,
                walkingBouts: 0, armRaises: 0))
        c.wrist = wrist
        c.crownSide = crown
        c.handedness = handedness
        return SwingSimulator.simulate(c)
    }

    /// Lead-wrist convention: left wrist ↔ right-handed batter (negative rotation along gravity), right wrist ↔
    /// left-handed (positive).
    @Test(arguments: RecordingMetadata.CrownSide.allCases)
    func wristFlipsTheSignOfRotationAlongGravity(crown: RecordingMetadata.CrownSide) {
        let left = Self.swingSigns(Self.simulate(wrist: .left, crown: crown))
        let right = Self.swingSigns(Self.simulate(wrist: .right, crown: crown))
        #expect(left.count == 4 && right.count == 4)
        #expect(left.allSatisfy { $0 < 0 })
        #expect(right.allSatisfy { $0 > 0 })
    }

    /// dot(rotationRate, gravity) is frame-invariant: for a given batter, wrist and crown do not change its sign.
    @Test func mountingAloneDoesNotFlipTheSign() {
        for wrist in RecordingMetadata.Wrist.allCases {
            for crown in RecordingMetadata.CrownSide.allCases {
                let signs = Self.swingSigns(Self.simulate(wrist: wrist, crown: crown, handedness: .left))
                #expect(signs.allSatisfy { $0 > 0 })
            }
        }
    }

    /// Crown toward the elbow turns the watch 180° about z: the device x and y axes flip, gravity's z does not.
    @Test func crownSideRotatesTheDeviceFrame() throws {
        let a = try #require(Self.simulate(wrist: .left, crown: .right).recording.deviceMotion)
        let b = try #require(Self.simulate(wrist: .left, crown: .left).recording.deviceMotion)
        let n = min(a.count, b.count)
        var worst: Float = 0
        for i in 0..<n {
            worst = max(
                worst, abs(a.gravityX[i] + b.gravityX[i]), abs(a.gravityY[i] + b.gravityY[i]),
                abs(a.gravityZ[i] - b.gravityZ[i]))
        }
        #expect(worst < 1e-4)
    }

    /// The truth's onset is where the rotation leaves its pre-swing level: quiet before, rising gradually after.
    @Test func onsetIsGradualAndQuietBefore() throws {
        let m = try #require(Self.ideal.recording.deviceMotion)
        for swing in Self.ideal.truth.swings {
            func along(_ t: Double) -> Double {
                let i = m.timestamps.firstIndex { $0 >= t }!
                return abs(Double(m.rotationRateX[i] * m.gravityX[i] + m.rotationRateY[i] * m.gravityY[i]
                    + m.rotationRateZ[i] * m.gravityZ[i]))
            }
            #expect(along(swing.start - 0.02) < 0.3)
            #expect(along(swing.start + 0.01) < 0.15 * swing.peakRotationRate)
            #expect(along(swing.start + 0.06) > along(swing.start + 0.02))
        }
    }

    /// Nothing transient before the true impact; a clear transient within a few milliseconds after it.
    @Test func impactTransientStartsAtTheTrueImpact() throws {
        let a = try #require(Self.ideal.recording.accelerometer)
        for swing in Self.ideal.truth.swings {
            guard let impact = swing.impact else { continue }
            let k = a.timestamps.firstIndex { $0 > impact }!
            func secondDifference(_ i: Int) -> Double {
                var sum = 0.0
                for column in [a.x, a.y, a.z] {
                    let d: Double = Double(column[i + 1]) - 2 * Double(column[i]) + Double(column[i - 1])
                    sum += d * d
                }
                return sum.squareRoot()
            }
            let before: Double = ((k - 16)..<(k - 1)).map(secondDifference).max()!
            let after: Double = (k..<(k + 4)).map(secondDifference).max()!
            #expect(before < 0.2)
            #expect(after > 1.0)
        }
    }
}

@Suite struct DroppedBatchTests {
    @Test func droppedBatchesLeaveListedGapsAndKeepTheOtherSamples() throws {
        var c = SimulationConfiguration.baseball(seed: 31, mix: smallMix)
        let complete = SwingSimulator.simulate(c)
        c.sensors.droppedBatchProbability = 0.3
        let lossy = SwingSimulator.simulate(c)
        #expect(complete.truth.gaps.isEmpty)
        #expect(!lossy.truth.gaps.isEmpty)
        #expect(lossy.truth.swings == complete.truth.swings)
        let full = try #require(complete.recording.accelerometer)
        let kept = try #require(lossy.recording.accelerometer)
        #expect(kept.count < full.count)
        #expect(lossy.recording.accelerometerBatchEnds?.last == kept.count)
        #expect(lossy.recording.deviceMotionBatchEnds?.last == lossy.recording.deviceMotion?.count)
        // Every kept sample is the complete recording's sample at the same time; no kept time lies in a gap.
        let index = Dictionary(uniqueKeysWithValues: full.timestamps.enumerated().map { ($1, $0) })
        for i in stride(from: 0, to: kept.count, by: 97) {
            let j = try #require(index[kept.timestamps[i]])
            #expect(kept.z[i] == full.z[j])
        }
        for gap in lossy.truth.gaps where gap.stream == "accelerometer" {
            #expect(!kept.timestamps.contains { $0 >= gap.start && $0 <= gap.end })
            #expect(gap.end - gap.start > 0.4)
        }
    }
}

@Suite struct SwingKinematicsPlausibilityTests {
    /// Before contact the wrist feels centripetal and tangential acceleration of a few g to ~25 g at most (hand
    /// speed ≤ 10 m/s); tennis forehands stay below ~15 g (the real ones: 2–8 g).
    @Test(arguments: [(SimulationConfiguration.Sport.baseball, 30.0), (.tennis, 15.0), (.golf, 25.0)])
    func wristAccelerationBeforeContactIsPlausible(sport: SimulationConfiguration.Sport, limit: Double) throws {
        var c = SimulationConfiguration.preset(
            sport, seed: 12, mix: EventMix(hits: 8, foulTips: 0, misses: 0, practiceSwings: 0, clapBursts: 0,
                tapBursts: 0, walkingBouts: 0, armRaises: 0))
        c.sensors = .ideal
        let session = SwingSimulator.simulate(c)
        let a = try #require(session.recording.accelerometer)
        var peaks: [Double] = []
        for swing in session.truth.swings {
            let impact = try #require(swing.impact)
            var peak = 0.0
            for i in 0..<a.count where a.timestamps[i] > swing.start && a.timestamps[i] < impact {
                let x = Double(a.x[i])
                let y = Double(a.y[i])
                let z = Double(a.z[i])
                peak = max(peak, (x * x + y * y + z * z).squareRoot())
            }
            peaks.append(peak)
        }
        #expect(peaks.allSatisfy { $0 > 1.5 && $0 < limit })
    }
}
