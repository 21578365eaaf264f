import Foundation
import SwingSimulation

/// Walking and running at the wrist, from gait physics: heel strikes at known step times (a decaying 8–20 Hz
/// ringing, mostly vertical), the body's vertical and fore-aft oscillation at the step frequency, lateral sway at
/// the stride frequency (half the step frequency), the arm's pendulum swing at the stride frequency (tangential and
/// centripetal acceleration, and the gravity direction turning with it), a left/right asymmetry (the watch is on one
/// wrist), cadence drifting slowly and jittering step to step, and a random wrist orientation. Without arm swing
/// (hands on a trolley or in pockets) the forearm is fixed and the heel strikes are weaker.
struct GaitMotion: StretchMotion {
    let stepTimes: [Double]
    private let heading: Rotation3
    private let wear: Rotation3
    private let verticalAmplitude, forwardAmplitude, lateralAmplitude: Double  // m/s²
    private let heelStrike, heelTau, heelFrequency, asymmetry: Double
    private let armAmplitude, armLength, armPhase: Double
    private let meanCadence: Double

    init(kind: ActivityStretch.Kind, duration: Double, random r: inout SimulationRandom) {
        let running = kind == .running
        let armSwing = kind != .walkingWithoutArmSwing
        let cadence = running ? r.uniform(2.5...3.2) : armSwing ? r.uniform(1.5...2.1) : r.uniform(1.4...2.0)
        let driftPeriod = r.uniform(20...60), driftPhase = r.uniform(0...6.28), drift = r.uniform(0...0.08)
        let jitter = r.uniform(0.01...0.04)
        var times: [Double] = []
        var t = r.uniform(0...0.3)
        while t < duration {
            times.append(t)
            let f = cadence * (1 + drift * sin(2 * Double.pi * t / driftPeriod + driftPhase))
            t += (1 / f) * (1 + jitter * r.clampedGaussian())
        }
        stepTimes = times
        meanCadence = times.count >= 2 ? Double(times.count - 1) / (times[times.count - 1] - times[0]) : cadence
        let g = standardGravity
        verticalAmplitude = g * (running ? r.uniform(0.5...1.1) : armSwing ? r.uniform(0.1...0.25) : r.uniform(0.06...0.2))
        forwardAmplitude = g * (running ? r.uniform(0.2...0.5) : r.uniform(0.05...0.2))
        lateralAmplitude = g * r.uniform(0.02...0.08)
        heelStrike = g * (running ? r.uniform(1.0...3.0) : armSwing ? r.uniform(0.2...0.8) : r.uniform(0.15...0.5))
        heelTau = r.uniform(0.015...0.04)
        heelFrequency = r.uniform(8...20)
        asymmetry = r.uniform(0...0.4)
        armAmplitude = running ? r.uniform(0.4...0.9) : armSwing ? r.uniform(0.25...0.6) : r.uniform(0...0.05)
        armLength = running ? r.uniform(0.25...0.4) : r.uniform(0.45...0.65)
        armPhase = r.uniform(0...6.28)
        heading = Rotation3(axis: zAxis, angle: r.uniform(0...6.28))
        // Forearm hanging (walking, pockets), bent forward (running) or forward on a trolley handle; any roll about
        // the forearm; a random tilt.
        let pitch = running || (!armSwing && r.chance(0.5)) ? r.uniform(-0.3...0.5) : Double.pi / 2 + r.uniform(-0.3...0.3)
        wear =
            Rotation3(axis: yAxis, angle: pitch) * Rotation3(axis: xAxis, angle: r.uniform(0...6.28))
            * Rotation3(axis: zAxis, angle: r.uniform(-0.3...0.3))
    }

    /// Step index and phase 0..<1 within the step at t.
    private func stepPhase(_ t: Double) -> (index: Int, phase: Double) {
        let k = lastIndex(atOrBefore: t, in: stepTimes)
        guard stepTimes.count >= 2 else { return (0, 0) }
        if k < 0 {
            let period = stepTimes[1] - stepTimes[0]
            return (-1, 1 + (t - stepTimes[0]) / period)
        }
        let next = k + 1 < stepTimes.count ? stepTimes[k + 1] : stepTimes[k] + (stepTimes[k] - stepTimes[k - 1])
        return (k, (t - stepTimes[k]) / (next - stepTimes[k]))
    }

    private func armAngle(_ t: Double) -> Double {
        let (k, u) = stepPhase(t)
        return armAmplitude * sin(Double.pi * (Double(k) + u) + armPhase)
    }

    func attitude(at t: Double) -> Rotation3 {
        heading * Rotation3(axis: yAxis, angle: -armAngle(t)) * wear
    }

    func position(at t: Double) -> SIMD3<Double> {
        let (k, u) = stepPhase(t)
        // One angular frequency for the amplitudes (the mean cadence), so the position stays continuous where
        // the step period changes.
        let w = 2 * Double.pi * meanCadence
        let theta = armAmplitude * sin(Double.pi * (Double(k) + u) + armPhase)
        // Body: accelerations A cos/sin(ωt) as positions −A/ω² cos/sin; sway at the stride frequency (ω/2).
        let body = SIMD3(
            -forwardAmplitude / (w * w) * sin(2 * Double.pi * u),
            -lateralAmplitude / (w * w / 4) * sin(Double.pi * (Double(k) + u)),
            -verticalAmplitude / (w * w) * cos(2 * Double.pi * u))
        let arm = SIMD3(armLength * sin(theta), 0, -armLength * cos(theta))
        return heading.apply(body + arm)
    }

    func impulses(at t: Double) -> SIMD3<Double> {
        let k = lastIndex(atOrBefore: t, in: stepTimes)
        guard k >= 0 else { return .zero }
        let scale = k % 2 == 0 ? 1 + asymmetry : 1 - asymmetry / 2
        let a = ringing(t, start: stepTimes[k], amplitude: heelStrike * scale, tau: heelTau, frequency: heelFrequency)
        return heading.apply(SIMD3(0.3 * a, 0, a))
    }
}
