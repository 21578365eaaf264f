/// One complex value of a spectrum, single precision: `real + i·imaginary`.
///
/// Its memory layout is that of FFTW's `fftwf_complex` (two consecutive `Float`s, real first), so spectra computed by
/// ``RealFFTPlan`` are plain `[ComplexFloat]` / `UnsafeMutableBufferPointer<ComplexFloat>` with no conversion.
@frozen
public struct ComplexFloat: Hashable, Sendable {
    /// The real part.
    public var real: Float
    /// The imaginary part.
    public var imaginary: Float

    @inlinable
    public init(real: Float, imaginary: Float) {
        self.real = real
        self.imaginary = imaginary
    }

    /// `0 + 0i`.
    public static let zero = ComplexFloat(real: 0, imaginary: 0)

    /// `real² + imaginary²` (the squared magnitude, i.e. the power of the bin), computed in `Double`.
    @inlinable
    public var squaredMagnitude: Double {
        Double(real) * Double(real) + Double(imaginary) * Double(imaginary)
    }
}
