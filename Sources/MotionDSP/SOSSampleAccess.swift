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
