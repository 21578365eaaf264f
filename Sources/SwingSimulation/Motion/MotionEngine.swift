import Foundation

/// Evaluates the wrist's world-frame angular velocity (rad/s) and linear acceleration (g) at non-decreasing
/// times: the active event's motion, a small idle wander and tremor, and between events an attitude controller that
/// brings the wrist back to the next event's stance (gated off during events, with smooth 0.3 s ramps).
struct MotionEngine {
    let events: [PlannedEvent]
    let forearmInDevice: Vector3
    /// A sinusoid along a fixed axis: amplitude · sin(2π f t + phase).
    private struct Wander {
        var axis: Vector3
        var amplitude: Double
        var angularFrequency: Double
        var phase: Double
    }
    /// Idle wander: per axis three sinusoids (rad/s and g).
    private let wander: [Wander]
    private let accelerationWander: [Wander]
    private var cursor = 0
    /// Restore controller gain (1/s) and rate limit (rad/s).
    private let gain = 2.0
    private let rateLimit = 1.5
    private let ramp = 0.3

    init(
        events: [PlannedEvent], forearmInDevice: Vector3, rotationTremor: Double, random: inout SimulationRandom
    ) {
        self.events = events
        self.forearmInDevice = forearmInDevice
        var w: [Wander] = []
        var a: [Wander] = []
        for axis in [Vector3.unitX, .unitY, .unitZ] {
            for _ in 0..<3 {
                w.append(
                    Wander(
                        axis: axis, amplitude: random.uniform(0.01...0.04),
                        angularFrequency: 2 * Double.pi * random.uniform(0.1...1.5),
                        phase: random.uniform(0...(2 * Double.pi))))
                a.append(
                    Wander(
                        axis: axis, amplitude: random.uniform(0.002...0.01),
                        angularFrequency: 2 * Double.pi * random.uniform(0.2...2.0),
                        phase: random.uniform(0...(2 * Double.pi))))
            }
        }
        // Tremor: four sinusoids per axis at 5–13 Hz, RMS `rotationTremor` per axis.
        if rotationTremor > 0 {
            for axis in [Vector3.unitX, .unitY, .unitZ] {
                for _ in 0..<4 {
                    w.append(
                        Wander(
                            axis: axis, amplitude: rotationTremor / 2.0.squareRoot(),
                            angularFrequency: 2 * Double.pi * random.uniform(5...13),
                            phase: random.uniform(0...(2 * Double.pi))))
                }
            }
        }
        wander = w
        accelerationWander = a
    }

    private mutating func advance(to t: Double) {
        while cursor < events.count, events[cursor].end < t { cursor += 1 }
    }

    private func smoother(_ u: Double) -> Double {
        let v = min(1, max(0, u))
        return v * v * v * (v * (6 * v - 15) + 10)
    }

    /// World angular velocity at t for attitude q, rad/s.
    mutating func angularVelocity(at t: Double, attitude q: Quaternion) -> Vector3 {
        advance(to: t)
        let forearm = q.rotate(forearmInDevice)
        var omega = Vector3.zero
        for k in 0..<wander.count {
            let term = wander[k]
            omega += (term.amplitude * sin(term.angularFrequency * t + term.phase)) * term.axis
        }
        var gate = 1.0
        if cursor < events.count {
            let next = events[cursor]
            if t >= next.begin {
                omega += next.angularVelocity(at: t, forearm: forearm)
                gate = 0
            } else {
                gate = smoother((next.begin - 0.05 - t) / ramp)
            }
        }
        if cursor > 0 { gate = min(gate, smoother((t - events[cursor - 1].end) / ramp)) }
        if gate > 0 {
            let target = cursor < events.count ? events[cursor].stance : events.last?.stance ?? q
            var correction = gain * (target * q.conjugate).rotationVector
            let size = correction.length
            if size > rateLimit { correction = (rateLimit / size) * correction }
            omega += gate * correction
        }
        return omega
    }

    /// World linear acceleration of the wrist at t, g (gravity excluded).
    mutating func linearAcceleration(at t: Double, attitude q: Quaternion) -> Vector3 {
        advance(to: t)
        var a = Vector3.zero
        for k in 0..<accelerationWander.count {
            let term = accelerationWander[k]
            a += (term.amplitude * sin(term.angularFrequency * t + term.phase)) * term.axis
        }
        if cursor < events.count, t >= events[cursor].begin {
            a += events[cursor].linearAcceleration(at: t, forearm: q.rotate(forearmInDevice))
        }
        return a
    }
}
