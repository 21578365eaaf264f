/// A dense real matrix in `Double`, stored column-major (LAPACK's order) — the argument and result type of
/// ``LinearAlgebra``. Small matrices (filter design, fits), not a general linear-algebra library.
public struct Matrix: Sendable, Hashable {
    /// Number of rows, ≥ 0.
    public let rows: Int
    /// Number of columns, ≥ 0.
    public let columns: Int
    /// Elements column by column: element (r, c) is `columnMajor[r + c·rows]`.
    public var columnMajor: [Double]

    /// A matrix from its elements column by column (LAPACK/Fortran order).
    public init(rows: Int, columns: Int, columnMajor: [Double]) {
        precondition(rows >= 0 && columns >= 0, "matrix dimensions must be ≥ 0")
        precondition(columnMajor.count == rows * columns, "\(columnMajor.count) elements for a \(rows)×\(columns) matrix")
        self.rows = rows
        self.columns = columns
        self.columnMajor = columnMajor
    }

    /// A matrix from its elements row by row (C/numpy order).
    public init(rows: Int, columns: Int, rowMajor: [Double]) {
        precondition(rowMajor.count == rows * columns, "\(rowMajor.count) elements for a \(rows)×\(columns) matrix")
        var values = [Double](repeating: 0, count: rows * columns)
        for r in 0..<rows { for c in 0..<columns { values[r + c * rows] = rowMajor[r * columns + c] } }
        self.init(rows: rows, columns: columns, columnMajor: values)
    }

    /// The `rows × columns` zero matrix.
    public init(zerosRows rows: Int, columns: Int) {
        self.init(rows: rows, columns: columns, columnMajor: [Double](repeating: 0, count: rows * columns))
    }

    /// Element at (`row`, `column`), zero-based.
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get { columnMajor[row + column * rows] }
        set { columnMajor[row + column * rows] = newValue }
    }

    /// Elements row by row (numpy order).
    public var rowMajor: [Double] {
        var values = [Double](repeating: 0, count: rows * columns)
        for r in 0..<rows { for c in 0..<columns { values[r * columns + c] = self[r, c] } }
        return values
    }
}
