import Foundation

/// The little quaternion algebra the head measures need, on `SIMD4<Double>` laid out (w, x, y, z): Hamilton
/// product, inverse, angle, slerp and the exponential map. Attitudes follow Core Motion's convention (a unit
/// quaternion rotating device-frame vectors into the reference frame), so q₁⁻¹ ⊗ q₂ is the rotation from q₁ to q₂
/// expressed in the device (head) frame: its angle does not depend on the reference frame.
///
/// q and −q are the same rotation: every function here gives the same answer for either sign.
enum HeadAttitude {
    static let identity = SIMD4<Double>(1, 0, 0, 0)

    /// Hamilton product a ⊗ b.
    static func product(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(
            a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
            a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
            a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
            a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0])
    }

    /// q⁻¹ ⊗ r for unit quaternions: the rotation from attitude `q` to attitude `r`, device frame.
    static func relative(_ q: SIMD4<Double>, _ r: SIMD4<Double>) -> SIMD4<Double> {
        product(SIMD4(q[0], -q[1], -q[2], -q[3]), r)
    }

    /// Rotation angle of a unit quaternion, rad, in 0…π (the same for q and −q): 2·atan2(|v|, |w|), accurate for
    /// small angles where 2·acos(w) is not.
    static func angle(_ q: SIMD4<Double>) -> Double {
        let v = (q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).squareRoot()
        return 2 * atan2(v, abs(q[0]))
    }

    /// `q` scaled to unit length; `nil` when it has no length or is not finite.
    static func normalized(_ q: SIMD4<Double>) -> SIMD4<Double>? {
        let norm = (q * q).sum().squareRoot()
        guard norm.isFinite, norm > 0 else { return nil }
        return q / norm
    }

    /// Spherical linear interpolation from `a` (u = 0) to `b` (u = 1) along the shorter arc: `b` is negated first
    /// when a·b < 0 (a sign flip between samples is no rotation). Constant angular velocity between the two.
    static func slerp(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ u: Double) -> SIMD4<Double> {
        var b = b
        var cosine = (a * b).sum()
        if cosine < 0 {
            b = -b
            cosine = -cosine
        }
        // Nearly equal: the chord is the arc to far below Float's resolution of the samples.
        if cosine > 0.9999995 { return normalized(a + u * (b - a)) ?? a }
        let theta = acos(min(1, cosine))
        let s = sin(theta)
        return (sin((1 - u) * theta) / s) * a + (sin(u * theta) / s) * b
    }

    /// The rotation by |v| rad about v (a rotation vector, e.g. ω·Δt with ω in rad/s).
    static func exponential(_ v: SIMD3<Double>) -> SIMD4<Double> {
        let angle = (v * v).sum().squareRoot()
        guard angle > 1e-12 else { return SIMD4(1, v.x / 2, v.y / 2, v.z / 2) }
        let s = sin(angle / 2) / angle
        return SIMD4(cos(angle / 2), s * v.x, s * v.y, s * v.z)
    }
}
