/// The result of ``LinearAlgebra/leastSquares(_:_:relativeCondition:)``, the fields of `numpy.linalg.lstsq`.
public struct LeastSquaresSolution: Sendable, Hashable {
    /// The minimum-norm solution x (n values; n × k column-major for k right-hand sides).
    public var solution: [Double]
    /// Effective rank of the matrix (singular values above the cut-off).
    public var rank: Int
    /// Singular values of the matrix, descending.
    public var singularValues: [Double]
    /// Σ (a·x − b)² per right-hand side, only when rank == n < m (numpy returns an empty array otherwise).
    public var residualSumOfSquares: [Double]?
}
