/// A LAPACK routine reported failure (`info ≠ 0`) or was handed values it cannot work with.
public enum LinearAlgebraError: Error, CustomStringConvertible, Sendable, Hashable {
    /// `info < 0`: argument number `position` of `routine` was invalid (a bug in the caller or this wrapper).
    case illegalArgument(routine: String, position: Int)
    /// `info > 0` from an SVD-based routine (`dgesvd_`, `dgelsd_`): `count` superdiagonals did not converge.
    case didNotConverge(routine: String, count: Int)
    /// `info > 0` from `dgels_`: the matrix is rank-deficient (diagonal element `index`, one-based, of R is zero);
    /// use the SVD-based ``LinearAlgebra/leastSquares(_:_:relativeCondition:)`` instead.
    case rankDeficient(routine: String, index: Int)
    /// The matrix or right-hand side contains NaN or infinity (checked before calling LAPACK, which would
    /// otherwise loop or return garbage).
    case nonFiniteInput(routine: String)
    /// The right-hand side's length does not match the matrix's rows.
    case dimensionMismatch(rows: Int, rightHandSide: Int)

    public var description: String {
        switch self {
        case let .illegalArgument(routine, position):
            "LAPACK \(routine): argument \(position) had an illegal value"
        case let .didNotConverge(routine, count):
            "LAPACK \(routine): SVD did not converge (\(count) superdiagonals)"
        case let .rankDeficient(routine, index):
            "LAPACK \(routine): matrix is rank-deficient (R[\(index),\(index)] = 0); use the SVD least squares"
        case let .nonFiniteInput(routine):
            "LAPACK \(routine): input contains NaN or infinity"
        case let .dimensionMismatch(rows, rightHandSide):
            "least squares: right-hand side has \(rightHandSide) values but the matrix has \(rows) rows"
        }
    }
}
