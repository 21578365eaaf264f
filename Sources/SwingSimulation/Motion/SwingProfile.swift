import Foundation

/// The time course of one swing relative to its onset (τ = t − start, s): the angular rate about the swing axis
/// (load, rise, peak, contact slowdown, follow-through), the forearm roll, and the wrist's distance from the axis.
///
/// Rate about the swing axis, rad/s (positive in the swing direction):
/// - load, paused (the swing starts from rest): −loadRate · sin²(π (τ − τ_load) / loadDuration) on
///   [τ_load, τ_load + loadDuration], ending `loadPause` before the onset;
/// - load, reversing (the swing starts straight out of the load, no pause): −loadRate · sin(π (τ − τ_load) /
///   loadDuration) on [−loadDuration, 0], so the rate crosses zero at the onset with slope π·loadRate/loadDuration;
///   after the onset the reversal carries on as carry · loadRate · v·e^(−v²/2), v = πτ/loadDuration (carry = 1:
///   the angular acceleration is continuous through the onset; 0: the rate has a corner there);
/// - swing: peakRate · rise(τ/τ_peak) before the peak, peakRate · (x e^(1−x))^decayExponent after it
///   (x = τ/τ_peak), C¹ at the peak;
/// - contact: multiplied by 1 − slowdown · ½(1 − cos(π min(1, (τ − T)/width))) after contact time T.
struct SwingProfile: Sendable {
    let shape: OnsetShape
    let peakRate: Double
    let peakTime: Double
    let decayExponent: Double
    /// Contact (or passing the contact zone) after the onset, s.
    let contactTime: Double
    let slowdown: Double
    let slowdownWidth: Double
    let loadRate: Double
    let loadStart: Double
    let loadDuration: Double
    /// Whether the swing starts straight out of the load (see the type's comment) rather than after a pause.
    let reversesFromLoad: Bool
    /// Share of the reversal's angular acceleration that carries on after the onset, 0...1 (reversing loads only).
    let loadCarry: Double
    let rollPeak: Double
    let rollCenter: Double
    let rollWidth: Double
    let radius: Double
    let radiusGrowth: Double
    /// End of the follow-through: the swing rate has fallen below 1 % of its peak, s after the onset.
    let endTime: Double
    /// θ(τ): integral of `axisRate` from `loadStart`, sampled every `thetaStep` seconds.
    private let theta: [Double]
    private let thetaStep = 0.0005

    init(
        shape: OnsetShape, peakRate: Double, peakTime: Double, decayExponent: Double, contactTime: Double,
        slowdown: Double, slowdownWidth: Double, loadRate: Double, loadDuration: Double, loadPause: Double,
        reversesFromLoad: Bool = false, loadCarry: Double = 0, rollPeak: Double, rollCenter: Double, rollWidth: Double, radius: Double, radiusGrowth: Double
    ) {
        self.shape = shape
        self.peakRate = peakRate
        self.peakTime = peakTime
        self.decayExponent = decayExponent
        self.contactTime = contactTime
        self.slowdown = slowdown
        self.slowdownWidth = slowdownWidth
        self.loadRate = loadRate
        self.loadDuration = loadDuration
        self.reversesFromLoad = reversesFromLoad
        self.loadCarry = reversesFromLoad ? loadCarry : 0
        self.loadStart = reversesFromLoad ? -loadDuration : -loadPause - loadDuration
        self.rollPeak = rollPeak
        self.rollCenter = rollCenter
        self.rollWidth = rollWidth
        self.radius = radius
        self.radiusGrowth = radiusGrowth
        // Solve decayExponent · (ln x + 1 − x) = ln 0.01 for x > 1 by bisection.
        var lo = 1.0
        var hi = 30.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if decayExponent * (log(mid) + 1 - mid) > log(0.01) { lo = mid } else { hi = mid }
        }
        let decayEnd = hi * peakTime
        self.endTime = max(decayEnd, rollCenter + rollWidth, contactTime + slowdownWidth)
        // Cumulative trapezoid of the axis rate.
        let count = Int(((endTime - loadStart) / thetaStep).rounded(.up)) + 2
        var values = [Double](repeating: 0, count: count)
        var previous = 0.0
        var sum = 0.0
        for i in 1..<count {
            let rate = Self.axisRate(
                at: loadStart + Double(i) * thetaStep, shape: shape, peakRate: peakRate, peakTime: peakTime,
                decayExponent: decayExponent, contactTime: contactTime, slowdown: slowdown,
                slowdownWidth: slowdownWidth, loadRate: loadRate, loadStart: loadStart, loadDuration: loadDuration,
                reversesFromLoad: reversesFromLoad, loadCarry: self.loadCarry)
            sum += 0.5 * (previous + rate) * thetaStep
            values[i] = sum
            previous = rate
        }
        theta = values
    }

    /// Rate about the swing axis at τ, rad/s.
    func axisRate(_ tau: Double) -> Double {
        Self.axisRate(
            at: tau, shape: shape, peakRate: peakRate, peakTime: peakTime, decayExponent: decayExponent,
            contactTime: contactTime, slowdown: slowdown, slowdownWidth: slowdownWidth, loadRate: loadRate,
            loadStart: loadStart, loadDuration: loadDuration, reversesFromLoad: reversesFromLoad, loadCarry: loadCarry)
    }

    /// The swing part only (no load), rad/s: zero before the onset.
    func swingRate(_ tau: Double) -> Double {
        axisRate(tau) - loadPart(tau)
    }

    private func loadPart(_ tau: Double) -> Double {
        Self.load(
            tau, loadRate: loadRate, loadStart: loadStart, loadDuration: loadDuration,
            reversesFromLoad: reversesFromLoad, loadCarry: loadCarry)
    }

    /// The load's part of the axis rate at τ, rad/s (negative: against the swing direction).
    private static func load(
        _ tau: Double, loadRate: Double, loadStart: Double, loadDuration: Double, reversesFromLoad: Bool,
        loadCarry: Double
    ) -> Double {
        let u = (tau - loadStart) / loadDuration
        if reversesFromLoad {
            if u >= 1 {
                // The reversal carrying on after the onset; below 1e-6 of the load rate it is cut to zero.
                let v = Double.pi * u - Double.pi
                guard loadCarry > 0, v < 6 else { return 0 }
                return loadCarry * loadRate * v * exp(-0.5 * v * v)
            }
            guard u > 0 else { return 0 }
            return -loadRate * sin(Double.pi * u)
        }
        guard u > 0, u < 1 else { return 0 }
        let s = sin(Double.pi * u)
        return -loadRate * s * s
    }

    private static func axisRate(
        at tau: Double, shape: OnsetShape, peakRate: Double, peakTime: Double, decayExponent: Double,
        contactTime: Double, slowdown: Double, slowdownWidth: Double, loadRate: Double, loadStart: Double,
        loadDuration: Double, reversesFromLoad: Bool, loadCarry: Double
    ) -> Double {
        let loadRate = load(
            tau, loadRate: loadRate, loadStart: loadStart, loadDuration: loadDuration,
            reversesFromLoad: reversesFromLoad, loadCarry: loadCarry)
        guard tau > 0 else { return loadRate }
        let x = tau / peakTime
        var rate = x < 1 ? shape.rise(x) : pow(x * exp(1 - x), decayExponent)
        if slowdown > 0, tau > contactTime {
            let u = min(1, (tau - contactTime) / slowdownWidth)
            rate *= 1 - slowdown * 0.5 * (1 - cos(Double.pi * u))
        }
        return peakRate * rate + loadRate
    }

    /// Time derivative of the axis rate, rad/s² (central difference).
    func axisAcceleration(_ tau: Double) -> Double {
        let h = 1e-5
        return (axisRate(tau + h) - axisRate(tau - h)) / (2 * h)
    }

    /// Angle turned about the swing axis since the load began, rad.
    func angle(_ tau: Double) -> Double {
        let position = (tau - loadStart) / thetaStep
        if position <= 0 { return 0 }
        let index = Int(position)
        if index >= theta.count - 1 { return theta[theta.count - 1] }
        let fraction = position - Double(index)
        return theta[index] + fraction * (theta[index + 1] - theta[index])
    }

    /// Forearm roll rate at τ, rad/s (raised-cosine bump around `rollCenter`).
    func rollRate(_ tau: Double) -> Double {
        let u = (tau - rollCenter) / rollWidth
        guard abs(u) < 1 else { return 0 }
        return rollPeak * 0.5 * (1 + cos(Double.pi * u))
    }

    /// Distance of the wrist from the swing axis, m: grows by `radiusGrowth` during the downswing
    /// (quintic smootherstep from 0.2 T to T, so its second derivative is continuous).
    func wristRadius(_ tau: Double) -> Double {
        let u = (tau - 0.2 * contactTime) / (0.8 * contactTime)
        let s = u <= 0 ? 0 : (u >= 1 ? 1 : u * u * u * (u * (6 * u - 15) + 10))
        return radius + radiusGrowth * s
    }
}
