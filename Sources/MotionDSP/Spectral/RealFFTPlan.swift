internal import CFFTW
import Synchronization

/// How hard FFTW searches for a fast algorithm when a ``RealFFTPlan`` is created.
public enum FFTPlanningRigor: Sendable, Hashable {
    /// `FFTW_ESTIMATE`: plans instantly from a heuristic; execution may be slower.
    case estimate
    /// `FFTW_MEASURE`: times candidate algorithms (milliseconds to about a second for large sizes); faster execution.
    case measure
}

/// A real-input FFT of one fixed length through FFTW (single precision): forward real → complex (`r2c`) and inverse
/// complex → real (`c2r`), for any length ≥ 1.
///
/// - Each of the four FFTW plans (forward and inverse, for aligned and for unaligned buffers) is made once, on its
///   first use, behind a process-wide lock (FFTW's planner is not thread-safe): a user that only transforms forward
///   on one kind of buffer pays for one plan (about 0.2 ms each with `.estimate` at 128 samples, the first one in a
///   process 0.7 ms; with `.measure` much longer). Keep the plan and reuse it, or take the process-wide cached one
///   from ``shared(count:)``; to keep planning out of a time-critical path, transform once on the buffers you will use
///   while setting up (as the impact detector does).
/// - Execution is **safe from several threads at once** on the same plan: every call goes through FFTW's new-array
///   execute functions (`fftwf_execute_dft_r2c` / `_c2r`) on the caller's buffers, which FFTW documents as thread-safe.
///   The plan's only mutable state is which FFTW plans exist yet (atomic).
/// - Buffers from ``RealFFTBuffer`` (or any `fftwf_malloc`-aligned memory) use the SIMD plan; other buffers (e.g.
///   Swift arrays) are detected with `fftwf_alignment_of` and run through a second plan made with `FFTW_UNALIGNED`.
/// - Scaling is FFTW's (and `numpy.fft.rfft`'s for the forward): the forward transform is unnormalised,
///   `X[k] = Σ x[n]·e^(−2πikn/N)`; the inverse is **also unnormalised**, so `inverse(forward(x)) == count · x`
///   (divide by ``count`` to get `numpy.fft.irfft`).
/// - NaN or infinity in the input propagate into the output through FFTW's arithmetic; nothing traps.
public final class RealFFTPlan: @unchecked Sendable {
    // @unchecked: each FFTW plan is published once through an atomic and immutable after that; FFTW's execute
    // functions are thread-safe.

    /// The transform length N (number of real samples), ≥ 1.
    public let count: Int

    /// The number of complex bins of the one-sided spectrum, `count / 2 + 1` (DC … Nyquist).
    public var spectrumCount: Int { count / 2 + 1 }

    private let rigor: FFTPlanningRigor
    /// The FFTW plans as pointer bits, 0 until first used (``plan(_:)``).
    private let forwardPlan = Atomic<UInt>(0)
    private let inversePlan = Atomic<UInt>(0)
    private let unalignedForwardPlan = Atomic<UInt>(0)
    private let unalignedInversePlan = Atomic<UInt>(0)
    /// The arrays the plans are made on; also used by the raw-execute benchmark hook.
    private let planningReal: UnsafeMutablePointer<Float>
    private let planningSpectrum: UnsafeMutablePointer<ComplexFloat>

    /// A real FFT of `count` samples (its FFTW plans are made on first use).
    ///
    /// - Parameters:
    ///   - count: the transform length, ≥ 1 (any length; powers of two and products of small primes are fastest).
    ///   - rigor: planner effort; `.measure` (default) spends time once for faster execution.
    public init(count: Int, rigor: FFTPlanningRigor = .measure) {
        precondition(count >= 1, "RealFFTPlan count must be ≥ 1, got \(count)")
        precondition(count <= Int(Int32.max), "RealFFTPlan count \(count) exceeds FFTW's Int32 range")
        self.count = count
        let spectrumCount = count / 2 + 1
        planningReal = FFTWPlanner.allocate(Float.self, count: count)
        planningSpectrum = FFTWPlanner.allocate(ComplexFloat.self, count: spectrumCount)
        self.rigor = rigor
    }

    private enum PlanKind { case forward, inverse, unalignedForward, unalignedInverse }

    /// The FFTW plan of `kind`, made on first use (two threads may both make it; one plan is kept, the other
    /// destroyed).
    private func plan(_ kind: PlanKind) -> OpaquePointer {
        switch kind {
        case .forward: plan(kind, in: forwardPlan)
        case .inverse: plan(kind, in: inversePlan)
        case .unalignedForward: plan(kind, in: unalignedForwardPlan)
        case .unalignedInverse: plan(kind, in: unalignedInversePlan)
        }
    }

    private func plan(_ kind: PlanKind, in slot: borrowing Atomic<UInt>) -> OpaquePointer {
        if let existing = OpaquePointer(bitPattern: slot.load(ordering: .acquiring)) { return existing }
        let made = makePlan(kind)
        let (exchanged, original) = slot.compareExchange(
            expected: 0, desired: UInt(bitPattern: Int(bitPattern: made)), ordering: .acquiringAndReleasing)
        if exchanged { return made }
        FFTWPlanner.lock.withLock { _ in fftwf_destroy_plan(made) }
        return OpaquePointer(bitPattern: original)!
    }

    private func makePlan(_ kind: PlanKind) -> OpaquePointer {
        let rigorFlags = rigor == .measure ? FFTWPlanner.measure : FFTWPlanner.estimate
        let n = Int32(count)
        let real = planningReal
        let spectrum = UnsafeMutableRawPointer(planningSpectrum).assumingMemoryBound(to: fftwf_complex.self)
        // The plan's address crosses the lock's closure as an integer (`OpaquePointer` is not `Sendable`).
        let bits = FFTWPlanner.lock.withLock { _ -> UInt in
            let made: OpaquePointer? =
                switch kind {
                case .forward: fftwf_plan_dft_r2c_1d(n, real, spectrum, rigorFlags)
                case .inverse: fftwf_plan_dft_c2r_1d(n, spectrum, real, rigorFlags)
                case .unalignedForward:
                    fftwf_plan_dft_r2c_1d(n, real, spectrum, FFTWPlanner.estimate | FFTWPlanner.unaligned)
                case .unalignedInverse:
                    fftwf_plan_dft_c2r_1d(n, spectrum, real, FFTWPlanner.estimate | FFTWPlanner.unaligned)
                }
            return UInt(bitPattern: Int(bitPattern: made))
        }
        guard let made = OpaquePointer(bitPattern: bits) else {
            fatalError("FFTW could not plan a real FFT of length \(count)")
        }
        return made
    }

    deinit {
        let made = [
            forwardPlan.load(ordering: .acquiring), inversePlan.load(ordering: .acquiring),
            unalignedForwardPlan.load(ordering: .acquiring), unalignedInversePlan.load(ordering: .acquiring),
        ].compactMap { OpaquePointer(bitPattern: $0) }
        FFTWPlanner.lock.withLock { _ in
            for plan in made { fftwf_destroy_plan(plan) }
        }
        FFTWPlanner.free(planningReal)
        FFTWPlanner.free(planningSpectrum)
    }

    // MARK: Shared plans

    private static let cache = Mutex<[Int: RealFFTPlan]>([:])

    /// The process-wide plan for `count` samples (planned with `.estimate` on first use, then reused; thread-safe).
    ///
    /// `.estimate` because `.measure` picks its algorithm by timing, so the last bits of a result could differ
    /// from one run (or machine load) to the next; the shared plans feed analysis results that must be the same
    /// every run. Plans stay alive for the life of the process; use this for the handful of sizes an application
    /// uses, and make a `.measure` plan of your own where raw speed matters more than run-to-run identity.
    public static func shared(count: Int) -> RealFFTPlan {
        if let plan = cache.withLock({ $0[count] }) { return plan }
        // Planned outside the cache lock; the planner lock serialises FFTW.
        let plan = RealFFTPlan(count: count, rigor: .estimate)
        return cache.withLock { plans in
            if let existing = plans[count] { return existing }
            plans[count] = plan
            return plan
        }
    }

    // MARK: Execution (thread-safe, no allocation)

    /// Forward transform of `input` (`count` real samples) into `output` (`spectrumCount` bins). `input` is not
    /// modified. Safe to call from several threads at once with distinct outputs.
    @inlinable
    public func forward(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<ComplexFloat>) {
        precondition(input.count == count, "forward input has \(input.count) samples, plan is for \(count)")
        precondition(output.count == spectrumCount, "forward output has \(output.count) bins, needs \(spectrumCount)")
        _executeForward(input.baseAddress!, output.baseAddress!)
    }

    /// Inverse (unnormalised) transform of `spectrum` (`spectrumCount` bins) into `output` (`count` samples):
    /// `output = count · irfft(spectrum)`.
    ///
    /// - Important: FFTW's `c2r` uses `spectrum` as scratch space: its contents are **destroyed**.
    /// The imaginary parts of the DC bin (and of the Nyquist bin for even `count`) are ignored.
    @inlinable
    public func inverse(
        destroying spectrum: UnsafeMutableBufferPointer<ComplexFloat>, into output: UnsafeMutableBufferPointer<Float>
    ) {
        precondition(spectrum.count == spectrumCount, "inverse input has \(spectrum.count) bins, needs \(spectrumCount)")
        precondition(output.count == count, "inverse output has \(output.count) samples, plan is for \(count)")
        _executeInverse(spectrum.baseAddress!, output.baseAddress!)
    }

    /// Forward transform of ``RealFFTBuffer/samples`` into ``RealFFTBuffer/spectrum`` (aligned, no allocation).
    @inlinable
    public func forward(_ buffer: RealFFTBuffer) {
        precondition(buffer.count == count, "buffer is for \(buffer.count) samples, plan is for \(count)")
        _executeForward(UnsafePointer(buffer.samplesPointer), buffer.spectrumPointer)
    }

    /// Inverse (unnormalised) transform of ``RealFFTBuffer/spectrum`` into ``RealFFTBuffer/samples``; the
    /// spectrum is destroyed.
    @inlinable
    public func inverse(_ buffer: RealFFTBuffer) {
        precondition(buffer.count == count, "buffer is for \(buffer.count) samples, plan is for \(count)")
        _executeInverse(buffer.spectrumPointer, buffer.samplesPointer)
    }

    @usableFromInline
    func _executeForward(_ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<ComplexFloat>) {
        let inputPointer = UnsafeMutablePointer(mutating: input)  // r2c never writes its input (out-of-place).
        precondition(UnsafeRawPointer(input) != UnsafeRawPointer(output), "forward must be out of place")
        let out = UnsafeMutableRawPointer(output).assumingMemoryBound(to: fftwf_complex.self)
        let aligned =
            fftwf_alignment_of(inputPointer) == 0
            && fftwf_alignment_of(UnsafeMutableRawPointer(output).assumingMemoryBound(to: Float.self)) == 0
        fftwf_execute_dft_r2c(plan(aligned ? .forward : .unalignedForward), inputPointer, out)
    }

    @usableFromInline
    func _executeInverse(_ input: UnsafeMutablePointer<ComplexFloat>, _ output: UnsafeMutablePointer<Float>) {
        precondition(UnsafeRawPointer(input) != UnsafeRawPointer(output), "inverse must be out of place")
        let spectrum = UnsafeMutableRawPointer(input).assumingMemoryBound(to: fftwf_complex.self)
        let aligned =
            fftwf_alignment_of(output) == 0
            && fftwf_alignment_of(UnsafeMutableRawPointer(input).assumingMemoryBound(to: Float.self)) == 0
        fftwf_execute_dft_c2r(plan(aligned ? .inverse : .unalignedInverse), spectrum, output)
    }

    // MARK: Array conveniences (allocate their result)

    /// The one-sided spectrum of `samples` (`count` values): `spectrumCount` bins, equal to `numpy.fft.rfft`.
    public func forward(_ samples: [Float]) -> [ComplexFloat] {
        precondition(samples.count == count, "forward input has \(samples.count) samples, plan is for \(count)")
        return [ComplexFloat](unsafeUninitializedCapacity: spectrumCount) { out, initialized in
            samples.withUnsafeBufferPointer { forward($0, into: out) }
            initialized = spectrumCount
        }
    }

    /// The unnormalised inverse of a one-sided spectrum: `count · numpy.fft.irfft(spectrum, count)`.
    public func inverse(_ spectrum: [ComplexFloat]) -> [Float] {
        precondition(spectrum.count == spectrumCount, "inverse input has \(spectrum.count) bins, needs \(spectrumCount)")
        var scratch = spectrum
        return [Float](unsafeUninitializedCapacity: count) { out, initialized in
            scratch.withUnsafeMutableBufferPointer { inverse(destroying: $0, into: out) }
            initialized = count
        }
    }

    // MARK: Benchmark hook

    /// Calls `fftwf_execute` on the forward plan with the arrays it was planned on, bypassing every wrapper check —
    /// the baseline the benchmarks compare the wrapper against. Not thread-safe (shared arrays).
    @_spi(Benchmarking)
    public func _rawExecuteForwardOnPlanningArrays() {
        fftwf_execute(plan(.forward))
    }

    /// The planning input array (`count` floats), for the raw-execute benchmark to fill. The forward plan is made
    /// first: planning (`.measure`) overwrites this array.
    @_spi(Benchmarking)
    public var _planningInput: UnsafeMutableBufferPointer<Float> {
        _ = plan(.forward)
        return UnsafeMutableBufferPointer(start: planningReal, count: count)
    }
}
