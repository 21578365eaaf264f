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

/// `Double` lanes stored as two halves in separate buffers: lanes 0–1 in `lanes01[i]` and lanes 2–3 in
/// `lanes23[i]` (16 bytes each). Exact, and free on SSE where a `SIMD4<Double>` is two registers anyway.
/// Zero-phase filtering keeps its forward pass this way in the `SIMD4<Float>` output buffer (same 16 bytes per
/// sample) plus one 16-byte-per-sample work buffer, a third less fresh memory than a separate `Double` copy.
@usableFromInline
struct SplitDoubleSamples: SOSSampleSource, SOSSampleSink {
    @usableFromInline let lanes01: UnsafeMutablePointer<SIMD2<Double>>
    @usableFromInline let lanes23: UnsafeMutablePointer<SIMD2<Double>>
    @usableFromInline let stride: Int

    @inlinable
    init(lanes01: UnsafeMutablePointer<SIMD2<Double>>, lanes23: UnsafeMutablePointer<SIMD2<Double>>, stride: Int = 1) {
        self.lanes01 = lanes01
        self.lanes23 = lanes23
        self.stride = stride
    }

    @inlinable @inline(__always)
    func load(_ index: Int) -> SIMD4<Double> {
        SIMD4<Double>(lowHalf: lanes01[index &* stride], highHalf: lanes23[index &* stride])
    }

    @inlinable @inline(__always)
    func store(_ index: Int, _ value: SIMD4<Double>) {
        lanes01[index &* stride] = value.lowHalf
        lanes23[index &* stride] = value.highHalf
    }

    @inlinable @inline(__always)
    func advanced(by offset: Int) -> Self {
        Self(lanes01: lanes01 + offset * stride, lanes23: lanes23 + offset * stride, stride: stride)
    }
}
