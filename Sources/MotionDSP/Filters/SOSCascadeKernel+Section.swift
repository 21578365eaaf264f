extension SOSCascadeKernel {
    /// One biquad's coefficients broadcast to four lanes, and its step: the only place the cascade's per-sample
    /// arithmetic is written (the block loops and ``SOSFilter/process(_:)-(SIMD4<Float>)`` all call it).
    @usableFromInline
    struct Section {
        @usableFromInline let b0: SIMD4<Double>
        /// ``Biquad/stateInputWeights``, broadcast.
        @usableFromInline let w1: SIMD4<Double>
        @usableFromInline let w2: SIMD4<Double>
        @usableFromInline let a1: SIMD4<Double>
        @usableFromInline let a2: SIMD4<Double>

        @inlinable
        init(_ biquad: Biquad) {
            let weights = biquad.stateInputWeights
            b0 = SIMD4(repeating: biquad.b0)
            w1 = SIMD4(repeating: weights[0])
            w2 = SIMD4(repeating: weights[1])
            a1 = SIMD4(repeating: biquad.a1)
            a2 = SIMD4(repeating: biquad.a2)
        }

        /// Filters one sample `x`, advancing the state `(s1, s2)`; returns the output. Both state updates read the
        /// old `s1` and depend on the output only through the input, so the next `s1` is one multiply and one
        /// subtraction away from this one.
        @inlinable @inline(__always)
        func step(_ x: SIMD4<Double>, _ s1: inout SIMD4<Double>, _ s2: inout SIMD4<Double>) -> SIMD4<Double> {
            let y = b0 * x + s1
            let carried = w1 * x + s2
            s2 = w2 * x - a2 * s1
            s1 = carried - a1 * s1
            return y
        }
    }
}
