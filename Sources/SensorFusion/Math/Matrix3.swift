/// A 3 × 3 Double matrix stored by rows, for the bias Kalman filter (its covariance and observation).
struct Matrix3: Sendable, Equatable {
    var r0: SIMD3<Double>
    var r1: SIMD3<Double>
    var r2: SIMD3<Double>

    static let identity = Matrix3(r0: SIMD3(1, 0, 0), r1: SIMD3(0, 1, 0), r2: SIMD3(0, 0, 1))

    static func diagonal(_ d: SIMD3<Double>) -> Matrix3 {
        Matrix3(r0: SIMD3(d.x, 0, 0), r1: SIMD3(0, d.y, 0), r2: SIMD3(0, 0, d.z))
    }

    /// The rotation matrix of the unit quaternion q = (w, x, y, z): R v = q ⊗ (0, v) ⊗ q*.
    @inline(__always)
    static func rotation(_ q: SIMD4<Double>) -> Matrix3 {
        let (w, x, y, z) = (q.x, q.y, q.z, q.w)
        return Matrix3(
            r0: SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
            r1: SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
            r2: SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)))
    }

    @inline(__always)
    static func * (m: Matrix3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.r0 * v).sum(), (m.r1 * v).sum(), (m.r2 * v).sum())
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
