/// A lane type ``SOSFilter`` can run on: samples are `SIMD4<Self>`, widened to `Double` lanes for the
/// arithmetic and narrowed back on output. `Float` is the storage format of samples; `Double` is used inside
/// zero-phase filtering to keep full precision between the two passes.
public protocol SOSFilterScalar: BinaryFloatingPoint, SIMDScalar, Codable, Sendable {
    /// The sample widened to `Double` lanes (exact for `Float`).
    static func widenForFilter(_ sample: SIMD4<Self>) -> SIMD4<Double>
    /// The filter output rounded to this lane type.
    static func narrowFilterOutput(_ value: SIMD4<Double>) -> SIMD4<Self>
}

extension Float: SOSFilterScalar {
    @inlinable @inline(__always)
    public static func widenForFilter(_ sample: SIMD4<Float>) -> SIMD4<Double> { SIMD4<Double>(sample) }

    @inlinable @inline(__always)
    public static func narrowFilterOutput(_ value: SIMD4<Double>) -> SIMD4<Float> { SIMD4<Float>(value) }
}

extension Double: SOSFilterScalar {
    @inlinable @inline(__always)
    public static func widenForFilter(_ sample: SIMD4<Double>) -> SIMD4<Double> { sample }

    @inlinable @inline(__always)
    public static func narrowFilterOutput(_ value: SIMD4<Double>) -> SIMD4<Double> { value }
}
