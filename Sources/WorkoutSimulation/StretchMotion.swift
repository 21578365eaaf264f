import Foundation
import SwingSimulation

/// The wrist's motion during one stretch, as functions of the time since the stretch began (s): the attitude
/// (device → world, world z up), a smooth wrist position (m; its second derivative is the kinematic acceleration)
/// and short impulsive accelerations added on top (m/s²: heel strikes, push-offs, claps, road vibration), which
/// would be awkward to write as positions.
protocol StretchMotion: Sendable {
    func attitude(at t: Double) -> Rotation3
    func position(at t: Double) -> SIMD3<Double>
    func impulses(at t: Double) -> SIMD3<Double>
    /// Heel-strike times within the stretch, s (empty without gait).
    var stepTimes: [Double] { get }
}

extension StretchMotion {
    var stepTimes: [Double] { [] }
}

/// Standard gravity, m/s².
let standardGravity = 9.80665

extension SimulationRandom {
    /// A uniformly random unit vector.
    mutating func unitVector() -> SIMD3<Double> {
        let z = uniform(-1...1)
        let phi = uniform(0...(2 * Double.pi))
        let r = (1 - z * z).squareRoot()
        return [r * cos(phi), r * sin(phi), z]
    }
}

/// Axis shorthands.
let xAxis: SIMD3<Double> = [1, 0, 0]
let yAxis: SIMD3<Double> = [0, 1, 0]
let zAxis: SIMD3<Double> = [0, 0, 1]

/// A decaying oscillation starting at `start` (s): amplitude (m/s²) × e^(−Δt/τ) × sin(2π f Δt), zero before.
@inline(__always)
func ringing(_ t: Double, start: Double, amplitude: Double, tau: Double, frequency: Double) -> Double {
    let dt = t - start
    guard dt >= 0, dt < 8 * tau else { return 0 }
    return amplitude * exp(-dt / tau) * sin(2 * Double.pi * frequency * dt)
}

/// Index of the last element of sorted `times` that is ≤ t (−1 when none).
func lastIndex(atOrBefore t: Double, in times: [Double]) -> Int {
    var (lo, hi) = (0, times.count)
    while lo < hi {
        let mid = (lo + hi) / 2
        if times[mid] <= t { lo = mid + 1 } else { hi = mid }
    }
    return lo - 1
}
