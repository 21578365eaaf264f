#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tapering window for spectral estimation, in scipy's periodic ("DFT-even", `get_window(..., fftbins=True)`)
/// form, which is what `scipy.signal.welch` uses.
public enum SpectralWindow: Sendable, Hashable {
    /// `0.5 − 0.5·cos(2πn/N)` (scipy `'hann'`, welch's default).
    case hann
    /// `0.54 − 0.46·cos(2πn/N)` (scipy `'hamming'`).
    case hamming
    /// All ones (scipy `'boxcar'`): no taper.
    case boxcar

    /// The `count` window values (periodic; `count` ≥ 0). A window of one value is `[1]`.
    public func values(count: Int) -> [Double] {
        precondition(count >= 0, "window length must be ≥ 0")
        if count == 1 { return [1] }
        let a0: Double
        switch self {
        case .hann: a0 = 0.5
        case .hamming: a0 = 0.54
        case .boxcar: return [Double](repeating: 1, count: count)
        }
        // scipy.signal.windows.general_cosine: fac = linspace(−π, π, N + 1)[:-1]; w = a0 + (1 − a0)·cos(fac).
        return (0..<count).map { n in
            let fac = -Double.pi + 2 * Double.pi * Double(n) / Double(count)
            return a0 + (1 - a0) * cos(fac)
        }
    }
}
