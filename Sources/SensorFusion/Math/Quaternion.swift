import Foundation

/// Hamilton quaternion arithmetic on `SIMD4<Double>` laid out (w, x, y, z).
///
/// A unit quaternion q rotates a vector v as q ⊗ (0, v) ⊗ q*. The filter keeps its state in Double; samples enter and
/// leave as Float.
enum Quaternion {
    /// The identity rotation (1, 0, 0, 0).
    static let identity = SIMD4<Double>(1, 0, 0, 0)

    /// Hamilton product a ⊗ b.
    @inline(__always)
    static func multiply(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(
            a.x * b.x - a.y * b.y - a.z * b.z - a.w * b.w,
            a.x * b.y + a.y * b.x + a.z * b.w - a.w * b.z,
            a.x * b.z - a.y * b.w + a.z * b.x + a.w * b.y,
            a.x * b.w + a.y * b.z - a.z * b.y + a.w * b.x)
    }

    /// The conjugate (w, −x, −y, −z): the inverse rotation of a unit quaternion.
    @inline(__always)
    static func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(q.x, -q.y, -q.z, -q.w) }

    /// q ⊗ (0, v) ⊗ q* for a unit quaternion q.
    @inline(__always)
    static func rotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let w = q.x
        let u = SIMD3(q.y, q.z, q.w)
        let t = 2 * cross(u, v)
        return v + w * t + cross(u, t)
    }

    /// `q` scaled to unit length (unchanged when its norm is zero).
    @inline(__always)
    static func normalized(_ q: SIMD4<Double>) -> SIMD4<Double> {
        let n = (q * q).sum().squareRoot()
        return n > 0 ? q * (1 / n) : q
    }

    /// The rotation by `rate · duration` radians about the axis of `rate` (rad/s, over `duration` s): the exact
    /// strapdown step for a rate held constant over the interval. Below 0.05 rad (10 rad/s at 200 Hz) it uses the
    /// Taylor series of cos(θ/2) and sin(θ/2)/θ to the θ⁶ term, exact to below 1e-16.
    @inline(__always)
    static func step(rate: SIMD3<Double>, duration: Double) -> SIMD4<Double> {
        let squaredNorm = (rate * rate).sum()
        let theta2 = squaredNorm * duration * duration
        if theta2 < 0.0025 {
            let x = theta2 / 4  // (θ/2)²
            let c = 1 - x / 2 * (1 - x / 12 * (1 - x / 30 * (1 - x / 56)))
            let sinc = 1 - x / 6 * (1 - x / 20 * (1 - x / 42 * (1 - x / 72)))  // sin(θ/2) / (θ/2)
            let s = sinc * duration / 2
            return SIMD4(c, s * rate.x, s * rate.y, s * rate.z)
        }
        let norm = squaredNorm.squareRoot()
        let angle = norm * duration
        let s = sin(angle / 2) / norm
        return SIMD4(cos(angle / 2), s * rate.x, s * rate.y, s * rate.z)
    }

    @inline(__always)
    static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }
}
