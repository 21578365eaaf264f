/// The principal axis of a set of 3-vectors: the unit eigenvector of the largest eigenvalue of their scatter
/// matrix Σ v vᵀ — the first right singular vector of the stacked vectors (rows), as LAPACK `dgesvd` would give
/// it, without a matrix or a LAPACK call (nothing allocated: it runs once per swing inside the streaming analyzer).
struct PrincipalAxis {
    /// Σ v vᵀ, symmetric, row-major (only the upper triangle is read).
    private var scatter = (SIMD3<Double>.zero, SIMD3<Double>.zero, SIMD3<Double>.zero)

    init() {}

    /// Adds one vector.
    mutating func add(_ v: SIMD3<Double>) {
        scatter.0 += v * v.x
        scatter.1 += v * v.y
        scatter.2 += v * v.z
    }

    /// The unit principal axis, signed so that it points along `reference` (when not perpendicular to it);
    /// `nil` when every vector was zero (or not finite).
    func axis(signedAlong reference: SIMD3<Double>) -> SIMD3<Double>? {
        guard var axis = Self.largestEigenvector(scatter) else { return nil }
        if (axis * reference).sum() < 0 { axis = -axis }
        return axis
    }

    /// Cyclic Jacobi on the 3×3 symmetric matrix `m`: rotations zero each off-diagonal entry in turn until they
    /// are negligible (quadratic convergence: a handful of sweeps); the eigenvector of the largest eigenvalue, or
    /// `nil` when that eigenvalue is not positive.
    static func largestEigenvector(_ m: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)) -> SIMD3<Double>? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 18) { storage -> SIMD3<Double>? in
            // a: 3×3 matrix, v: accumulated rotations (eigenvectors in columns), row-major, on the stack.
            let s = storage.baseAddress!
            let v = s + 9
            // The upper triangle, mirrored.
            (s[0], s[1], s[2]) = (m.0.x, m.0.y, m.0.z)
            (s[3], s[4], s[5]) = (m.0.y, m.1.y, m.1.z)
            (s[6], s[7], s[8]) = (m.0.z, m.1.z, m.2.z)
            for k in 0..<9 { v[k] = k % 4 == 0 ? 1 : 0 }
            let scale = Swift.abs(s[0]) + Swift.abs(s[4]) + Swift.abs(s[8])
            guard scale > 0, scale.isFinite else { return nil }
            for _ in 0..<32 {
                let off = Swift.abs(s[1]) + Swift.abs(s[2]) + Swift.abs(s[5])
                if off <= scale * 1e-17 { break }
                for pair in 0..<3 {
                    let (p, q) = pair == 0 ? (0, 1) : (pair == 1 ? (0, 2) : (1, 2))
                    let apq = s[3 * p + q]
                    guard apq != 0 else { continue }
                    // Rotation angle that zeroes a[p][q] (Numerical Recipes' stable form).
                    let theta = (s[3 * q + q] - s[3 * p + p]) / (2 * apq)
                    let t = (theta >= 0 ? 1.0 : -1.0) / (Swift.abs(theta) + (theta * theta + 1).squareRoot())
                    let c = 1 / (t * t + 1).squareRoot()
                    let sn = t * c
                    // a ← Jᵀ a J, v ← v J.
                    for k in 0..<3 {
                        let akp = s[3 * k + p], akq = s[3 * k + q]
                        s[3 * k + p] = c * akp - sn * akq
                        s[3 * k + q] = sn * akp + c * akq
                    }
                    for k in 0..<3 {
                        let apk = s[3 * p + k], aqk = s[3 * q + k]
                        s[3 * p + k] = c * apk - sn * aqk
                        s[3 * q + k] = sn * apk + c * aqk
                    }
                    for k in 0..<3 {
                        let vkp = v[3 * k + p], vkq = v[3 * k + q]
                        v[3 * k + p] = c * vkp - sn * vkq
                        v[3 * k + q] = sn * vkp + c * vkq
                    }
                }
            }
            var best = 0
            for k in 1..<3 where s[4 * k] > s[4 * best] { best = k }
            guard s[4 * best] > 0 else { return nil }
            let axis = SIMD3(v[best], v[3 + best], v[6 + best])
            let norm = (axis * axis).sum().squareRoot()
            return axis / norm
        }
    }
}
