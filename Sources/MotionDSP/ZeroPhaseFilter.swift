#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Forward–backward (zero-phase) filtering with second-order sections, equal to `scipy.signal.sosfiltfilt` with
/// its defaults: odd extension (`padtype="odd"`) of ``SecondOrderSections/zeroPhasePaddingLength`` samples at each
/// end (`3 × (2 × sections + 1 − min(#(b2 == 0), #(a2 == 0)))`), each pass started from `sosfilt_zi` scaled by
/// its first sample, the padding cut off afterwards.
///
/// The squared magnitude response of the design is applied with zero phase delay; the result is non-causal and
/// needs the whole signal (or a look-ahead buffer). Arithmetic is `Double` throughout: `Float` inputs are widened
/// exactly, the intermediate (forward-pass) signal stays `Double`, and only the final output is rounded to
/// `Float`. NaN (or ±∞) in one lane (channel) turns that lane's whole output NaN; other lanes are unaffected. The
/// sections assume the sample rate they were designed for and uniformly spaced samples.
///
/// Use the static `filtfilt` functions for one-off calls. For repeated calls (e.g. a look-ahead window every
/// batch), keep an instance: it reuses its `Double` work buffer and state, so
/// ``filtfilt(_:into:)-(UnsafeBufferPointer<SIMD4<Float>>,_)`` allocates nothing once the buffer has grown to the
/// longest input.
public struct ZeroPhaseFilter: Sendable {
    /// The coefficients.
    public let sections: SecondOrderSections
    /// `sosfilt_zi(sos)`, computed once.
    @usableFromInline let unitStepState: [SIMD2<Double>]
    @usableFromInline var state: [SIMD4<Double>]
    /// Forward-pass output over the padded signal; grows, never shrinks.
    @usableFromInline var workspace: [SIMD4<Double>] = []

    public init(_ sections: SecondOrderSections) {
        self.sections = sections
        self.unitStepState = sections.steadyStateForUnitStep
        self.state = Array(repeating: .zero, count: 2 * sections.sections.count)
    }

    /// Samples of odd extension at each end (scipy's default `padlen`); inputs must be longer than this.
    public var paddingLength: Int { sections.zeroPhasePaddingLength }

    // MARK: One-off calls

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
        var filter = ZeroPhaseFilter(sos)
        return try filter.filtfilt(x, temporaryWorkspace: true)
    }

    /// Zero-phase filters four `Double` channels at once, one per lane.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public static func filtfilt(_ sos: SecondOrderSections, _ x: [SIMD4<Double>]) throws(FilterError)
        -> [SIMD4<Double>]
    {
        var filter = ZeroPhaseFilter(sos)
        return try filter.filtfilt(x, temporaryWorkspace: true)
    }

    /// Zero-phase filters `input` into `output` (same count; may be the same memory).
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `input.count ≤ paddingLength`.
    /// - Precondition: `output.count == input.count`.
    public static func filtfilt<Scalar: SOSFilterScalar>(
        _ sos: SecondOrderSections, _ input: UnsafeBufferPointer<SIMD4<Scalar>>,
        into output: UnsafeMutableBufferPointer<SIMD4<Scalar>>
    ) throws(FilterError) {
        var filter = ZeroPhaseFilter(sos)
        try filter.filtfilt(input, into: output, temporaryWorkspace: true)
    }

    // MARK: Reusable instance

    /// Zero-phase filters four channels, returning a new array; reuses this filter's work buffer.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public mutating func filtfilt(_ x: [SIMD4<Float>]) throws(FilterError) -> [SIMD4<Float>] {
        try filtfilt(x, temporaryWorkspace: false)
    }

    /// Zero-phase filters four `Double` channels, returning a new array; reuses this filter's work buffer.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `x.count ≤ paddingLength`.
    public mutating func filtfilt(_ x: [SIMD4<Double>]) throws(FilterError) -> [SIMD4<Double>] {
        try filtfilt(x, temporaryWorkspace: false)
    }

    /// Zero-phase filters `input` into `output` (same count; may be the same memory). Allocates nothing once
    /// the work buffer has grown to `input.count + 2 × paddingLength` samples.
    /// - Throws: ``FilterError/inputTooShort(count:paddingLength:)`` when `input.count ≤ paddingLength`.
    /// - Precondition: `output.count == input.count`.
    public mutating func filtfilt(
        _ input: UnsafeBufferPointer<SIMD4<Float>>, into output: UnsafeMutableBufferPointer<SIMD4<Float>>
    ) throws(FilterError) {
        try filtfilt(input, into: output, temporaryWorkspace: false)
    }

    /// `Double` lanes variant of ``filtfilt(_:into:)-(UnsafeBufferPointer<SIMD4<Float>>,_)``.
    public mutating func filtfilt(
        _ input: UnsafeBufferPointer<SIMD4<Double>>, into output: UnsafeMutableBufferPointer<SIMD4<Double>>
    ) throws(FilterError) {
        try filtfilt(input, into: output, temporaryWorkspace: false)
    }

    // MARK: Implementation

    mutating func filtfilt<Scalar: SOSFilterScalar>(_ x: [SIMD4<Scalar>], temporaryWorkspace: Bool)
        throws(FilterError) -> [SIMD4<Scalar>]
    {
        try x.withUnsafeBufferPointer { (input) throws(FilterError) in
            try [SIMD4<Scalar>](unsafeUninitializedCapacity: input.count) { (output, initialized) throws(FilterError) in
                if let base = output.baseAddress {
                    HugePageAdvice.advise(base, byteCount: input.count * MemoryLayout<SIMD4<Scalar>>.stride)
                }
                try filtfilt(input, into: output, temporaryWorkspace: temporaryWorkspace)
                initialized = input.count
            }
        }
    }

    mutating func filtfilt<Scalar: SOSFilterScalar>(
        _ input: UnsafeBufferPointer<SIMD4<Scalar>>, into output: UnsafeMutableBufferPointer<SIMD4<Scalar>>,
        temporaryWorkspace: Bool
    ) throws(FilterError) {
        precondition(output.count == input.count, "output count \(output.count) ≠ input count \(input.count)")
        let edge = paddingLength
        let count = input.count
        guard count > edge else { throw .inputTooShort(count: count, paddingLength: edge) }
        let extendedCount = count + 2 * edge
        if temporaryWorkspace {
            let buffer = HugePageAdvice.allocate(SIMD4<Double>.self, count: extendedCount)
            defer { free(buffer.baseAddress) }
            run(input, output, work: buffer.baseAddress.unsafelyUnwrapped)
        } else {
            if workspace.count < extendedCount {
                workspace = [SIMD4<Double>](unsafeUninitializedCapacity: extendedCount) { buffer, initialized in
                    let base = buffer.baseAddress.unsafelyUnwrapped
                    HugePageAdvice.advise(base, byteCount: extendedCount * MemoryLayout<SIMD4<Double>>.stride)
                    base.initialize(repeating: .zero, count: extendedCount)
                    initialized = extendedCount
                }
            }
            // Move the buffer out so that `self` can be borrowed by `run` while it is written.
            var work = workspace
            workspace = []
            work.withUnsafeMutableBufferPointer { buffer in
                run(input, output, work: buffer.baseAddress.unsafelyUnwrapped)
            }
            workspace = work
        }
    }

    /// Both passes. `work` holds at least `input.count + 2 × paddingLength` samples.
    mutating func run<Scalar: SOSFilterScalar>(
        _ input: UnsafeBufferPointer<SIMD4<Scalar>>, _ output: UnsafeMutableBufferPointer<SIMD4<Scalar>>,
        work w: UnsafeMutablePointer<SIMD4<Double>>
    ) {
        let edge = paddingLength
        let count = input.count
        let extendedCount = count + 2 * edge
        let x = input.baseAddress.unsafelyUnwrapped

        // Odd extension (scipy's odd_ext), in Double: 2·x[0] − x[edge…1] | x | 2·x[n−1] − x[n−2…n−1−edge].
        let first = Scalar.widenForFilter(x[0])
        let last = Scalar.widenForFilter(x[count - 1])
        for i in 0..<edge { w[i] = 2 * first - Scalar.widenForFilter(x[edge - i]) }
        for i in 0..<edge { w[edge + count + i] = 2 * last - Scalar.widenForFilter(x[count - 2 - i]) }

        let sectionCount = sections.sections.count
        let unitStep = unitStepState
        sections.sections.withUnsafeBufferPointer { coefficientBuffer in
            state.withUnsafeMutableBufferPointer { stateBuffer in
                let c = coefficientBuffer.baseAddress.unsafelyUnwrapped
                let s = stateBuffer.baseAddress.unsafelyUnwrapped
                func startSteady(at value: SIMD4<Double>) {
                    for section in 0..<sectionCount {
                        s[2 * section] = unitStep[section].x * value
                        s[2 * section + 1] = unitStep[section].y * value
                    }
                }
                // Forward pass: left padding (in place), the input (widened into w), right padding (in place).
                startSteady(at: w[0])
                SOSCascadeKernel.run(
                    c, sectionCount: sectionCount, state: s, input: UnsafePointer(w), inputStride: 1,
                    output: w, outputStride: 1, count: edge)
                SOSCascadeKernel.run(
                    c, sectionCount: sectionCount, state: s, input: x, inputStride: 1,
                    output: w + edge, outputStride: 1, count: count)
                SOSCascadeKernel.run(
                    c, sectionCount: sectionCount, state: s, input: UnsafePointer(w + edge + count),
                    inputStride: 1, output: w + edge + count, outputStride: 1, count: edge)
                // Backward pass from the end, started from the steady state of the last forward output: the
                // right padding's outputs are discarded (written in place), the signal's go straight to the
                // output, and the left padding is never needed.
                startSteady(at: w[extendedCount - 1])
                let backwardStart = w + extendedCount - 1
                SOSCascadeKernel.run(
                    c, sectionCount: sectionCount, state: s, input: UnsafePointer(backwardStart), inputStride: -1,
                    output: backwardStart, outputStride: -1, count: edge)
                SOSCascadeKernel.run(
                    c, sectionCount: sectionCount, state: s, input: UnsafePointer(w + edge + count - 1),
                    inputStride: -1, output: output.baseAddress.unsafelyUnwrapped + count - 1, outputStride: -1,
                    count: count)
            }
        }
    }
}
