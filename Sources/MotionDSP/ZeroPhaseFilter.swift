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
        let work = UnsafeMutableBufferPointer<SIMD4<Double>>.allocate(capacity: extendedCount)
        defer { work.deallocate() }
        let w = work.baseAddress.unsafelyUnwrapped
        let x = input.baseAddress.unsafelyUnwrapped

        // Odd extension: 2·x[0] − x[edge…1], x, 2·x[n−1] − x[n−2…n−1−edge] (scipy's odd_ext), in Double.
        let first = Scalar.widenForFilter(x[0])
        let last = Scalar.widenForFilter(x[count - 1])
        for i in 0..<edge { w[i] = 2 * first - Scalar.widenForFilter(x[edge - i]) }
        for i in 0..<count { w[edge + i] = Scalar.widenForFilter(x[i]) }
        for i in 0..<edge { w[edge + count + i] = 2 * last - Scalar.widenForFilter(x[count - 2 - i]) }

        var filter = SOSFilter(sos)
        filter.setSteadyState(for: w[0])
        filter.processInPlace(w, count: extendedCount)

        // Backward pass over the reversed signal, started from the steady state of its first (our last) sample.
        reverse(w, count: extendedCount)
        filter.setSteadyState(for: w[0])
        filter.processInPlace(w, count: extendedCount)

        let o = output.baseAddress.unsafelyUnwrapped
        for i in 0..<count { o[i] = Scalar.narrowFilterOutput(w[extendedCount - 1 - edge - i]) }
    }

    @usableFromInline
    static func reverse(_ pointer: UnsafeMutablePointer<SIMD4<Double>>, count: Int) {
        var low = 0
        var high = count - 1
        while low < high {
            swap(&pointer[low], &pointer[high])
            low += 1
            high -= 1
        }
    }
}
