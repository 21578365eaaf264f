import Foundation

/// One planned event on the session timeline with the motion it adds to the wrist. Events never overlap; between
/// them an attitude controller brings the wrist back to the next event's stance.
struct PlannedEvent: Sendable {
    indirect enum Motion: Sendable {
        case swing(PlannedSwing)
        case walking(PlannedWalk)
        case armRaise(PlannedArmRaise)
        case burst(PlannedBurst)
    }

    /// Motion window, s: the event adds nothing outside [begin, end].
    var begin: Double
    var end: Double
    /// Attitude (device → reference) the wrist settles to before the event.
    var stance: Quaternion
    var motion: Motion

    /// World-frame angular velocity the event adds at t, rad/s. `forearm` is the forearm axis in the world frame.
    func angularVelocity(at t: Double, forearm: Vector3) -> Vector3 {
        switch motion {
        case .swing(let s): s.angularVelocity(at: t, forearm: forearm)
        case .walking(let w): w.angularVelocity(at: t)
        case .armRaise(let r): r.angularVelocity(at: t)
        case .burst(let b): b.angularVelocity(at: t)
        }
    }

    /// World-frame linear acceleration of the wrist the event adds at t, g.
    func linearAcceleration(at t: Double, forearm: Vector3) -> Vector3 {
        switch motion {
        case .swing(let s): s.linearAcceleration(at: t)
        case .walking(let w): w.linearAcceleration(at: t)
        case .armRaise(let r): r.linearAcceleration(at: t, forearm: forearm)
        case .burst(let b): b.linearAcceleration(at: t)
        }
    }
}

/// Standard gravity, m/s² per g.
let standardGravity = 9.80665

/// A swing: rotation about the (tilted, signed) swing axis, forearm roll, wrist on a circle about the axis, stride.
struct PlannedSwing: Sendable {
    var kind: TrueSwing.Kind
    /// Onset, s (truth `start`).
    var start: Double
    /// Start of contact, s, for hits and foul tips.
    var impact: Double?
    var profile: SwingProfile
    /// Unit swing axis in the world frame, signed so that a positive rate is the swing direction.
    var axis: Vector3
    var planeTilt: Double
    /// Unit radial direction (world, ⟂ axis) from the axis to the wrist when the load begins.
    var radial: Vector3
    /// Sign of the forearm roll.
    var rollSign: Double
    /// Stride: horizontal direction, peak (g), start and duration (s).
    var strideDirection: Vector3
    var stridePeak: Double
    var strideStart: Double
    var strideDuration: Double
    var handedness: SimulationConfiguration.Handedness
    /// Bat waggle before the load: rotation about the forearm, amplitude (rad/s, 0: none), frequency (Hz),
    /// start and duration (s); it ends well before the load begins.
    var waggleAmplitude: Double = 0
    var waggleFrequency: Double = 1.5
    var waggleStart: Double = 0
    var waggleDuration: Double = 1

    func angularVelocity(at t: Double, forearm: Vector3) -> Vector3 {
        let tau = t - start
        var roll = rollSign * profile.rollRate(tau)
        let u = (t - waggleStart) / waggleDuration
        if waggleAmplitude > 0, u > 0, u < 1 {
            let envelope = sin(Double.pi * u)
            roll += waggleAmplitude * envelope * envelope * sin(2 * Double.pi * waggleFrequency * (t - waggleStart))
        }
        return profile.axisRate(tau) * axis + roll * forearm
    }

    func linearAcceleration(at t: Double) -> Vector3 {
        let tau = t - start
        // Wrist on a circle of radius r(τ) about the axis, turned by θ(τ): a = (r̈ − rω²) e_r + (rω̇ + 2ṙω) e_t.
        let rate = profile.axisRate(tau)
        let rateDot = profile.axisAcceleration(tau)
        let h = 1e-4
        let r = profile.wristRadius(tau)
        let rDot = (profile.wristRadius(tau + h) - profile.wristRadius(tau - h)) / (2 * h)
        let rDDot = (profile.wristRadius(tau + h) - 2 * r + profile.wristRadius(tau - h)) / (h * h)
        let theta = profile.angle(tau)
        let radialNow = Quaternion(axis: axis, angle: theta).rotate(radial)
        let tangential = axis.cross(radialNow)
        var a = ((rDDot - r * rate * rate) / standardGravity) * radialNow
            + ((r * rateDot + 2 * rDot * rate) / standardGravity) * tangential
        let u = (t - strideStart) / strideDuration
        if u > 0, u < 1 {
            a += (stridePeak * sin(2 * Double.pi * u)) * strideDirection
        }
        return a
    }
}

/// A walking bout: arm swing as a pendulum at half the step rate, torso sway, vertical bounce and heel strikes.
struct PlannedWalk: Sendable {
    var start: Double
    var end: Double
    var stepFrequency: Double
    var armAmplitude: Double
    var armAxis: Vector3
    var walkDirection: Vector3
    var swayAmplitude: Double
    var bounce: Double
    var heelStrike: Double
    var heelStrikeDuration: Double
    var armLength: Double

    private func envelope(_ t: Double) -> Double {
        let ramp = 0.5
        let a = min(1, max(0, (t - start) / ramp))
        let b = min(1, max(0, (end - t) / ramp))
        let e = min(a, b)
        return e * e * e * (e * (6 * e - 15) + 10)
    }

    private func armAngle(_ t: Double) -> Double {
        armAmplitude * envelope(t) * sin(Double.pi * stepFrequency * (t - start))
    }

    func angularVelocity(at t: Double) -> Vector3 {
        let h = 1e-4
        let armRate = (armAngle(t + h) - armAngle(t - h)) / (2 * h)
        let sway = swayAmplitude * envelope(t) * cos(Double.pi * stepFrequency * (t - start))
        return armRate * armAxis + sway * .up
    }

    func linearAcceleration(at t: Double) -> Vector3 {
        let h = 1e-4
        let phi0 = armAngle(t)
        let rate = (armAngle(t + h) - armAngle(t - h)) / (2 * h)
        let accel = (armAngle(t + h) - 2 * phi0 + armAngle(t - h)) / (h * h)
        let e = envelope(t)
        let phase = stepFrequency * (t - start)
        var vertical = bounce * e * sin(2 * Double.pi * phase)
        // Heel strike: a half-sine pulse at the start of every step.
        let sinceStep = (phase - phase.rounded(.down)) / stepFrequency
        if sinceStep < heelStrikeDuration, e > 0 {
            vertical += heelStrike * e * sin(Double.pi * sinceStep / heelStrikeDuration)
        }
        return (vertical + armLength * rate * rate / standardGravity) * .up
            + (armLength * accel / standardGravity) * walkDirection
    }
}

/// Raising the forearm (to look at the watch), holding, lowering it.
struct PlannedArmRaise: Sendable {
    var start: Double
    var raiseDuration: Double
    var hold: Double
    var lowerDuration: Double
    var angle: Double
    var axis: Vector3
    var forearmLength: Double

    var end: Double { start + raiseDuration + hold + lowerDuration }

    private func elevation(_ t: Double) -> Double {
        func smoother(_ u: Double) -> Double {
            let v = min(1, max(0, u))
            return v * v * v * (v * (6 * v - 15) + 10)
        }
        let up = smoother((t - start) / raiseDuration)
        let down = smoother((t - start - raiseDuration - hold) / lowerDuration)
        return angle * (up - down)
    }

    func angularVelocity(at t: Double) -> Vector3 {
        let h = 1e-4
        return ((elevation(t + h) - elevation(t - h)) / (2 * h)) * axis
    }

    func linearAcceleration(at t: Double, forearm: Vector3) -> Vector3 {
        let h = 1e-4
        let rate = (elevation(t + h) - elevation(t - h)) / (2 * h)
        let accel = (elevation(t + h) - 2 * elevation(t) + elevation(t - h)) / (h * h)
        let tangential = axis.cross(forearm)
        return (-forearmLength * rate * rate / standardGravity) * forearm
            + (forearmLength * accel / standardGravity) * tangential
    }
}

/// A burst of claps or taps: each one a small in-and-out hand motion around a contact transient.
struct PlannedBurst: Sendable {
    struct Hit: Sendable {
        var time: Double
        var rotationAxis: Vector3
        var rotationPeak: Double
        var direction: Vector3
        var accelerationPeak: Double
        var halfWidth: Double
    }

    var kind: TrueDistractor.Kind
    var hits: [Hit]

    func angularVelocity(at t: Double) -> Vector3 {
        var w = Vector3.zero
        for hit in hits {
            let u = (t - hit.time) / hit.halfWidth
            if abs(u) < 1 { w += (-hit.rotationPeak * sin(Double.pi * u)) * hit.rotationAxis }
        }
        return w
    }

    func linearAcceleration(at t: Double) -> Vector3 {
        var a = Vector3.zero
        for hit in hits {
            let u = (t - hit.time) / hit.halfWidth
            if abs(u) < 1 { a += (-hit.accelerationPeak * sin(Double.pi * u)) * hit.direction }
        }
        return a
    }
}
