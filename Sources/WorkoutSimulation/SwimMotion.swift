import Foundation
import SwingSimulation

/// Swimming at the wrist. Front crawl and backstroke: the arm turns full circles about the shoulder's lateral axis
/// at 0.35–0.8 strokes/s (faster in the pull than in the recovery) while the body rolls ±0.3–0.7 rad; the gravity
/// direction in the device frame sweeps through large angles every stroke. Breaststroke: large horizontal
/// out- and in-sweeps (rotation about the vertical) with the forearm pitching down and rolling. Both: water drag in
/// the pull, a body surge twice per stroke, and a wall turn every 18–35 s (strokes stop for 2–4 s of glide, with a
/// 1.5–5 g push-off).
struct SwimMotion: StretchMotion {
    private let breaststroke: Bool
    private let direction: Double
    private let heading, wear: Rotation3
    private let armLength, drag, surge, rollAmplitude, sweep, pitchAmplitude: Double
    /// Stroke phase (cycles) on a 1 kHz grid: the integral of stroke rate × activity (0 in glides).
    private let phase: [Double]
    private let activity: [Double]
    private let turns: [Double]
    private let push: [Double]
    private static let gridRate = 1000.0

    init(kind: ActivityStretch.Kind, duration: Double, random r: inout SimulationRandom) {
        breaststroke = kind == .swimmingBreaststroke
        direction = r.chance(0.5) ? 1 : -1  // crawl or backstroke: the arm turns one way or the other
        let rate = breaststroke ? r.uniform(0.4...0.8) : r.uniform(0.35...0.8)
        heading = Rotation3(axis: zAxis, angle: r.uniform(0...6.28))
        wear = Rotation3(axis: xAxis, angle: r.uniform(0...6.28)) * Rotation3(axis: zAxis, angle: r.uniform(-0.3...0.3))
        armLength = r.uniform(0.55...0.7)
        drag = standardGravity * r.uniform(0.2...0.6)
        surge = standardGravity * r.uniform(0.1...0.3)
        rollAmplitude = r.uniform(0.3...0.7)
        sweep = r.uniform(0.6...1.1)
        pitchAmplitude = r.uniform(0.5...1.2)
        var turns: [Double] = []
        var push: [Double] = []
        var t = r.uniform(10...30)
        while t < duration - 5 {
            turns.append(t)
            push.append(standardGravity * r.uniform(1.5...5))
            t += r.uniform(18...35)
        }
        self.turns = turns
        self.push = push
        let glide = r.uniform(2...4)
        let n = Int(duration * Self.gridRate) + 2
        var phase = [Double](repeating: 0, count: n)
        var activity = [Double](repeating: 1, count: n)
        let ramp = 0.5
        var p = r.uniform(0...1)
        for i in 0..<n {
            let time = Double(i) / Self.gridRate
            var a = 1.0
            for turn in turns where time > turn - ramp && time < turn + glide + ramp {
                let into = time - (turn - ramp), outOf = turn + glide + ramp - time
                let edge = Swift.min(into, outOf)
                a = edge >= ramp ? 0 : 0.5 * (1 + cos(Double.pi * edge / ramp))
            }
            activity[i] = a
            phase[i] = p
            p += rate * a / Self.gridRate
        }
        self.phase = phase
        self.activity = activity
    }

    private func interpolate(_ values: [Double], _ t: Double) -> Double {
        let x = Swift.max(0, t * Self.gridRate)
        let i = Swift.min(values.count - 2, Int(x))
        let f = x - Double(i)
        return values[i] * (1 - f) + values[i + 1] * f
    }

    /// Arm attitude in the body's world frame (no heading).
    private func arm(_ t: Double) -> Rotation3 {
        let c = 2 * Double.pi * interpolate(phase, t)
        let a = interpolate(activity, t)
        if breaststroke {
            return Rotation3(axis: zAxis, angle: a * sweep * sin(c))
                * Rotation3(axis: yAxis, angle: a * pitchAmplitude * 0.5 * (1 - cos(c)))
                * Rotation3(axis: xAxis, angle: a * 0.7 * sin(c + 1))
        }
        // Non-uniform arm speed: faster pull; the body rolls with the stroke.
        let angle = direction * (c + 0.4 * sin(c))
        return Rotation3(axis: xAxis, angle: a * rollAmplitude * sin(c + 0.5)) * Rotation3(axis: yAxis, angle: angle)
    }

    func attitude(at t: Double) -> Rotation3 { heading * arm(t) * wear }

    func position(at t: Double) -> SIMD3<Double> {
        let c = 2 * Double.pi * interpolate(phase, t)
        let w = 2 * Double.pi * 0.6
        let body = SIMD3(-surge / (4 * w * w) * sin(2 * c), 0, 0)
        return heading.apply(body + arm(t).apply(SIMD3(armLength, 0, 0)))
    }

    func impulses(at t: Double) -> SIMD3<Double> {
        let c = 2 * Double.pi * interpolate(phase, t)
        let a = interpolate(activity, t)
        // Drag while the hand pulls (half of each stroke), against the forearm's direction of travel.
        let pull = Swift.max(0, sin(c)) * a * drag
        var acceleration = heading.apply(arm(t).apply(SIMD3(0, 0, pull)))
        let k = lastIndex(atOrBefore: t, in: turns)
        if k >= 0 {
            acceleration += heading.apply(
                SIMD3(ringing(t, start: turns[k], amplitude: push[k], tau: 0.08, frequency: 2), 0, 0))
        }
        return acceleration
    }
}
