import Foundation
import MotionRecording
import SwingSimulation

/// Generates a workout recording with ground truth from an ``ActivitySimulationConfiguration``: the stretches one
/// after the other on one clock, each from its motion model (``GaitMotion``, ``SwimMotion``, ``CyclingMotion``,
/// ``StillMotion``). Per sample, with R the attitude (device → world, z up) and a_w the wrist's kinematic
/// acceleration (second difference of the position over ±2 ms, plus the impulses):
/// - accelerometer = Rᵀ((0, 0, −1) − a_w / g₀) + bias + noise, clipped to the range (Core Motion's sign: a watch
///   at rest face up reads (0, 0, −1));
/// - device motion: gravity = Rᵀ(0, 0, −1), user acceleration = −Rᵀ a_w / g₀, rotation rate from Rᵀ R′ over 2 ms,
///   attitude = R as a quaternion (so rotate(attitude, gravity) = (0, 0, −1)).
/// Derivatives never straddle two stretches (a change of stretch changes the attitude at once, as a real
/// change of activity does within a few hundred ms, but creates no artificial spike).
public enum ActivitySimulator {
    public static func simulate(_ configuration: ActivitySimulationConfiguration) -> ActivitySession {
        let root = SimulationRandom(seed: configuration.seed)
        var setup = root.derived(0x5E7)
        let start = configuration.startTime ?? setup.uniform(1000...90000)
        var motions: [any StretchMotion] = []
        var truth = ActivityTruth()
        var t = start
        for (i, stretch) in configuration.stretches.enumerated() {
            var r = root.derived(UInt64(i) &+ 0x100)
            let motion: any StretchMotion =
                switch stretch.kind {
                case .walking, .walkingWithoutArmSwing, .running:
                    GaitMotion(kind: stretch.kind, duration: stretch.duration, random: &r)
                case .swimmingRotation, .swimmingBreaststroke:
                    SwimMotion(kind: stretch.kind, duration: stretch.duration, random: &r)
                case .cycling:
                    CyclingMotion(
                        duration: stretch.duration, outOfSaddleChance: configuration.outOfSaddleChance ?? 0, random: &r)
                case .resting, .typing, .clapping: StillMotion(kind: stretch.kind, duration: stretch.duration, random: &r)
                }
            motions.append(motion)
            truth.segments.append(
                .init(
                    start: t, end: t + stretch.duration, activity: stretch.expectedActivity,
                    variant: stretch.kind.rawValue))
            truth.stepTimes += motion.stepTimes.map { $0 + t }
            t += stretch.duration
        }
        let end = t
        let starts = truth.segments.map(\.start)
        let durations = configuration.stretches.map(\.duration)

        /// (stretch, local time) of clock time `time`.
        func locate(_ time: Double) -> (Int, Double) {
            let k = Swift.max(0, lastIndex(atOrBefore: time, in: starts))
            return (k, time - starts[k])
        }
        let h = 0.002
        func kinematics(_ k: Int, _ local: Double) -> (Rotation3, SIMD3<Double>) {
            let m = motions[k]
            // Central difference inside the stretch, one-sided at its edges.
            let c = Swift.min(Swift.max(local, h), durations[k] - h)
            let p0 = m.position(at: c - h), p1 = m.position(at: c), p2 = m.position(at: c + h)
            let a = (p0 - 2 * p1 + p2) / (h * h) + m.impulses(at: local)
            return (m.attitude(at: local), a)
        }

        var noise = root.derived(0xA11)
        let sigma = configuration.accelerometerNoise
        let bias = SIMD3(noise.gaussian(), noise.gaussian(), noise.gaussian()) * 0.01
        var accelerometer = AccelerometerData()
        let accelerometerCount = Int((end - start) * configuration.accelerometerRate)
        accelerometer.reserveCapacity(accelerometerCount)
        let range = configuration.accelerometerRange.map(Float.init)
        for i in 0..<accelerometerCount {
            let time = start + (Double(i) + 0.1 * noise.unit()) / configuration.accelerometerRate
            let (k, local) = locate(time)
            let (attitude, a) = kinematics(k, local)
            var v = attitude.applyInverse(SIMD3(0, 0, -1) - a / standardGravity) + bias
            v += SIMD3(noise.gaussian(), noise.gaussian(), noise.gaussian()) * sigma
            var f = SIMD3<Float>(Float(v.x), Float(v.y), Float(v.z))
            if let range { f = f.clamped(lowerBound: SIMD3(repeating: -range), upperBound: SIMD3(repeating: range)) }
            accelerometer.append(timestamp: time, x: f.x, y: f.y, z: f.z)
        }

        var deviceMotion: DeviceMotionData?
        if let rate = configuration.deviceMotionRate {
            var d = DeviceMotionData()
            let n = Int((end - start) * rate)
            for i in 0..<n {
                let time = start + 0.002 + Double(i) / rate
                let (k, local) = locate(time)
                let (attitude, a) = kinematics(k, local)
                let later = Swift.min(local + h, durations[k])
                let earlier = later - h
                let omega = motions[k].attitude(at: earlier).angularVelocity(to: motions[k].attitude(at: later), over: h)
                let g = attitude.applyInverse(SIMD3(0, 0, -1))
                let user = -attitude.applyInverse(a) / standardGravity
                let q = attitude.quaternion
                d.timestamps.append(time)
                d.attitudeW.append(Float(q[0]))
                d.attitudeX.append(Float(q[1]))
                d.attitudeY.append(Float(q[2]))
                d.attitudeZ.append(Float(q[3]))
                d.gravityX.append(Float(g.x))
                d.gravityY.append(Float(g.y))
                d.gravityZ.append(Float(g.z))
                d.userAccelerationX.append(Float(user.x))
                d.userAccelerationY.append(Float(user.y))
                d.userAccelerationZ.append(Float(user.z))
                d.rotationRateX.append(Float(omega.x + 0.003 * noise.gaussian()))
                d.rotationRateY.append(Float(omega.y + 0.003 * noise.gaussian()))
                d.rotationRateZ.append(Float(omega.z + 0.003 * noise.gaussian()))
            }
            deviceMotion = d
        }
        return ActivitySession(
            recording: Recording(accelerometer: accelerometer, deviceMotion: deviceMotion), truth: truth)
    }
}
