import Foundation

/// A Hamilton quaternion (w, x, y, z) in `Double`, used as the attitude that rotates device-frame vectors into the
/// reference frame (docs/architecture.md, units and frames): `rotate(gravityDevice) == (0, 0, −1)`.
package struct Quaternion: Sendable, Equatable, Codable {
    package var w: Double
    package var x: Double
    package var y: Double
    package var z: Double

    @inlinable package init(w: Double, x: Double, y: Double, z: Double) {
        self.w = w
        self.x = x
        self.y = y
        self.z = z
    }

    package static let identity = Quaternion(w: 1, x: 0, y: 0, z: 0)

    /// The rotation by `angle` (rad, right-hand rule) about `axis` (any non-zero length).
    package init(axis: Vector3, angle: Double) {
        let u = axis.normalized
        let s = sin(angle / 2)
        self.init(w: cos(angle / 2), x: s * u.x, y: s * u.y, z: s * u.z)
    }

    /// The exponential map: the rotation by |v| rad about v (a rotation vector, e.g. ω·dt).
    @inlinable package init(rotationVector v: Vector3) {
        let angle = v.length
        if angle < 1e-12 {
            self.init(w: 1, x: v.x / 2, y: v.y / 2, z: v.z / 2)
        } else {
            let s = sin(angle / 2) / angle
            self.init(w: cos(angle / 2), x: s * v.x, y: s * v.y, z: s * v.z)
        }
    }

    /// Hamilton product: `(a * b).rotate(v) == a.rotate(b.rotate(v))`.
    @inlinable package static func * (a: Quaternion, b: Quaternion) -> Quaternion {
        Quaternion(
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w)
    }

    @inlinable package var conjugate: Quaternion { Quaternion(w: w, x: -x, y: -y, z: -z) }

    @inlinable package var normalized: Quaternion {
        let n = (w * w + x * x + y * y + z * z).squareRoot()
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }

    /// q v q*: the vector `v` rotated by this (unit) quaternion.
    @inlinable package func rotate(_ v: Vector3) -> Vector3 {
        let u = Vector3(x, y, z)
        let t = 2 * u.cross(v)
        return v + w * t + u.cross(t)
    }

    /// The logarithm map: rotation vector (axis × angle, rad, angle in [0, π]) of this unit quaternion.
    package var rotationVector: Vector3 {
        let q = w < 0 ? Quaternion(w: -w, x: -x, y: -y, z: -z) : self
        let s = (q.x * q.x + q.y * q.y + q.z * q.z).squareRoot()
        if s < 1e-12 { return Vector3(2 * q.x, 2 * q.y, 2 * q.z) }
        let angle = 2 * atan2(s, q.w)
        return (angle / s) * Vector3(q.x, q.y, q.z)
    }
}
