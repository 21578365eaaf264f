internal import CLAPACK

/// Least squares and singular value decomposition through LAPACK (`dgelsd_`, `dgels_`, `dgesvd_`), in `Double`,
/// with results matching `numpy.linalg.lstsq` and `numpy.linalg.svd`. Every LAPACK `info ≠ 0` becomes a
/// ``LinearAlgebraError``; NaN/∞ inputs are rejected before LAPACK sees them. Thread-safe (no shared state).
public enum LinearAlgebra {
    /// Minimum-norm least-squares solution of `a · x ≈ b` by SVD (`dgelsd_`), as `numpy.linalg.lstsq(a, b,
    /// rcond=None)`: handles over-, under-determined and rank-deficient `a`.
    ///
    /// - Parameters:
    ///   - a: m × n matrix, m, n ≥ 1.
    ///   - b: m values.
    ///   - relativeCondition: singular values ≤ this × the largest count as zero; `nil` → `ε · max(m, n)` (numpy).
    public static func leastSquares(_ a: Matrix, _ b: [Double], relativeCondition: Double? = nil)
        throws(LinearAlgebraError) -> LeastSquaresSolution
    {
        let solutions = try leastSquares(a, Matrix(rows: b.count, columns: 1, columnMajor: b),
                                         relativeCondition: relativeCondition)
        return solutions
    }

    /// ``leastSquares(_:_:relativeCondition:)`` for several right-hand sides at once: `b` is m × k, the solution
    /// n × k (column j solves for column j of `b`), flattened column-major into ``LeastSquaresSolution/solution``.
    public static func leastSquares(_ a: Matrix, _ b: Matrix, relativeCondition: Double? = nil)
        throws(LinearAlgebraError) -> LeastSquaresSolution
    {
        let routine = "dgelsd"
        guard b.rows == a.rows else { throw .dimensionMismatch(rows: a.rows, rightHandSide: b.rows) }
        precondition(a.rows >= 1 && a.columns >= 1 && b.columns >= 1, "least squares needs a non-empty system")
        guard a.columnMajor.allSatisfy(\.isFinite), b.columnMajor.allSatisfy(\.isFinite) else {
            throw .nonFiniteInput(routine: routine)
        }
        var m = Int32(a.rows)
        var n = Int32(a.columns)
        var nrhs = Int32(b.columns)
        var lda = m
        let rowsB = Swift.max(a.rows, a.columns)
        var ldb = Int32(rowsB)
        var work = a.columnMajor
        var rhs = [Double](repeating: 0, count: rowsB * b.columns)
        for column in 0..<b.columns {
            for row in 0..<b.rows { rhs[row + column * rowsB] = b[row, column] }
        }
        var singularValues = [Double](repeating: 0, count: Swift.min(a.rows, a.columns))
        var rcond = relativeCondition ?? Double.ulpOfOne * Double(rowsB)
        var rank: Int32 = 0
        var info: Int32 = 0
        var lwork: Int32 = -1
        var workQuery = [Double](repeating: 0, count: 1)
        var iworkQuery = [Int32](repeating: 0, count: 1)
        dgelsd_(&m, &n, &nrhs, &work, &lda, &rhs, &ldb, &singularValues, &rcond, &rank, &workQuery, &lwork,
                &iworkQuery, &info)
        guard info == 0 else { throw .illegalArgument(routine: routine, position: Int(-info)) }
        lwork = Int32(workQuery[0].rounded(.up))
        var scratch = [Double](repeating: 0, count: Swift.max(1, Int(lwork)))
        var iwork = [Int32](repeating: 0, count: Swift.max(1, Int(iworkQuery[0])))
        dgelsd_(&m, &n, &nrhs, &work, &lda, &rhs, &ldb, &singularValues, &rcond, &rank, &scratch, &lwork,
                &iwork, &info)
        if info < 0 { throw .illegalArgument(routine: routine, position: Int(-info)) }
        if info > 0 { throw .didNotConverge(routine: routine, count: Int(info)) }
        var solution = [Double](repeating: 0, count: a.columns * b.columns)
        var residuals: [Double]?
        if Int(rank) == a.columns && a.rows > a.columns {
            residuals = []
            for column in 0..<b.columns {
                // Rows n..<m of the overwritten right-hand side hold the residual's orthogonal components.
                var sum = 0.0
                for row in a.columns..<a.rows { sum += rhs[row + column * rowsB] * rhs[row + column * rowsB] }
                residuals!.append(sum)
            }
        }
        for column in 0..<b.columns {
            for row in 0..<a.columns { solution[row + column * a.columns] = rhs[row + column * rowsB] }
        }
        return LeastSquaresSolution(
            solution: solution, rank: Int(rank), singularValues: singularValues, residualSumOfSquares: residuals)
    }

    /// Least squares of a full-rank `a` by QR (m ≥ n) or minimum-norm LQ (m < n) through `dgels_` — faster than
    /// the SVD route; throws ``LinearAlgebraError/rankDeficient(routine:index:)`` for rank-deficient `a`.
    public static func leastSquaresQR(_ a: Matrix, _ b: [Double]) throws(LinearAlgebraError) -> [Double] {
        let routine = "dgels"
        guard b.count == a.rows else { throw .dimensionMismatch(rows: a.rows, rightHandSide: b.count) }
        precondition(a.rows >= 1 && a.columns >= 1, "least squares needs a non-empty system")
        guard a.columnMajor.allSatisfy(\.isFinite), b.allSatisfy(\.isFinite) else {
            throw .nonFiniteInput(routine: routine)
        }
        var trans = CChar(UInt8(ascii: "N"))
        var m = Int32(a.rows)
        var n = Int32(a.columns)
        var nrhs: Int32 = 1
        var lda = m
        let rowsB = Swift.max(a.rows, a.columns)
        var ldb = Int32(rowsB)
        var work = a.columnMajor
        var rhs = b + [Double](repeating: 0, count: rowsB - b.count)
        var info: Int32 = 0
        var lwork: Int32 = -1
        var workQuery = [Double](repeating: 0, count: 1)
        dgels_(&trans, &m, &n, &nrhs, &work, &lda, &rhs, &ldb, &workQuery, &lwork, &info, 1)
        guard info == 0 else { throw .illegalArgument(routine: routine, position: Int(-info)) }
        lwork = Int32(workQuery[0].rounded(.up))
        var scratch = [Double](repeating: 0, count: Swift.max(1, Int(lwork)))
        dgels_(&trans, &m, &n, &nrhs, &work, &lda, &rhs, &ldb, &scratch, &lwork, &info, 1)
        if info < 0 { throw .illegalArgument(routine: routine, position: Int(-info)) }
        if info > 0 { throw .rankDeficient(routine: routine, index: Int(info)) }
        return Array(rhs.prefix(a.columns))
    }

    /// Singular value decomposition `a = U · diag(s) · Vᵀ` through `dgesvd_`, as `numpy.linalg.svd(a,
    /// full_matrices:)`: singular values descending; with `fullMatrices` U is m × m and Vᵀ n × n, otherwise m × k
    /// and k × n, k = min(m, n).
    ///
    /// Singular vectors are unique only up to sign (numpy calls `dgesdd_`, we call `dgesvd_`; they may differ):
    /// the signs are returned as LAPACK computed them. Use
    /// ``SingularValueDecomposition/withNormalizedSigns()`` for a canonical choice.
    public static func singularValueDecomposition(_ a: Matrix, fullMatrices: Bool = true)
        throws(LinearAlgebraError) -> SingularValueDecomposition
    {
        let routine = "dgesvd"
        precondition(a.rows >= 1 && a.columns >= 1, "SVD needs a non-empty matrix")
        guard a.columnMajor.allSatisfy(\.isFinite) else { throw .nonFiniteInput(routine: routine) }
        let k = Swift.min(a.rows, a.columns)
        var job = CChar(UInt8(ascii: fullMatrices ? "A" : "S"))
        var m = Int32(a.rows)
        var n = Int32(a.columns)
        var lda = m
        var work = a.columnMajor
        let uColumns = fullMatrices ? a.rows : k
        let vtRows = fullMatrices ? a.columns : k
        var s = [Double](repeating: 0, count: k)
        var u = [Double](repeating: 0, count: a.rows * uColumns)
        var vt = [Double](repeating: 0, count: vtRows * a.columns)
        var ldu = m
        var ldvt = Int32(vtRows)
        var info: Int32 = 0
        var lwork: Int32 = -1
        var workQuery = [Double](repeating: 0, count: 1)
        dgesvd_(&job, &job, &m, &n, &work, &lda, &s, &u, &ldu, &vt, &ldvt, &workQuery, &lwork, &info, 1, 1)
        guard info == 0 else { throw .illegalArgument(routine: routine, position: Int(-info)) }
        lwork = Int32(workQuery[0].rounded(.up))
        var scratch = [Double](repeating: 0, count: Swift.max(1, Int(lwork)))
        dgesvd_(&job, &job, &m, &n, &work, &lda, &s, &u, &ldu, &vt, &ldvt, &scratch, &lwork, &info, 1, 1)
        if info < 0 { throw .illegalArgument(routine: routine, position: Int(-info)) }
        if info > 0 { throw .didNotConverge(routine: routine, count: Int(info)) }
        return SingularValueDecomposition(
            u: Matrix(rows: a.rows, columns: uColumns, columnMajor: u), singularValues: s,
            vt: Matrix(rows: vtRows, columns: a.columns, columnMajor: vt))
    }
}
