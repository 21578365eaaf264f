import Foundation
import SwingSimulation

/// Cycling with the hands on the bars: the forearm's attitude is fixed but for slow steering (±0.05 rad); road
/// vibration (broadband: 32 components at random 6–60 Hz along random directions, 0.05–0.25 g rms in all), bumps
/// every 4–15 s (0.3–1.5 g, 10 Hz, 80 ms) and the bike's rocking at the pedalling cadence (1–1.6 Hz, ±0.5–2 mm at
/// the bars: the arms decouple the wrist from the rider's body).
struct CyclingMotion: StretchMotion {
    private let heading, bars: Rotation3
    private let vibration: [(direction: SIMD3<Double>, amplitude: Double, frequency: Double, phase: Double)]
    private let bumps: [Double]
    private let bumpSize: [Double]
    private let cadence, sway, steeringPeriod: Double

    init(duration: Double, random r: inout SimulationRandom) {
        heading = Rotation3(axis: zAxis, angle: r.uniform(0...6.28))
        bars =
            Rotation3(axis: yAxis, angle: r.uniform(-0.2...0.6)) * Rotation3(axis: xAxis, angle: r.uniform(0...6.28))
        let rms = standardGravity * r.uniform(0.05...0.25)
        var components: [(SIMD3<Double>, Double, Double, Double)] = []
        for _ in 0..<32 {
            components.append((r.unitVector(), rms * (2.0 / 32).squareRoot(), r.uniform(6...60), r.uniform(0...6.28)))
        }
        vibration = components.map { (direction: $0.0, amplitude: $0.1, frequency: $0.2, phase: $0.3) }
        var bumps: [Double] = []
        var sizes: [Double] = []
        var t = r.uniform(2...10)
        while t < duration {
            bumps.append(t)
            sizes.append(standardGravity * r.uniform(0.3...1.5))
            t += r.uniform(4...15)
        }
        self.bumps = bumps
        bumpSize = sizes
        cadence = r.uniform(1...1.6)
        sway = r.uniform(0.0005...0.002)
        steeringPeriod = r.uniform(5...12)
    }

    func attitude(at t: Double) -> Rotation3 {
        heading * Rotation3(axis: zAxis, angle: 0.05 * sin(2 * Double.pi * t / steeringPeriod)) * bars
    }

    func position(at t: Double) -> SIMD3<Double> {
        let c = 2 * Double.pi * cadence * t
        return heading.apply(SIMD3(0, sway * sin(c), 0))
    }

    func impulses(at t: Double) -> SIMD3<Double> {
        var a = SIMD3<Double>.zero
        for v in vibration { a += v.direction * (v.amplitude * sin(2 * Double.pi * v.frequency * t + v.phase)) }
        let k = lastIndex(atOrBefore: t, in: bumps)
        if k >= 0 { a.z += ringing(t, start: bumps[k], amplitude: bumpSize[k], tau: 0.03, frequency: 10) }
        return a
    }
}
