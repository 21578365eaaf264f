import Foundation

/// Hamilton quaternion arithmetic on `SIMD4<Double>` laid out (w, x, y, z).
///
/// A unit quaternion q rotates a vector v as q ⊗ (0, v) ⊗ q*. The filter keeps its state in Double; samples enter and
/// leave as Float.
enum Quaternion {
    /// The identity rotation (1, 0, 0, 0).
    static let identity = SIMD4<Double>(1, 0, 0, 0)

    /// Hamilton product a ⊗ b. Written on scalars: lane-wise SIMD4 expressions of mixed lanes cost a shuffle per
    /// operand; the arithmetic (and so every rounding) is the same.
    @inline(__always)
    static func multiply(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        let (aw, ax, ay, az) = (a[0], a[1], a[2], a[3])
        let (bw, bx, by, bz) = (b[0], b[1], b[2], b[3])
        let w = aw * bw - ax * bx - ay * by - az * bz
        let x = aw * bx + ax * bw + ay * bz - az * by
        let y = aw * by - ax * bz + ay * bw + az * bx
        let z = aw * bz + ax * by - ay * bx + az * bw
        return SIMD4(w, x, y, z)
    }

    /// The conjugate (w, −x, −y, −z): the inverse rotation of a unit quaternion.
    @inline(__always)
    static func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(q.x, -q.y, -q.z, -q.w) }

    /// q ⊗ (0, v) ⊗ q* for a unit quaternion q: v + w t + u × t with t = 2 (u × v), u = (x, y, z) (on scalars, as
    /// ``multiply(_:_:)``).
    @inline(__always)
    static func rotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let (w, ux, uy, uz) = (q[0], q[1], q[2], q[3])
        let (vx, vy, vz) = (v[0], v[1], v[2])
        let tx = 2 * (uy * vz - uz * vy), ty = 2 * (uz * vx - ux * vz), tz = 2 * (ux * vy - uy * vx)
        return SIMD3(
            vx + w * tx + (uy * tz - uz * ty), vy + w * ty + (uz * tx - ux * tz), vz + w * tz + (ux * ty - uy * tx))
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
            // Reciprocal constants instead of divisions: the series runs for every accelerometer sample between
            // two gyroscope samples, and a chain of seven divisions was its latency. A term's rounding moves the
            // result by less than 1e-19 (x ≤ 6.25e-4), far below an ulp of either value.
            let x = theta2 * 0.25  // (θ/2)²
            let c = 1 - x * 0.5 * (1 - x * (1 / 12.0) * (1 - x * (1 / 30.0) * (1 - x * (1 / 56.0))))
            // sin(θ/2) / (θ/2):
            let sinc = 1 - x * (1 / 6.0) * (1 - x * (1 / 20.0) * (1 - x * (1 / 42.0) * (1 - x * (1 / 72.0))))
            let s = sinc * duration * 0.5
            return SIMD4(c, s * rate.x, s * rate.y, s * rate.z)
        }
        let norm = squaredNorm.squareRoot()
        let angle = norm * duration
        let s = sin(angle / 2) / norm
        return SIMD4(cos(angle / 2), s * rate.x, s * rate.y, s * rate.z)
    }
}
