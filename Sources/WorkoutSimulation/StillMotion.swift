import Foundation
import SwingSimulation

/// Not moving from the spot: resting (physiological tremor 8–12 Hz, 0.002–0.008 g, and a small change of posture
/// every 20–60 s), typing (4–8 light taps a second, 0.02–0.12 g, 30 Hz ringing, small hand drift) or clapping
/// (2–5 s bursts every 10–20 s at 2–3 claps/s: ±0.05–0.1 m hand travel and a 3–8 g impact per clap).
struct StillMotion: StretchMotion {
    private let kind: ActivityStretch.Kind
    private let base: Rotation3
    private let tremor, tremorFrequency: Double
    private let postureTimes: [Double]
    private let postureAxes: [SIMD3<Double>]
    private let events: [Double]
    private let eventSize: [Double]
    private let eventDirection: [SIMD3<Double>]
    private let bursts: [(start: Double, end: Double, rate: Double, travel: Double)]

    init(kind: ActivityStretch.Kind, duration: Double, random r: inout SimulationRandom) {
        self.kind = kind
        // Arm on a table (face up-ish) or hanging, any roll.
        base =
            Rotation3(axis: zAxis, angle: r.uniform(0...6.28))
            * Rotation3(axis: yAxis, angle: r.chance(0.5) ? r.uniform(-0.4...0.4) : Double.pi / 2 + r.uniform(-0.3...0.3))
            * Rotation3(axis: xAxis, angle: r.chance(0.7) ? r.uniform(-0.5...0.5) : r.uniform(0...6.28))
        tremor = standardGravity * r.uniform(0.002...0.008)
        tremorFrequency = r.uniform(8...12)
        var postures: [Double] = []
        var axes: [SIMD3<Double>] = []
        var t = r.uniform(10...40)
        while kind == .resting && t < duration - 2 {
            postures.append(t)
            axes.append(r.unitVector())
            t += r.uniform(20...60)
        }
        postureTimes = postures
        postureAxes = axes
        var events: [Double] = []
        var sizes: [Double] = []
        var directions: [SIMD3<Double>] = []
        var bursts: [(Double, Double, Double, Double)] = []
        switch kind {
        case .typing:
            var e = r.uniform(0...0.3)
            while e < duration {
                events.append(e)
                sizes.append(standardGravity * r.uniform(0.02...0.12))
                directions.append(r.unitVector())
                e += r.uniform(0.08...0.3)
            }
        case .clapping:
            var b = r.uniform(2...8)
            while b < duration - 2 {
                let length = Swift.min(r.uniform(2...5), duration - b)
                let rate = r.uniform(2...3)
                bursts.append((b, b + length, rate, r.uniform(0.05...0.1)))
                var clap = b + 0.25 / rate
                while clap < b + length {
                    events.append(clap)
                    sizes.append(standardGravity * r.uniform(3...8))
                    directions.append(r.unitVector())
                    clap += 1 / rate
                }
                b += length + r.uniform(10...20)
            }
        default: break
        }
        self.events = events
        eventSize = sizes
        eventDirection = directions
        self.bursts = bursts.map { (start: $0.0, end: $0.1, rate: $0.2, travel: $0.3) }
    }

    func attitude(at t: Double) -> Rotation3 {
        var r = base
        // Each change of posture turns the wrist 0.3 rad over 1.5 s (raised cosine) and stays.
        for (i, start) in postureTimes.enumerated() where t > start {
            let u = Swift.min(1, (t - start) / 1.5)
            r = Rotation3(axis: postureAxes[i], angle: 0.3 * 0.5 * (1 - cos(Double.pi * u))) * r
        }
        return r
    }

    func position(at t: Double) -> SIMD3<Double> {
        var p = SIMD3<Double>.zero
        if kind == .typing { p.x = 0.005 * sin(2 * Double.pi * 0.5 * t) }
        for b in bursts where t > b.start && t < b.end {
            // Hands travel together and apart; the envelope keeps position and velocity continuous at the ends.
            let envelope = sin(Double.pi * (t - b.start) / (b.end - b.start))
            p.y += b.travel * envelope * envelope * sin(2 * Double.pi * b.rate * (t - b.start))
        }
        return p
    }

    func impulses(at t: Double) -> SIMD3<Double> {
        var a = SIMD3<Double>(0, 0, tremor * sin(2 * Double.pi * tremorFrequency * t))
        let k = lastIndex(atOrBefore: t, in: events)
        if k >= 0 {
            let (tau, frequency) = kind == .clapping ? (0.01, 40.0) : (0.015, 30.0)
            a += eventDirection[k] * ringing(t, start: events[k], amplitude: eventSize[k], tau: tau, frequency: frequency)
        }
        return a
    }
}
