import Foundation

/// How a swing's rate rises from zero at the onset (x = τ / τ_peak = 0) to its peak (x = 1), where it has zero
/// slope. Every shape is exactly zero before the onset and grows like x^p right after it, so a fixed threshold
/// crossing lags the true onset by tens of milliseconds, as on real swings.
public enum OnsetShape: Sendable, Equatable, Codable, CustomStringConvertible {
    /// x^p · (1 + p(1 − x)): a pure power-law start (p in 1.5–3), monotonic on [0, 1].
    case powerLaw(p: Double)
    /// (x · e^(1−x))^p: a gamma-function bump, ≈ (e·x)^p near the onset.
    case gamma(p: Double)
    /// (½(1 − cos πx))^q: a raised cosine, ≈ (πx/2)^(2q) near the onset (2q in 1.5–3).
    case raisedCosine(q: Double)

    /// The rise at x in [0, 1] (0 below, 1 at and above x = 1 is not handled here).
    @inlinable public func rise(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        switch self {
        case .powerLaw(let p): return pow(x, p) * (1 + p * (1 - x))
        case .gamma(let p): return pow(x * exp(1 - x), p)
        case .raisedCosine(let q): return pow(0.5 * (1 - cos(Double.pi * x)), q)
        }
    }

    /// The effective power-law exponent near the onset.
    public var onsetExponent: Double {
        switch self {
        case .powerLaw(let p), .gamma(let p): p
        case .raisedCosine(let q): 2 * q
        }
    }

    public var description: String {
        switch self {
        case .powerLaw(let p): "powerLaw(p=\(String(format: "%.2f", p)))"
        case .gamma(let p): "gamma(p=\(String(format: "%.2f", p)))"
        case .raisedCosine(let q): "raisedCosine(q=\(String(format: "%.2f", q)))"
        }
    }
}
