#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal complex number for filter design (poles and zeros), with numpy's arithmetic so that designs
/// reproduce scipy's to the last bits: Smith's division as in numpy's `complex128` divide, `z * z` for `z**2`.
@usableFromInline
struct FilterDesignComplex: Sendable, Hashable {
    var real: Double
    var imaginary: Double

    init(_ real: Double, _ imaginary: Double = 0) {
        self.real = real
        self.imaginary = imaginary
    }

    /// numpy's `np.isreal`: the imaginary part is exactly zero.
    var isReal: Bool { imaginary == 0 }

    var conjugate: FilterDesignComplex { FilterDesignComplex(real, -imaginary) }

    /// |z| computed as numpy's vectorised `np.abs` on `complex128` arrays does on x86-64-v3/v4
    /// (`simd_cabsolute`): `larger · sqrt(fma(ratio, ratio, 1))` with `ratio = smaller / larger`. This can differ
    /// from `hypot` in the last bit, and scipy's `zpk2sos` breaks exact ties (e.g. band edges symmetric about
    /// fs/4) on these bits, so the pairing only matches scipy's when the magnitudes do.
    var magnitude: Double {
        let (a, b) = (abs(real), abs(imaginary))
        if a.isNaN || b.isNaN { return a == .infinity || b == .infinity ? .infinity : .nan }
        let larger = max(a, b)
        let smaller = min(a, b)
        if larger == 0 || smaller == .infinity { return larger }
        let ratio = smaller / larger
        return (1.0).addingProduct(ratio, ratio).squareRoot() * larger
    }

    static func + (l: Self, r: Self) -> Self { Self(l.real + r.real, l.imaginary + r.imaginary) }
    static func - (l: Self, r: Self) -> Self { Self(l.real - r.real, l.imaginary - r.imaginary) }
    static prefix func - (z: Self) -> Self { Self(-z.real, -z.imaginary) }

    static func * (l: Self, r: Self) -> Self {
        Self(l.real * r.real - l.imaginary * r.imaginary, l.real * r.imaginary + l.imaginary * r.real)
    }

    /// `z ** 2` on a numpy array: numpy's vectorised complex multiply (x86-64-v3/v4) fuses one product of each
    /// part: `(fma(re, re, −im·im), fma(re, im, im·re))`, which can differ in the last bit from `z * z`.
    var squaredLikeNumpyArray: Self {
        Self((-(imaginary * imaginary)).addingProduct(real, real), (imaginary * real).addingProduct(real, imaginary))
    }

    /// Smith's algorithm, as numpy divides `complex128`.
    static func / (l: Self, r: Self) -> Self {
        let (ar, ai, br, bi) = (l.real, l.imaginary, r.real, r.imaginary)
        if abs(br) >= abs(bi) {
            if br == 0 && bi == 0 { return Self(ar / abs(br), ai / abs(br)) }
            let ratio = bi / br
            let scale = 1.0 / (br + bi * ratio)
            return Self((ar + ai * ratio) * scale, (ai - ar * ratio) * scale)
        } else {
            let ratio = br / bi
            let scale = 1.0 / (bi + br * ratio)
            return Self((ar * ratio + ai) * scale, (ai * ratio - ar) * scale)
        }
    }

    static func * (l: Double, r: Self) -> Self { Self(l, 0) * r }
    static func * (l: Self, r: Double) -> Self { l * Self(r, 0) }
    static func / (l: Self, r: Double) -> Self { l / Self(r, 0) }
    static func / (l: Double, r: Self) -> Self { Self(l, 0) / r }

    /// The principal square root (branch cut on the negative real axis, sign of the imaginary part kept, like C99
    /// `csqrt`).
    var squareRoot: Self {
        if real == 0 && imaginary == 0 { return Self(0, imaginary) }
        let t = ((abs(real) + hypot(real, imaginary)) / 2).squareRoot()
        if real >= 0 {
            return Self(t, imaginary / (2 * t))
        } else {
            return Self(abs(imaginary) / (2 * t), imaginary.sign == .minus ? -t : t)
        }
    }

    /// `exp(i θ)`.
    static func unitPhasor(_ theta: Double) -> Self { Self(cos(theta), sin(theta)) }
}
