import Foundation
import MotionRecording

/// Generates the headphone stream of a simulated session (``HeadphoneModel``) and the truth of each swing's head
/// measures, from the session's true swings.
///
/// The head's attitude (headphones' frame → reference frame, z up) is q(t) = yaw(h + ψ(t)) ⊗ pitch(θ(t)) ⊗
/// roll(φ(t)), h a heading drawn per session and ψ, θ, φ the wander plus each swing's turns (``HeadphoneModel``).
/// The rotation rate is the head-frame angular velocity 2·vec(q⁻¹ q̇), by a central difference of ±0.1 ms; the
/// truth uses the noise-free q at the exact swing times and the rate on a 1 ms grid.
enum HeadphoneSimulator {
    /// The stream and the true swings with their head fields set (swings with an impact).
    static func simulate(
        _ model: HeadphoneModel, swings: [TrueSwing], from start: Double, to end: Double,
        random root: SimulationRandom
    ) -> (data: HeadphoneMotionData, swings: [TrueSwing]) {
        var random = root
        let head = HeadPath(model: model, swings: swings, origin: start, random: &random)

        // Per swing: a dropout and a switch of bud, each with its probability, between start and impact.
        var dropouts: [ClosedRange<Double>] = []
        var switches: [(time: Double, jump: Double)] = []
        for swing in swings {
            let impact = swing.impact ?? swing.start + 0.2
            if random.chance(model.swingDropoutProbability) {
                let centre = random.uniform(swing.start...impact)
                dropouts.append((centre - model.dropoutDuration / 2)...(centre + model.dropoutDuration / 2))
            }
            if random.chance(model.budSwitchProbability) {
                let time = swing.start + random.uniform(0.2...0.8) * (impact - swing.start)
                switches.append((time, random.sign() * random.uniform(model.referenceJump) * .pi / 180))
            }
        }

        var motion = DeviceMotionData()
        var locations: [HeadphoneSensorLocation] = []
        var location = HeadphoneSensorLocation.left
        var jump = 0.0
        var switchCursor = 0
        let spacing = 1 / model.rate
        var n = 0
        while true {
            let time = start + Double(n) * spacing + random.uniform(-1...1) * model.timestampJitter
            n += 1
            guard time <= end else { break }
            while switchCursor < switches.count, switches[switchCursor].time <= time {
                location = location == .left ? .right : .left
                jump += switches[switchCursor].jump
                switchCursor += 1
            }
            let dropped = random.chance(model.droppedSampleProbability)
            let noise = Vector3(random.gaussian(), random.gaussian(), random.gaussian())
            let rateNoise = Vector3(random.gaussian(), random.gaussian(), random.gaussian())
            let flip = random.chance(model.signFlipProbability)
            if dropped || dropouts.contains(where: { $0.contains(time) }) { continue }
            let q = head.attitude(at: time)
            var reported = (Quaternion(axis: .up, angle: jump) * q
                * Quaternion(rotationVector: (model.attitudeNoise * .pi / 180) * noise)).normalized
            if flip { reported = Quaternion(w: -reported.w, x: -reported.x, y: -reported.y, z: -reported.z) }
            let rate = head.rate(at: time) + (model.rateNoise * .pi / 180) * rateNoise
            let gravity = q.conjugate.rotate(Vector3(0, 0, -1))
            motion.timestamps.append(time)
            for (column, value) in [
                (\DeviceMotionData.attitudeW, reported.w), (\.attitudeX, reported.x), (\.attitudeY, reported.y),
                (\.attitudeZ, reported.z), (\.gravityX, gravity.x), (\.gravityY, gravity.y), (\.gravityZ, gravity.z),
                (\.userAccelerationX, 0), (\.userAccelerationY, 0), (\.userAccelerationZ, 0),
                (\.rotationRateX, rate.x), (\.rotationRateY, rate.y), (\.rotationRateZ, rate.z),
            ] as [(WritableKeyPath<DeviceMotionData, [Float]>, Double)] {
                motion[keyPath: column].append(Float(value))
            }
            locations.append(location)
        }

        var truth = swings
        for index in truth.indices {
            guard let impact = truth[index].impact, impact > truth[index].start else { continue }
            let start = truth[index].start
            let late = max(start, impact - 0.1)
            truth[index].headRotation = head.rotationAngle(from: start, to: impact)
            truth[index].headRotationBeforeImpact = head.rotationAngle(from: late, to: impact)
            var peak = 0.0
            var t = start
            while t < impact {
                peak = max(peak, head.rate(at: t).length)
                t += 0.001
            }
            truth[index].headPeakRate = max(peak, head.rate(at: impact).length) * 180 / .pi
        }
        return (HeadphoneMotionData(motion: motion, sensorLocation: locations), truth)
    }
}

/// The noise-free head motion: yaw, pitch and roll (rad) as functions of time.
private struct HeadPath {
    /// One swing's turns, rad.
    struct Turn {
        var turnStart: Double
        var turnEnd: Double
        var impact: Double
        var returnStart: Double
        var yaw: Double
        var pitch: Double
        var followThrough: Double
    }

    let heading: Double
    let origin: Double
    /// Wander: per axis (yaw, pitch, roll) three sinusoids (amplitude rad, frequency Hz, phase rad).
    let wander: [[(amplitude: Double, frequency: Double, phase: Double)]]
    let turns: [Turn]

    init(model: HeadphoneModel, swings: [TrueSwing], origin: Double, random: inout SimulationRandom) {
        self.origin = origin
        heading = random.uniform(-Double.pi...Double.pi)
        wander = (0..<3).map { _ in
            (0..<3).map { _ in
                (random.uniform(0.2...0.4) * .pi / 180, random.uniform(0.05...0.3), random.uniform(0...(2 * .pi)))
            }
        }
        turns = swings.map { swing in
            let impact = swing.impact ?? swing.start + 0.2
            let turnEnd = max(swing.start + 0.02, impact - model.settleBeforeImpact)
            let turnStart = model.turnDuration.map { turnEnd - $0 } ?? swing.start
            let size = random.uniform(model.swingTurn) * .pi / 180
            let direction = random.sign()
            return Turn(
                turnStart: turnStart, turnEnd: turnEnd, impact: impact, returnStart: swing.end + 1.5,
                yaw: direction * size * (1 - model.pitchShare), pitch: -size * model.pitchShare,
                followThrough: direction * random.uniform(model.followThroughTurn) * .pi / 180)
        }
    }

    /// Raised cosine from 0 (u ≤ 0) to 1 (u ≥ 1): continuous rate, no jerk at either end.
    private func smooth(_ u: Double) -> Double {
        u <= 0 ? 0 : u >= 1 ? 1 : 0.5 - 0.5 * cos(.pi * u)
    }

    /// (yaw, pitch, roll), rad.
    func angles(at time: Double) -> (Double, Double, Double) {
        var angles = [0.0, 0.0, 0.0]
        for axis in 0..<3 {
            for w in wander[axis] {
                angles[axis] += w.amplitude * sin(2 * .pi * w.frequency * (time - origin) + w.phase)
            }
        }
        for turn in turns where time > turn.turnStart && time < turn.returnStart + 1.5 {
            let turning = smooth((time - turn.turnStart) / (turn.turnEnd - turn.turnStart))
            let following = smooth((time - turn.impact) / 0.4)
            let back = 1 - smooth((time - turn.returnStart) / 1.5)
            angles[0] += back * (turn.yaw * turning + turn.followThrough * following)
            angles[1] += back * turn.pitch * turning
        }
        return (angles[0], angles[1], angles[2])
    }

    func attitude(at time: Double) -> Quaternion {
        let (yaw, pitch, roll) = angles(at: time)
        return Quaternion(axis: .unitZ, angle: heading + yaw) * Quaternion(axis: .unitY, angle: pitch)
            * Quaternion(axis: .unitX, angle: roll)
    }

    /// Head-frame angular velocity, rad/s: 2·vec(q⁻¹ q̇) by a central difference of ±0.1 ms.
    func rate(at time: Double) -> Vector3 {
        let h = 1e-4
        let step = attitude(at: time - h).conjugate * attitude(at: time + h)
        return (1 / (2 * h)) * step.rotationVector
    }

    /// Angle of q(from)⁻¹ ⊗ q(to), deg.
    func rotationAngle(from start: Double, to end: Double) -> Double {
        attitude(at: start).conjugate.multipliedAngle(attitude(at: end)) * 180 / .pi
    }
}

extension Quaternion {
    /// Angle of self ⊗ other, rad, 0…π.
    fileprivate func multipliedAngle(_ other: Quaternion) -> Double { (self * other).rotationVector.length }
}
