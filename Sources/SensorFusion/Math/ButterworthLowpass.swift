import Foundation

/// A second-order Butterworth low-pass on a vector signal, parametrised by a time constant τ (s) and a per-sample
/// interval (s), started from the running mean of its first τ seconds.
///
/// - Cut-off: f_c = √2 / (2π τ) Hz (the non-oscillating part of the step response decays with τ).
/// - Sampling: the interval may change from sample to sample (jittered or unequal rates). Coefficients are
///   recomputed when the interval differs by more than 1 % from the one they were made for, and the state is
///   carried over so that a steady-state output does not jump.
/// - Start: until τ seconds of input have accumulated the output is the mean of the inputs so far, so the first
///   output equals the first input; then the filter state is set to that mean's steady state.
///
/// Transposed direct form II, as scipy's `lfilter` (`zi` model), in Double.
struct ButterworthLowpass<Vector: SIMD & Sendable>: Sendable where Vector.Scalar == Double {
    /// Time constant τ, s (> 0).
    let timeConstant: Double
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0, a1 = 0.0, a2 = 0.0
    /// Sample interval the coefficients were computed for, s (0: none yet).
    private var designInterval = 0.0
    private var s0 = Vector(), s1 = Vector()
    /// Running sum and elapsed time of the averaging start-up; `elapsed < 0` once filtering.
    private var sum = Vector()
    private var count = 0.0
    private var elapsed = 0.0
    private var filtering = false
    /// The last output.
    private(set) var last = Vector()

    init(timeConstant: Double) {
        precondition(timeConstant > 0, "ButterworthLowpass: time constant must be positive")
        self.timeConstant = timeConstant
    }

    /// True once at least one sample went in.
    var hasOutput: Bool { filtering || count > 0 }

    /// Forgets all input: the next sample starts a new averaging phase.
    mutating func reset() {
        filtering = false
        sum = Vector()
        count = 0
        elapsed = 0
        last = Vector()
    }

    /// Puts the filter into the steady state of input `x` (as if `x` had been its input for ever), designed for
    /// samples `interval` s apart.
    mutating func reseed(_ x: Vector, interval: Double) {
        if designInterval == 0 { redesign(interval: interval) }
        setSteadyState(x)
        last = x
        filtering = true
    }

    /// Filters one sample `x` taken `interval` s after the previous one; returns the output.
    @inline(__always)
    mutating func step(_ x: Vector, interval: Double) -> Vector {
        if !filtering {
            sum += x
            count += 1
            elapsed += interval
            last = sum / Vector(repeating: count)
            if elapsed >= timeConstant {
                redesign(interval: interval)
                setSteadyState(last)
                filtering = true
            }
            return last
        }
        if abs(interval - designInterval) > 0.01 * designInterval {
            let old = (b0, b1, a1)
            redesign(interval: interval)
            // Keep a steady state steady: adapt the state to the new coefficients around the last output.
            s0 += Vector(repeating: old.0 - b0) * last
            s1 += Vector(repeating: old.1 - b1 - old.2 + a1) * last
        }
        let y = Vector(repeating: b0) * x + s0
        s0 = Vector(repeating: b1) * x - Vector(repeating: a1) * y + s1
        s1 = Vector(repeating: b2) * x - Vector(repeating: a2) * y
        last = y
        return y
    }

    private mutating func redesign(interval: Double) {
        let cutoff = 2.0.squareRoot() / (2 * Double.pi * timeConstant)
        let c = tan(Double.pi * cutoff * max(interval, 1e-6))
        let d = c * c + 2.0.squareRoot() * c + 1
        b0 = c * c / d
        b1 = 2 * b0
        b2 = b0
        a1 = 2 * (c * c - 1) / d
        a2 = (1 - 2.0.squareRoot() * c + c * c) / d
        designInterval = max(interval, 1e-6)
    }

    private mutating func setSteadyState(_ x: Vector) {
        s0 = x * Vector(repeating: 1 - b0)
        s1 = x * Vector(repeating: b2 - a2)
    }
}
