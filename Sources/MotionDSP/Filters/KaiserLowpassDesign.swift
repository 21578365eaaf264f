#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Windowed-sinc low-pass FIR design with a Kaiser window, equal to
/// `scipy.signal.firwin(tapCount, cutoff, window=("kaiser", beta))` (pass_zero, scale=True, cutoff relative to
/// Nyquist) — the design `scipy.signal.resample_poly` uses.
public enum KaiserLowpassDesign {
    /// The `tapCount` coefficients (odd count, linear phase), normalised to unit gain at DC.
    ///
    /// - Parameters:
    ///   - tapCount: number of taps, ≥ 1.
    ///   - cutoff: −6 dB cutoff as a fraction of the Nyquist frequency, in (0, 1) (e.g. 1/4 for 800 → 200 Hz).
    ///   - beta: Kaiser shape parameter (5.0 in `resample_poly`).
    public static func taps(count tapCount: Int, cutoff: Double, beta: Double = 5.0) -> [Double] {
        precondition(tapCount >= 1, "tapCount must be ≥ 1")
        precondition(cutoff > 0 && cutoff < 1, "cutoff must be in (0, 1) × Nyquist, got \(cutoff)")
        let alpha = 0.5 * Double(tapCount - 1)
        let window = kaiserWindow(count: tapCount, beta: beta)
        var taps = (0..<tapCount).map { n -> Double in
            let m = Double(n) - alpha
            return cutoff * sinc(cutoff * m) * window[n]
        }
        let sum = taps.reduce(0, +)
        for n in taps.indices { taps[n] /= sum }
        return taps
    }

    /// The symmetric Kaiser window `I₀(β·√(1 − ((n − α)/α)²)) / I₀(β)`, α = (count − 1)/2 (scipy
    /// `windows.kaiser(count, beta, sym=True)`).
    public static func kaiserWindow(count: Int, beta: Double) -> [Double] {
        if count == 1 { return [1] }
        let alpha = Double(count - 1) / 2
        let denominator = besselI0(beta)
        return (0..<count).map { n in
            let ratio = (Double(n) - alpha) / alpha
            return besselI0(beta * (Swift.max(0, 1 - ratio * ratio)).squareRoot()) / denominator
        }
    }

    /// Modified Bessel function of the first kind, order 0, by its power series Σ ((x/2)^k / k!)² (converges to
    /// full Double precision for the |x| ≤ 20 window parameters used here).
    public static func besselI0(_ x: Double) -> Double {
        let quarterSquare = x * x / 4
        var term = 1.0
        var sum = 1.0
        var k = 1.0
        while term > sum * 1e-17 {
            term *= quarterSquare / (k * k)
            sum += term
            k += 1
        }
        return sum
    }

    /// Normalised sinc, sin(πx)/(πx), 1 at 0.
    static func sinc(_ x: Double) -> Double {
        if x == 0 { return 1 }
        let y = Double.pi * x
        return sin(y) / y
    }
}
