/// A running cascade of second-order sections over four channels at once (one `SIMD4<Float>` per sample: x, y,
/// z and |a|, or any four signals sampled together), in transposed direct form II with `Double` coefficients and
/// `Double` state — `scipy.signal.sosfilt` on float64, lane by lane: the same state (`zi`) and the same outputs
/// up to rounding (≤ 1e-12 relative in the tests, typically a few ulps); the recursion is reassociated for speed
/// (see ``SOSCascadeKernel``).
///
/// The state is carried across calls, so cutting a signal into chunks of any sizes and processing them in order
/// gives bit-identical output to one call over the whole signal. The filter is a value: copying it copies its
/// state exactly, and the copy then runs independently. Coefficients (``sections``) are kept apart from the state
/// (``state``), as scipy keeps `sos` apart from `zi`.
///
/// The sections assume the sample rate they were designed for and uniformly spaced samples.
///
/// **NaN and infinity.** Lanes never mix: a NaN (or ±∞) input in one lane makes that lane's output NaN from that
/// sample on — an IIR filter's state remembers it — until ``reset()``, ``setSteadyState(for:)`` or
/// ``setState(_:)``; the other lanes are unaffected.
///
/// The processing loops allocate nothing and check no bounds (they run over unsafe buffers).
public struct SOSFilter: Sendable {
    /// The coefficients, one biquad per section, applied first to last.
    public let sections: SecondOrderSections

    @usableFromInline
    internal var coefficients: [Biquad]

    /// TDF-II state, two entries per section: `[s1 of section 0, s2 of section 0, s1 of section 1, ...]`, one
    /// lane per channel.
    @usableFromInline
    internal var stateStorage: [SIMD4<Double>]

    /// A filter at rest (zero state), like `sosfilt` without `zi`.
    /// - Precondition: `sections.sections` is not empty.
    public init(_ sections: SecondOrderSections) {
        precondition(!sections.sections.isEmpty, "an SOS filter needs at least one section")
        self.sections = sections
        self.coefficients = sections.sections
        self.stateStorage = Array(repeating: .zero, count: 2 * sections.sections.count)
    }

    /// The current TDF-II state (scipy's `zi`/`zf` for one channel per lane): two entries per section,
    /// `[s1₀, s2₀, s1₁, s2₁, …]`.
    public var state: [SIMD4<Double>] { stateStorage }

    /// Replaces the state, e.g. with one saved from ``state``.
    /// - Precondition: `state.count == 2 * sections.sections.count`.
    public mutating func setState(_ state: [SIMD4<Double>]) {
        precondition(state.count == stateStorage.count, "state needs 2 entries per section (\(stateStorage.count))")
        stateStorage.withUnsafeMutableBufferPointer { destination in
            for index in destination.indices { destination[index] = state[index] }
        }
    }

    /// Sets the state to zero (the filter at rest).
    public mutating func reset() {
        stateStorage.withUnsafeMutableBufferPointer { state in
            for index in state.indices { state[index] = .zero }
        }
    }

    /// Sets the state to the steady state under a constant input equal to `initialSample`, per lane: scipy's
    /// `sosfilt_zi(sos) * x[0]`. Filtering a signal that starts at `initialSample` then has no start-up transient.
    public mutating func setSteadyState(for initialSample: SIMD4<Float>) {
        setSteadyState(for: SIMD4<Double>(initialSample))
    }

    /// Sets the state to the steady state under a constant input equal to `initialSample` (see
    /// ``setSteadyState(for:)-(SIMD4<Float>)``).
    public mutating func setSteadyState(for initialSample: SIMD4<Double>) {
        let unitStep = sections.steadyStateForUnitStep
        stateStorage.withUnsafeMutableBufferPointer { state in
            for (section, zi) in unitStep.enumerated() {
                state[2 * section] = zi.x * initialSample
                state[2 * section + 1] = zi.y * initialSample
            }
        }
    }

    /// Filters one sample and advances the state (same arithmetic as the block calls, so results are identical).
    @inlinable
    public mutating func process(_ sample: SIMD4<Float>) -> SIMD4<Float> {
        var x = SIMD4<Double>(sample)
        coefficients.withUnsafeBufferPointer { coefficientBuffer in
            stateStorage.withUnsafeMutableBufferPointer { stateBuffer in
                let c = coefficientBuffer.baseAddress.unsafelyUnwrapped
                let s = stateBuffer.baseAddress.unsafelyUnwrapped
                for k in 0..<coefficientBuffer.count {
                    x = SOSCascadeKernel.Section(c[k]).step(x, &s[2 * k], &s[2 * k + 1])
                }
            }
        }
        return SIMD4<Float>(x)
    }

    /// Filters `samples` in place and advances the state (`Float` lanes are computed in `Double` and rounded back;
    /// `Double` lanes are not rounded). Allocates nothing (when this filter's state is not shared with a copy).
    @inlinable
    public mutating func process<Scalar: SOSFilterScalar>(_ samples: inout [SIMD4<Scalar>]) {
        samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            processInPlace(base, count: buffer.count)
        }
    }

    /// Filters `input` into `output` and advances the state. `output` may be the same memory as `input`.
    /// - Precondition: `output.count == input.count`.
    @inlinable
    public mutating func process<Scalar: SOSFilterScalar>(
        _ input: UnsafeBufferPointer<SIMD4<Scalar>>, into output: UnsafeMutableBufferPointer<SIMD4<Scalar>>
    ) {
        precondition(output.count == input.count, "output count \(output.count) ≠ input count \(input.count)")
        guard let source = input.baseAddress, let destination = output.baseAddress else { return }
        run(source, destination, count: input.count)
    }

    /// Filters `samples` in place (any ``SOSFilterScalar`` lane type).
    @inlinable
    public mutating func processInPlace<Scalar: SOSFilterScalar>(_ samples: UnsafeMutablePointer<SIMD4<Scalar>>, count: Int) {
        run(UnsafePointer(samples), samples, count: count)
    }

    /// Runs the cascade over `count` samples, carrying ``stateStorage``.
    @inlinable
    internal mutating func run<Scalar: SOSFilterScalar>(
        _ input: UnsafePointer<SIMD4<Scalar>>, _ output: UnsafeMutablePointer<SIMD4<Scalar>>, count: Int
    ) {
        if count == 0 { return }
        coefficients.withUnsafeBufferPointer { coefficientBuffer in
            stateStorage.withUnsafeMutableBufferPointer { stateBuffer in
                SOSCascadeKernel.run(
                    coefficientBuffer.baseAddress.unsafelyUnwrapped, sectionCount: coefficientBuffer.count,
                    state: stateBuffer.baseAddress.unsafelyUnwrapped,
                    input: input, inputStride: 1, output: output, outputStride: 1, count: count)
            }
        }
    }
}
