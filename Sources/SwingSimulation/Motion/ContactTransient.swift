import Foundation

/// A contact transient in the device frame (g): a half-sine contact force of duration `contactDuration`
/// convolved with the impulse responses of damped vibration modes, e^(−u/decay) · sin(2π f u), each along its own
/// device-frame direction. Exactly zero before `time` (the start of contact), then rising smoothly.
struct ContactTransient: Sendable {
    struct Mode: Sendable {
        var frequency: Double
        var decay: Double
        /// Direction and relative weight (device frame).
        var vector: Vector3
    }

    /// Start of contact, s.
    private(set) var time: Double
    let contactDuration: Double
    let modes: [Mode]
    /// Scale making the peak |value| equal the requested peak.
    private(set) var scale: Double = 1
    /// Requested peak |acceleration|, g.
    let peak: Double
    /// After this time the transient is below 1e-4 of its peak and is treated as zero, s.
    private(set) var end: Double

    init(time: Double, contactDuration: Double, modes: [Mode], peak: Double) {
        self.time = time
        self.contactDuration = contactDuration
        self.modes = modes
        self.peak = peak
        let longestDecay = modes.map(\.decay).max() ?? 0
        self.end = time + contactDuration + 9.3 * longestDecay
        // Find the unscaled peak on a fine grid (20 kHz) over the first part of the response.
        var maximum = 0.0
        var t = time
        let stop = time + contactDuration + 3 * longestDecay
        while t < stop {
            maximum = max(maximum, value(at: t).length)
            t += 5e-5
        }
        scale = maximum > 0 ? peak / maximum : 0
    }

    /// The transient at time t, device frame, g.
    func value(at t: Double) -> Vector3 {
        let u = t - time
        guard u > 0, t < end else { return .zero }
        // Midpoint quadrature of ∫_0^min(u, Tc) sin(π s/Tc) h(u − s) ds over 16 nodes.
        let upper = min(u, contactDuration)
        let nodes = 16
        let ds = upper / Double(nodes)
        var result = Vector3.zero
        for mode in modes {
            let omega = 2 * Double.pi * mode.frequency
            var sum = 0.0
            for k in 0..<nodes {
                let s = (Double(k) + 0.5) * ds
                let lag = u - s
                sum += sin(Double.pi * s / contactDuration) * exp(-lag / mode.decay) * sin(omega * lag)
            }
            result += (sum * ds) * mode.vector
        }
        return scale * result
    }

    /// The same transient `shift` seconds later.
    func shifted(by shift: Double) -> ContactTransient {
        var copy = self
        copy.time += shift
        copy.end += shift
        return copy
    }

    /// Frequency of the strongest mode, Hz.
    var dominantFrequency: Double {
        modes.max { $0.vector.length < $1.vector.length }?.frequency ?? 0
    }
}
