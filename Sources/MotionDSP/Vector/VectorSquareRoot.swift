import CVectorMath

extension SIMD4 where Scalar == Double {
    /// The lane-wise square root, bit for bit `squareRoot()`, as one vector instruction (two with SSE only).
    ///
    /// On Linux the standard library's `squareRoot()` calls a C `sqrt` with errno semantics: unless the optimiser
    /// proves every lane non-negative, each lane becomes a scalar square root, a compare, and a call path for
    /// negative input that makes the compiler spill vector registers around it. This is Clang's element-wise square
    /// root (CVectorMath). IEEE 754 square roots are correctly rounded, so every lane is the same bits, NaN and −0
    /// included.
    @inlinable @inline(__always)
    public func vectorSquareRoot() -> Self { cvm_sqrt_double4(self) }
}

extension SIMD4 where Scalar == Float {
    /// The lane-wise square root, bit for bit `squareRoot()`, as one vector instruction (SQRTPS); see the `Double`
    /// version for why.
    @inlinable @inline(__always)
    public func vectorSquareRoot() -> Self { cvm_sqrt_float4(self) }
}
