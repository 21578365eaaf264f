/// `a = u · diag(singularValues) · vt`, from ``LinearAlgebra/singularValueDecomposition(_:fullMatrices:)``.
public struct SingularValueDecomposition: Sendable, Hashable {
    /// Left singular vectors as columns: m × m (full) or m × k.
    public var u: Matrix
    /// Singular values, descending, k = min(m, n).
    public var singularValues: [Double]
    /// Right singular vectors as rows: n × n (full) or k × n.
    public var vt: Matrix

    public init(u: Matrix, singularValues: [Double], vt: Matrix) {
        self.u = u
        self.singularValues = singularValues
        self.vt = vt
    }

    /// The same decomposition with a canonical sign for each of the first k singular vector pairs: the entry of
    /// largest magnitude of each column of `u` is made positive (flipping the matching row of `vt` with it, so the
    /// product is unchanged). Columns of `u` / rows of `vt` beyond k (full matrices) span a null space and are
    /// left as computed — they are not unique even up to sign.
    public func withNormalizedSigns() -> SingularValueDecomposition {
        var result = self
        for i in 0..<singularValues.count {
            var largest = 0.0
            for r in 0..<u.rows where abs(u[r, i]) > abs(largest) { largest = u[r, i] }
            if largest < 0 {
                for r in 0..<u.rows { result.u[r, i] = -u[r, i] }
                for c in 0..<vt.columns { result.vt[i, c] = -vt[i, c] }
            }
        }
        return result
    }
}
