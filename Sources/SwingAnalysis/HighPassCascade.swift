/// A Butterworth high-pass as a cascade of second-order sections, run on x, y, z, |a| at once with `Double` state
/// carried from sample to sample (direct form II transposed, scipy's `sosfilt` model).
///
/// Design: bilinear transform with pre-warping at the cutoff, one section per conjugate pole pair with
/// Q_k = 1 / (2 sin((2k − 1)π / (2n))), k = 1…n/2 — the same filter as `scipy.signal.butter(n, fc, 'highpass',
/// fs=fs, output='sos')` up to section gain distribution.
struct HighPassCascade: Sendable {
    struct Section: Sendable {
        var b0, b1, b2, a1, a2: Double
        var s1 = SIMD4<Double>.zero
        var s2 = SIMD4<Double>.zero
    }

    var sections: [Section]

    /// - Parameters:
    ///   - order: even, 2...8.
    ///   - cutoff: −3 dB frequency, Hz, `0 < cutoff < sampleRate / 2`.
    ///   - sampleRate: Hz.
    init(order: Int, cutoff: Double, sampleRate: Double) {
        precondition(order >= 2 && order % 2 == 0, "order must be even and ≥ 2")
        precondition(cutoff > 0 && cutoff < sampleRate / 2, "cutoff must lie in (0, sampleRate/2)")
        let w0 = 2 * Double.pi * cutoff / sampleRate
        let cosW0 = _cos(w0)
        let sinW0 = _sin(w0)
        sections = (1...(order / 2)).map { k in
            let q = 1 / (2 * _sin(Double(2 * k - 1) * Double.pi / Double(2 * order)))
            let alpha = sinW0 / (2 * q)
            let a0 = 1 + alpha
            return Section(
                b0: (1 + cosW0) / 2 / a0, b1: -(1 + cosW0) / a0, b2: (1 + cosW0) / 2 / a0,
                a1: -2 * cosW0 / a0, a2: (1 - alpha) / a0)
        }
    }

    /// Sets the state to the steady state for a constant input `x` (output 0 for a high-pass), so that the first
    /// samples do not ring.
    mutating func setSteadyState(for x: SIMD4<Double>) {
        var input = x
        for index in sections.indices {
            let s = sections[index]
            // Steady state of DF2T with constant input u and output y = 0 (no DC gain).
            let y = SIMD4<Double>.zero
            sections[index].s2 = s.b2 * input - s.a2 * y
            sections[index].s1 = s.b1 * input - s.a1 * y + sections[index].s2
            input = y
        }
    }

    /// Filters one sample.
    mutating func process(_ x: SIMD4<Double>) -> SIMD4<Double> {
        var value = x
        for index in sections.indices {
            let s = sections[index]
            let y = s.b0 * value + s.s1
            sections[index].s1 = s.b1 * value - s.a1 * y + s.s2
            sections[index].s2 = s.b2 * value - s.a2 * y
            value = y
        }
        return value
    }
}

#if canImport(Glibc)
import Glibc
func _cos(_ x: Double) -> Double { Glibc.cos(x) }
func _sin(_ x: Double) -> Double { Glibc.sin(x) }
#elseif canImport(Darwin)
import Darwin
func _cos(_ x: Double) -> Double { Darwin.cos(x) }
func _sin(_ x: Double) -> Double { Darwin.sin(x) }
#endif
