import Foundation

/// Band-limited accelerometer noise standing for hand tremor and small motions: per axis a two-pole resonator
/// (centre 10 Hz, ~20 Hz wide) driven by white noise, scaled to `rms` g. Runs at the accelerometer's mean rate.
struct TremorNoise {
    private let a1: Double
    private let a2: Double
    private let drive: Double
    private var x1 = Vector3.zero
    private var x2 = Vector3.zero

    init(rms: Double, sampleRate: Double, random: inout SimulationRandom) {
        let r = exp(-Double.pi * 20 / sampleRate)
        let c = cos(2 * Double.pi * 10 / sampleRate)
        a1 = 2 * r * c
        a2 = -r * r
        // Output variance of x[n] = a1 x[n−1] + a2 x[n−2] + e[n] for unit-variance e.
        let gain = (1 - a2) / ((1 + a2) * ((1 - a2) * (1 - a2) - a1 * a1))
        drive = rms > 0 ? rms / gain.squareRoot() : 0
        // Start in the stationary state (roughly): run the resonator for a second.
        for _ in 0..<Int(sampleRate) { _ = next(&random) }
    }

    mutating func next(_ random: inout SimulationRandom) -> Vector3 {
        let e = drive * Vector3(random.gaussian(), random.gaussian(), random.gaussian())
        let x = a1 * x1 + a2 * x2 + e
        x2 = x1
        x1 = x
        return x
    }
}
