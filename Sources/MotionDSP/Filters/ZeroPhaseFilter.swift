import MemoryPages
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
/// batch), keep an instance: it reuses its work buffer (32 bytes per sample for `Float` lanes) and state, so
/// ``filtfilt(_:into:)-(UnsafeBufferPointer<SIMD4<Float>>,_)`` allocates nothing once the buffer has grown to the
/// longest input.
public struct ZeroPhaseFilter: Sendable {
    /// The coefficients.
    public let sections: SecondOrderSections
    /// `sosfilt_zi(sos)`, computed once.
    @usableFromInline let unitStepState: [SIMD2<Double>]
    @usableFromInline var state: [SIMD4<Double>]
    /// The odd extensions (left then right, `paddingLength` each) and the forward pass over them.
    @usableFromInline var padding: [SIMD4<Double>]
    /// `Float` inputs: the forward pass over the signal (`Double` lanes); grows, never shrinks.
    @usableFromInline var workspace: [SIMD4<Double>] = []

    /// Where the forward pass over the signal is kept until the backward pass reads it.
    enum ForwardStorage {
        /// In the `SIMD4<Double>` output itself.
        case output
        /// Lanes 0–1 in the `SIMD4<Float>` output's 16 bytes, lanes 2–3 here: a third less fresh memory for
        /// one-off calls (free on SSE; on AVX builds the split costs ~10 % of the time).
        case splitWithOutput(UnsafeMutablePointer<SIMD2<Double>>)
        /// In a separate `Double` buffer (reused instances: fastest once the buffer exists).
        case separate(UnsafeMutablePointer<SIMD4<Double>>)
    }

    /// - Precondition: `sections.sections` is not empty.
    public init(_ sections: SecondOrderSections) {
        precondition(!sections.sections.isEmpty, "zero-phase filtering needs at least one section")
        self.sections = sections
        self.unitStepState = sections.steadyStateForUnitStep
        self.state = Array(repeating: .zero, count: 2 * sections.sections.count)
        self.padding = Array(repeating: .zero, count: 2 * sections.zeroPhasePaddingLength)
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
    /// the work buffer has grown to `input.count` samples.
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
                    HugePages.advise(
                        UnsafeMutableRawBufferPointer(start: base, count: input.count * MemoryLayout<SIMD4<Scalar>>.stride),
                        minimumBytes: HugePages.largeBufferBytes)
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
        if MemoryLayout<Scalar>.size == MemoryLayout<Double>.size {
            // Double lanes: the forward pass is kept in the output itself.
            run(input, output, forward: .output)
        } else if temporaryWorkspace {
            let buffer = HugePages.allocate(SIMD2<Double>.self, count: count)
            defer { free(buffer.baseAddress) }
            run(input, output, forward: .splitWithOutput(buffer.baseAddress.unsafelyUnwrapped))
        } else {
            if workspace.count < count {
                workspace = [SIMD4<Double>](unsafeUninitializedCapacity: count) { buffer, initialized in
                    let base = buffer.baseAddress.unsafelyUnwrapped
                    HugePages.advise(
                        UnsafeMutableRawBufferPointer(start: base, count: count * MemoryLayout<SIMD4<Double>>.stride),
                        minimumBytes: HugePages.largeBufferBytes)
                    base.initialize(repeating: .zero, count: count)
                    initialized = count
                }
            }
            // Move the buffer out so that `self` can be borrowed by `run` while it is written.
            var work = workspace
            workspace = []
            work.withUnsafeMutableBufferPointer { buffer in
                run(input, output, forward: .separate(buffer.baseAddress.unsafelyUnwrapped))
            }
            workspace = work
        }
    }

    /// Both passes. The forward pass over the signal goes to `forward`; the backward pass reads it from the end
    /// and writes the result to `output` position by position (overwriting the forward pass where it shares the
    /// output's memory). The forward pass over the padding stays in ``padding``.
    mutating func run<Scalar: SOSFilterScalar>(
        _ input: UnsafeBufferPointer<SIMD4<Scalar>>, _ output: UnsafeMutableBufferPointer<SIMD4<Scalar>>,
        forward: ForwardStorage
    ) {
        let edge = paddingLength
        let count = input.count
        let x = input.baseAddress.unsafelyUnwrapped
        let out = output.baseAddress.unsafelyUnwrapped
        let sectionCount = sections.sections.count
        let unitStep = unitStepState
        var padding = self.padding
        self.padding = []
        defer { self.padding = padding }
        sections.sections.withUnsafeBufferPointer { coefficientBuffer in
            state.withUnsafeMutableBufferPointer { stateBuffer in
                padding.withUnsafeMutableBufferPointer { paddingBuffer in
                    let c = coefficientBuffer.baseAddress.unsafelyUnwrapped
                    let s = stateBuffer.baseAddress.unsafelyUnwrapped
                    let left = paddingBuffer.baseAddress.unsafelyUnwrapped
                    let right = left + edge
                    func startSteady(at value: SIMD4<Double>) {
                        for section in 0..<sectionCount {
                            s[2 * section] = unitStep[section].x * value
                            s[2 * section + 1] = unitStep[section].y * value
                        }
                    }
                    func filter<Source: SOSSampleSource, Sink: SOSSampleSink>(_ source: Source, _ sink: Sink, _ n: Int) {
                        SOSCascadeKernel.run(c, sectionCount: sectionCount, state: s, source: source, sink: sink, count: n)
                    }
                    // Odd extension (scipy's odd_ext) in Double, read before `output` (which may be `input`) is
                    // written: left = 2·x[0] − x[edge…1], right = 2·x[n−1] − x[n−2…n−1−edge].
                    let first = Scalar.widenForFilter(x[0])
                    let last = Scalar.widenForFilter(x[count - 1])
                    for i in 0..<edge { left[i] = 2 * first - Scalar.widenForFilter(x[edge - i]) }
                    for i in 0..<edge { right[i] = 2 * last - Scalar.widenForFilter(x[count - 2 - i]) }

                    // The forward pass over the signal, read or written in either direction.
                    func split(_ upper: UnsafeMutablePointer<SIMD2<Double>>, from index: Int, stride: Int)
                        -> SplitDoubleSamples
                    {
                        SplitDoubleSamples(
                            lanes01: UnsafeMutableRawPointer(out + index).assumingMemoryBound(to: SIMD2<Double>.self),
                            lanes23: upper + index, stride: stride)
                    }
                    func doubles(_ base: UnsafeMutablePointer<SIMD4<Double>>?, from index: Int, stride: Int)
                        -> StridedSamples<Double>
                    {
                        let start = base ?? UnsafeMutableRawPointer(out).assumingMemoryBound(to: SIMD4<Double>.self)
                        return StridedSamples(start + index, stride: stride)
                    }

                    // Forward pass, from the steady state of the first padded sample. The left padding's outputs
                    // are never needed (the backward pass stops at the signal's start).
                    startSteady(at: left[0])
                    filter(StridedSamples(left), StridedSamples(left), edge)
                    let signal = StridedSamples(reading: x)
                    switch forward {
                    case .output: filter(signal, doubles(nil, from: 0, stride: 1), count)
                    case .separate(let base): filter(signal, doubles(base, from: 0, stride: 1), count)
                    case .splitWithOutput(let upper): filter(signal, split(upper, from: 0, stride: 1), count)
                    }
                    filter(StridedSamples(right), StridedSamples(right), edge)

                    // Backward pass from the end, from the steady state of the last forward output: the right
                    // padding's outputs are discarded, the signal's overwrite the forward pass in `output`.
                    startSteady(at: right[edge - 1])
                    let rightReversed = StridedSamples(right + edge - 1, stride: -1)
                    filter(rightReversed, rightReversed, edge)
                    let result = StridedSamples(out + count - 1, stride: -1)
                    switch forward {
                    case .output: filter(doubles(nil, from: count - 1, stride: -1), result, count)
                    case .separate(let base): filter(doubles(base, from: count - 1, stride: -1), result, count)
                    case .splitWithOutput(let upper): filter(split(upper, from: count - 1, stride: -1), result, count)
                    }
                }
            }
        }
    }
}
