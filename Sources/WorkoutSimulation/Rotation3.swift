import Foundation

/// A 3 × 3 rotation matrix (columns) mapping device-frame vectors into the world frame (x forward, y left, z up).
struct Rotation3: Sendable {
    var c0: SIMD3<Double>
    var c1: SIMD3<Double>
    var c2: SIMD3<Double>

    static let identity = Rotation3(c0: [1, 0, 0], c1: [0, 1, 0], c2: [0, 0, 1])

    /// Rotation by `angle` (rad) about the unit `axis` (right-hand rule).
    init(axis: SIMD3<Double>, angle: Double) {
        let (s, c) = (Foundation.sin(angle), Foundation.cos(angle))
        let t = 1 - c
        let (x, y, z) = (axis.x, axis.y, axis.z)
        c0 = [t * x * x + c, t * x * y + s * z, t * x * z - s * y]
        c1 = [t * x * y - s * z, t * y * y + c, t * y * z + s * x]
        c2 = [t * x * z + s * y, t * y * z - s * x, t * z * z + c]
    }

    init(c0: SIMD3<Double>, c1: SIMD3<Double>, c2: SIMD3<Double>) {
        self.c0 = c0
        self.c1 = c1
        self.c2 = c2
    }

    /// R v.
    func apply(_ v: SIMD3<Double>) -> SIMD3<Double> { c0 * v.x + c1 * v.y + c2 * v.z }
    /// Rᵀ v (world → device).
    func applyInverse(_ v: SIMD3<Double>) -> SIMD3<Double> {
        [(c0 * v).sum(), (c1 * v).sum(), (c2 * v).sum()]
    }
    /// self ∘ other.
    static func * (a: Rotation3, b: Rotation3) -> Rotation3 {
        Rotation3(c0: a.apply(b.c0), c1: a.apply(b.c1), c2: a.apply(b.c2))
    }

    /// Device-frame angular velocity (rad/s) between this attitude and `later`, `h` s apart: Rᵀ R' ≈ I + h [ω]×.
    func angularVelocity(to later: Rotation3, over h: Double) -> SIMD3<Double> {
        // M = Rᵀ R'; ω = vee((M − Mᵀ)/2) / h.
        let m0 = applyInverse(later.c0), m1 = applyInverse(later.c1), m2 = applyInverse(later.c2)
        return SIMD3(m1.z - m2.y, m2.x - m0.z, m0.y - m1.x) / (2 * h)
    }

    /// The unit quaternion (w, x, y, z) of this rotation (Hamilton; rotates device vectors into the world).
    var quaternion: SIMD4<Double> {
        let (m00, m11, m22) = (c0.x, c1.y, c2.z)
        let trace = m00 + m11 + m22
        var q: SIMD4<Double>
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            q = [0.25 * s, (c1.z - c2.y) / s, (c2.x - c0.z) / s, (c0.y - c1.x) / s]
        } else if m00 > m11 && m00 > m22 {
            let s = (1 + m00 - m11 - m22).squareRoot() * 2
            q = [(c1.z - c2.y) / s, 0.25 * s, (c1.x + c0.y) / s, (c2.x + c0.z) / s]
        } else if m11 > m22 {
            let s = (1 + m11 - m00 - m22).squareRoot() * 2
            q = [(c2.x - c0.z) / s, (c1.x + c0.y) / s, 0.25 * s, (c2.y + c1.z) / s]
        } else {
            let s = (1 + m22 - m00 - m11).squareRoot() * 2
            q = [(c0.y - c1.x) / s, (c2.x + c0.z) / s, (c2.y + c1.z) / s, 0.25 * s]
        }
        return q.w < 0 ? -q : q
    }
}

