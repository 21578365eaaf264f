/// Where ``SOSCascadeKernel`` reads its input samples, widened to `Double` lanes. `load(i)` reads the `i`-th
/// sample of the run (0, 1, 2, …), wherever and in whichever direction it is stored.
@usableFromInline
protocol SOSSampleSource {
    func load(_ index: Int) -> SIMD4<Double>
    /// The same source starting `offset` samples later in the run.
    func advanced(by offset: Int) -> Self
}

/// Where ``SOSCascadeKernel`` writes its output samples (rounded to the storage type).
@usableFromInline
protocol SOSSampleSink {
    func store(_ index: Int, _ value: SIMD4<Double>)
    func advanced(by offset: Int) -> Self
}

/// Samples `base[i · stride]` of any ``SOSFilterScalar`` lane type (`stride` ±1).
@usableFromInline
struct StridedSamples<Scalar: SOSFilterScalar>: SOSSampleSource, SOSSampleSink {
    @usableFromInline let base: UnsafeMutablePointer<SIMD4<Scalar>>
    @usableFromInline let stride: Int

    @inlinable
    init(_ base: UnsafeMutablePointer<SIMD4<Scalar>>, stride: Int = 1) {
        self.base = base
        self.stride = stride
    }

    @inlinable
    init(reading base: UnsafePointer<SIMD4<Scalar>>, stride: Int = 1) {
        self.init(UnsafeMutablePointer(mutating: base), stride: stride)
    }

    @inlinable @inline(__always)
    func load(_ index: Int) -> SIMD4<Double> { Scalar.widenForFilter(base[index &* stride]) }

    @inlinable @inline(__always)
    func store(_ index: Int, _ value: SIMD4<Double>) { base[index &* stride] = Scalar.narrowFilterOutput(value) }

    @inlinable @inline(__always)
    func advanced(by offset: Int) -> Self { Self(base + offset * stride, stride: stride) }
}

/// `Double` lanes kept as two `Float` vectors, `high = Float(v)` and `low = Float(v − high)`: the sum restores
/// `v` to within ~2⁻⁴⁸ relative. Zero-phase filtering keeps its forward pass this way in the output buffer
/// (high) plus a `Float` residual buffer (low), a third less memory than a `Double` copy.
@usableFromInline
struct SplitFloatSamples: SOSSampleSource, SOSSampleSink {
    @usableFromInline let high: UnsafeMutablePointer<SIMD4<Float>>
    @usableFromInline let low: UnsafeMutablePointer<SIMD4<Float>>
    @usableFromInline let stride: Int

    @inlinable
    init(high: UnsafeMutablePointer<SIMD4<Float>>, low: UnsafeMutablePointer<SIMD4<Float>>, stride: Int = 1) {
        self.high = high
        self.low = low
        self.stride = stride
    }

    @inlinable @inline(__always)
    func load(_ index: Int) -> SIMD4<Double> {
        SIMD4<Double>(high[index &* stride]) + SIMD4<Double>(low[index &* stride])
    }

    @inlinable @inline(__always)
    func store(_ index: Int, _ value: SIMD4<Double>) {
        let upper = SIMD4<Float>(value)
        high[index &* stride] = upper
        low[index &* stride] = SIMD4<Float>(value - SIMD4<Double>(upper))
    }

    @inlinable @inline(__always)
    func advanced(by offset: Int) -> Self {
        Self(high: high + offset * stride, low: low + offset * stride, stride: stride)
    }
}
