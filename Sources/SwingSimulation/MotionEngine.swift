import Foundation

/// Evaluates the wrist's world-frame angular velocity (rad/s) and linear acceleration (g) at non-decreasing
/// times: the active event's motion, a small idle wander, and between events an attitude controller that brings
/// the wrist back to the next event's stance (gated off during events, with smooth 0.3 s ramps).
struct MotionEngine {
    let events: [PlannedEvent]
    let forearmInDevice: Vector3
    /// Idle wander: per axis three sinusoids (amplitude rad/s, frequency Hz, phase).
    private let wander: [(axis: Vector3, amplitude: Double, frequency: Double, phase: Double)]
    private let accelerationWander: [(axis: Vector3, amplitude: Double, frequency: Double, phase: Double)]
    private var cursor = 0
    /// Restore controller gain (1/s) and rate limit (rad/s).
    private let gain = 2.0
    private let rateLimit = 1.5
    private let ramp = 0.3

    init(events: [PlannedEvent], forearmInDevice: Vector3, random: inout SimulationRandom) {
        self.events = events
        self.forearmInDevice = forearmInDevice
        var w: [(Vector3, Double, Double, Double)] = []
        var a: [(Vector3, Double, Double, Double)] = []
        for axis in [Vector3.unitX, .unitY, .unitZ] {
            for _ in 0..<3 {
                w.append(
                    (axis, random.uniform(0.01...0.04), random.uniform(0.1...1.5),
                     random.uniform(0...(2 * Double.pi))))
                a.append(
                    (axis, random.uniform(0.002...0.01), random.uniform(0.2...2.0),
                     random.uniform(0...(2 * Double.pi))))
            }
        }
        wander = w.map { (axis: $0.0, amplitude: $0.1, frequency: $0.2, phase: $0.3) }
        accelerationWander = a.map { (axis: $0.0, amplitude: $0.1, frequency: $0.2, phase: $0.3) }
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
        for term in wander {
            omega += (term.amplitude * sin(2 * Double.pi * term.frequency * t + term.phase)) * term.axis
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
        for term in accelerationWander {
            a += (term.amplitude * sin(2 * Double.pi * term.frequency * t + term.phase)) * term.axis
        }
        if cursor < events.count, t >= events[cursor].begin {
            a += events[cursor].linearAcceleration(at: t, forearm: q.rotate(forearmInDevice))
        }
        return a
    }
}
