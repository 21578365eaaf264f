#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Forward–backward (zero-phase) filtering with second-order sections, equal to `scipy.signal.sosfiltfilt` with
/// its defaults: odd extension (`padtype="odd"`) of `sections.zeroPhasePaddingLength` samples at each end
/// (`3 × (2 × sections + 1 − min(#(b2 == 0), #(a2 == 0)))`), each pass started from `sosfilt_zi` scaled by its
/// first sample, the padding cut off afterwards.
///
/// The squared magnitude response of the design is applied with zero phase delay; the result is non-causal and
/// needs the whole signal (or a look-ahead buffer). Arithmetic is `Double` throughout: `Float` inputs are widened
/// exactly, the intermediate (forward-pass) signal stays `Double`, and only the final output is rounded to
/// `Float`. NaN in one lane (channel) turns that lane's whole output NaN, other lanes are unaffected. The sections
/// assume the sample rate they were designed for and uniformly spaced samples.
public enum ZeroPhaseFilter {
    /// Zero-phase filters one channel (`sosfiltfilt(sos, x)`).
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public static func filtfilt(_ sos: SecondOrderSections, _ x: [Float]) throws(FilterError) -> [Float] {
        try filtfilt(sos, x.map { SIMD4<Float>($0, 0, 0, 0) }).map(\.x)
    }

    /// Zero-phase filters one `Double` channel (`sosfiltfilt(sos, x)` on float64).
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public static func filtfilt(_ sos: SecondOrderSections, _ x: [Double]) throws(FilterError) -> [Double] {
        try filtfilt(sos, x.map { SIMD4<Double>($0, 0, 0, 0) }).map(\.x)
    }

    /// Zero-phase filters four channels at once, one per lane (`sosfiltfilt(sos, x, axis=0)` on an `(n, 4)`
    /// array).
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public static func filtfilt(_ sos: SecondOrderSections, _ x: [SIMD4<Float>]) throws(FilterError)
        -> [SIMD4<Float>]
    {
        try x.withUnsafeBufferPointer { (input) throws(FilterError) in
            try [SIMD4<Float>](unsafeUninitializedCapacity: input.count) { (output, initialized) throws(FilterError) in
                if let base = output.baseAddress {
                    HugePageAdvice.advise(base, byteCount: input.count * MemoryLayout<SIMD4<Float>>.stride)
                }
                try filtfilt(sos, input, into: output)
                initialized = input.count
            }
        }
    }

    /// Zero-phase filters four `Double` channels at once, one per lane.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public static func filtfilt(_ sos: SecondOrderSections, _ x: [SIMD4<Double>]) throws(FilterError)
        -> [SIMD4<Double>]
    {
        try x.withUnsafeBufferPointer { (input) throws(FilterError) in
            try [SIMD4<Double>](unsafeUninitializedCapacity: input.count) { (output, initialized) throws(FilterError) in
                if let base = output.baseAddress {
                    HugePageAdvice.advise(base, byteCount: input.count * MemoryLayout<SIMD4<Double>>.stride)
                }
                try filtfilt(sos, input, into: output)
                initialized = input.count
            }
        }
    }

    /// Zero-phase filters `input` into `output` (same count; they must not overlap). Allocates one `Double`
    /// work buffer of `input.count + 2 × paddingLength` samples.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `input.count ≤ paddingLength`.
    /// - Precondition: `output.count == input.count`.
    public static func filtfilt<Scalar: SOSFilterScalar>(
        _ sos: SecondOrderSections, _ input: UnsafeBufferPointer<SIMD4<Scalar>>,
        into output: UnsafeMutableBufferPointer<SIMD4<Scalar>>
    ) throws(FilterError) {
        precondition(output.count == input.count, "output count \(output.count) ≠ input count \(input.count)")
        let edge = sos.zeroPhasePaddingLength
        let count = input.count
        guard count > edge else { throw .inputTooShort(count: count, paddingLength: edge) }
        let extendedCount = count + 2 * edge
        // The forward pass's output over the extended signal, kept in Double for the backward pass.
        let forward = HugePageAdvice.allocate(SIMD4<Double>.self, count: extendedCount)
        defer { free(forward.baseAddress) }
        let w = forward.baseAddress.unsafelyUnwrapped
        let x = input.baseAddress.unsafelyUnwrapped

        // Odd extension (scipy's odd_ext), in Double: 2·x[0] − x[edge…1] | x | 2·x[n−1] − x[n−2…n−1−edge].
        let first = Scalar.widenForFilter(x[0])
        let last = Scalar.widenForFilter(x[count - 1])
        for i in 0..<edge { w[i] = 2 * first - Scalar.widenForFilter(x[edge - i]) }
        for i in 0..<edge { w[edge + count + i] = 2 * last - Scalar.widenForFilter(x[count - 2 - i]) }

        let sections = sos.sections
        let unitStep = sos.steadyStateForUnitStep
        var state = [SIMD4<Double>](repeating: .zero, count: 2 * sections.count)
        sections.withUnsafeBufferPointer { coefficientBuffer in
            state.withUnsafeMutableBufferPointer { stateBuffer in
                let c = coefficientBuffer.baseAddress.unsafelyUnwrapped
                let s = stateBuffer.baseAddress.unsafelyUnwrapped
                func startSteady(at value: SIMD4<Double>) {
                    for (section, zi) in unitStep.enumerated() {
                        s[2 * section] = zi.x * value
                        s[2 * section + 1] = zi.y * value
                    }
                }
                // Forward pass: left padding (in place), the input (widened into w), right padding (in place).
                startSteady(at: w[0])
                SOSCascadeKernel.run(
                    c, sectionCount: sections.count, state: s, input: UnsafePointer(w), inputStride: 1,
                    output: w, outputStride: 1, count: edge)
                SOSCascadeKernel.run(
                    c, sectionCount: sections.count, state: s, input: x, inputStride: 1,
                    output: w + edge, outputStride: 1, count: count)
                SOSCascadeKernel.run(
                    c, sectionCount: sections.count, state: s, input: UnsafePointer(w + edge + count),
                    inputStride: 1, output: w + edge + count, outputStride: 1, count: edge)
                // Backward pass from the end, started from the steady state of the last forward output: the
                // right padding's outputs are discarded (written in place), the signal's go straight to the
                // output, and the left padding is never needed.
                startSteady(at: w[extendedCount - 1])
                let backwardStart = w + extendedCount - 1
                SOSCascadeKernel.run(
                    c, sectionCount: sections.count, state: s, input: UnsafePointer(backwardStart), inputStride: -1,
                    output: backwardStart, outputStride: -1, count: edge)
                SOSCascadeKernel.run(
                    c, sectionCount: sections.count, state: s, input: UnsafePointer(w + edge + count - 1),
                    inputStride: -1, output: output.baseAddress.unsafelyUnwrapped + count - 1, outputStride: -1,
                    count: count)
            }
        }
    }
}
