/// A 3 × 3 Double matrix stored by rows, for the bias Kalman filter.
struct Matrix3: Sendable, Equatable {
    var r0: SIMD3<Double>
    var r1: SIMD3<Double>
    var r2: SIMD3<Double>

    static let identity = Matrix3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

    static func diagonal(_ d: SIMD3<Double>) -> Matrix3 {
        Matrix3(r0: SIMD3(d.x, 0, 0), r1: SIMD3(0, d.y, 0), r2: SIMD3(0, 0, d.z))
    }

    /// The rotation matrix of the unit quaternion q = (w, x, y, z): R v = q ⊗ (0, v) ⊗ q*.
    static func rotation(_ q: SIMD4<Double>) -> Matrix3 {
        let (w, x, y, z) = (q.x, q.y, q.z, q.w)
        return Matrix3(
            r0: SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
            r1: SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
            r2: SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))
    }

    var transposed: Matrix3 {
        Matrix3(
            r0: SIMD3(r0.x, r1.x, r2.x), r1: SIMD3(r0.y, r1.y, r2.y), r2: SIMD3(r0.z, r1.z, r2.z))
    }

    @inline(__always)
    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.r0 * v).sum(), (m.r1 * v).sum(), (m.r2 * v).sum())
    }

    @inline(__always)
    static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
        Matrix3(
            r0: a.r0.x * b.r0 + a.r0.y * b.r1 + a.r0.z * b.r2,
            r1: a.r1.x * b.r0 + a.r1.y * b.r1 + a.r1.z * b.r2,
            r2: a.r2.x * b.r0 + a.r2.y * b.r1 + a.r2.z * b.r2)
    }

    static func + (a: Matrix3, b: Matrix3) -> Matrix3 { Matrix3(r0: a.r0 + b.r0, r1: a.r1 + b.r1, r2: a.r2 + b.r2) }
    static func - (a: Matrix3, b: Matrix3) -> Matrix3 { Matrix3(r0: a.r0 - b.r0, r1: a.r1 - b.r1, r2: a.r2 - b.r2) }

    /// The inverse by cofactors (the caller guarantees a well-conditioned, e.g. positive-definite, matrix).
    var inverse: Matrix3 {
        @inline(__always) get {
        let c0 = Quaternion.cross(r1, r2)
        let c1 = Quaternion.cross(r2, r0)
        let c2 = Quaternion.cross(r0, r1)
        let determinant = (r0 * c0).sum()
        return Matrix3(r0: c0 / determinant, r1: c1 / determinant, r2: c2 / determinant).transposed
        }
    }
}

extension SIMD3 where Scalar == Double {
    /// Lane-wise absolute value.
    @inline(__always)
    var magnitudes: SIMD3<Double> { SIMD3(Swift.abs(x), Swift.abs(y), Swift.abs(z)) }

    /// Each lane limited to [−limit, limit] (limit ≥ 0), written lane by lane so that it inlines (the generic
    /// `clamped(lowerBound:upperBound:)` is an out-of-line call per use).
    @inline(__always)
    func clamped(toMagnitude limit: Double) -> SIMD3<Double> {
        SIMD3(Swift.min(Swift.max(x, -limit), limit), Swift.min(Swift.max(y, -limit), limit),
              Swift.min(Swift.max(z, -limit), limit))
    }
}
