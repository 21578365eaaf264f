import Foundation
import SwingSimulation

/// Cycling with the hands on the bars: the forearm's attitude is fixed but for slow steering (±0.05 rad); road
/// vibration (broadband: 32 components at random 6–60 Hz along random directions, 0.05–0.25 g rms in all), bumps
/// every 4–15 s (0.3–1.5 g, 10 Hz, 80 ms) and the bike's rocking at the pedalling cadence (1–1.6 Hz, ±0.5–2 mm at
/// the bars: the arms decouple the wrist from the rider's body).
///
/// The road vibration's frequencies scale with the speed (wheel and frame excitation), which changes by ±5–25 %
/// over 15–60 s, so no component stays at one frequency (a fixed tone aliases into a fixed, periodic-looking
/// frequency at a low sampling rate; real road vibration does not). With `outOfSaddleChance`, a ride holds a
/// stretch of 10–25 s out of the saddle (climbing or sprinting): the bike rocks side to side at the crank
/// frequency (±3–8°, about the tyre contact, the bars 1 m above it) and the rider's weight bobs the bars at twice
/// it (±3–10 mm).
struct CyclingMotion: StretchMotion {
    private let heading, bars: Rotation3
    private let vibration: [(direction: SIMD3<Double>, amplitude: Double, frequency: Double, phase: Double)]
    private let bumps: [Double]
    private let bumpSize: [Double]
    private let cadence, sway, steeringPeriod: Double
    /// Relative speed change, its angular frequency (rad/s) and phase.
    private let speedChange, speedRate, speedPhase: Double
    /// Out of the saddle from `standing.lowerBound` to `.upperBound` s (empty: seated throughout); lean
    /// amplitude, rad; bob amplitude, m.
    private let standing: Range<Double>
    private let lean, bob: Double

    init(duration: Double, outOfSaddleChance: Double = 0, random r: inout SimulationRandom) {
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
        // Drawn from their own stream, so the parameters above stay those of earlier versions for each seed.
        var more = r.derived(0xC1C)
        speedChange = more.uniform(0.05...0.25)
        speedRate = 2 * Double.pi / more.uniform(15...60)
        speedPhase = more.uniform(0...6.28)
        if more.chance(outOfSaddleChance) && duration > 20 {
            let length = Swift.min(more.uniform(10...25), duration - 10)
            let start = more.uniform(5...Swift.max(5, duration - 5 - length))
            standing = start..<(start + length)
        } else {
            standing = 0..<0
        }
        lean = more.uniform(3...8) * Double.pi / 180
        bob = more.uniform(0.003...0.01)
    }

    /// Smooth 0…1 envelope of the standing stretch (raised-cosine ramps of 1 s), so position and attitude stay
    /// continuous.
    private func standingWeight(_ t: Double) -> Double {
        guard !standing.isEmpty, t > standing.lowerBound, t < standing.upperBound else { return 0 }
        let edge = Swift.min(t - standing.lowerBound, standing.upperBound - t)
        return edge >= 1 ? 1 : 0.5 * (1 - cos(Double.pi * edge))
    }

    /// ∫ speed factor dt with speed factor 1 + speedChange·sin(speedRate·t + speedPhase), s.
    private func travelled(_ t: Double) -> Double {
        t - speedChange / speedRate * (cos(speedRate * t + speedPhase) - cos(speedPhase))
    }

    /// The bike's lean out of the saddle, rad (about the heading's x axis: the direction of travel).
    private func leanAngle(_ t: Double) -> Double {
        standingWeight(t) * lean * sin(2 * Double.pi * cadence * t)
    }

    func attitude(at t: Double) -> Rotation3 {
        heading * Rotation3(axis: xAxis, angle: leanAngle(t))
            * Rotation3(axis: zAxis, angle: 0.05 * sin(2 * Double.pi * t / steeringPeriod)) * bars
    }

    func position(at t: Double) -> SIMD3<Double> {
        let c = 2 * Double.pi * cadence * t
        // Leaning about the tyre contact moves the bars (1 m up) sideways and, a little, down.
        let angle = leanAngle(t)
        let standingBob = standingWeight(t) * bob * sin(2 * c)
        return heading.apply(SIMD3(0, sway * sin(c) - sin(angle), cos(angle) - 1 + standingBob))
    }

    func impulses(at t: Double) -> SIMD3<Double> {
        var a = SIMD3<Double>.zero
        let distance = travelled(t)
        for v in vibration { a += v.direction * (v.amplitude * sin(2 * Double.pi * v.frequency * distance + v.phase)) }
        let k = lastIndex(atOrBefore: t, in: bumps)
        if k >= 0 { a.z += ringing(t, start: bumps[k], amplitude: bumpSize[k], tau: 0.03, frequency: 10) }
        return a
    }
}
