/// FIR filtering by FFT overlap-save: the same numbers as direct convolution `y[k] = Σ_j taps[j]·x[k − j]` (to
/// Float rounding, ~1e-6 of the signal's scale), at O(log L) cost per sample instead of O(taps).
///
/// The FFT length `L` is a power of two (by default the one ≥ 8 × taps, at least 256); every block of `L − taps + 1`
/// outputs costs one forward and one inverse real FFT of length `L` through a ``RealFFTPlan``.
///
/// The filter owns FFTW-aligned workspace, so `apply` allocates nothing once the filter exists; a filter instance is
/// therefore **not** safe to use from several threads at once (make one per task — the FFTW plan underneath is
/// shared and thread-safe). Samples are not tied to a rate: taps designed for 800 Hz apply to 800 Hz data.
public final class OverlapSaveFilter {
    /// Which part of the full convolution (length `n + taps − 1` for `n` inputs) an `apply` call returns.
    public enum OutputRange: Sendable, Hashable {
        /// The first `n` outputs: causal FIR filtering, as `scipy.signal.lfilter(taps, 1, x)`.
        case causal
        /// All `n + taps − 1` outputs: `numpy.convolve(x, taps)` / `scipy.signal.oaconvolve(x, taps)`.
        case full
        /// `n` outputs centred on the input: `numpy.convolve(x, taps, mode="same")` (delay `(taps − 1) / 2` removed).
        case same
    }

    /// The FIR coefficients (impulse response), dimensionless, applied as convolution.
    public let taps: [Float]
    /// The FFT length L (a power of two ≥ `taps.count`).
    public let fftLength: Int
    /// New outputs per FFT block, `fftLength − taps.count + 1`.
    public var blockLength: Int { fftLength - taps.count + 1 }

    @usableFromInline let plan: RealFFTPlan
    @usableFromInline let workspace: RealFFTBuffer
    /// FFT of the zero-padded taps, pre-scaled by 1/L so that the unnormalised inverse needs no extra pass.
    @usableFromInline let tapsSpectrum: UnsafeMutableBufferPointer<ComplexFloat>

    /// Prepares the filter: plans (or reuses) the FFT of length `fftLength` and transforms the taps once.
    ///
    /// - Parameters:
    ///   - taps: FIR coefficients, at least one.
    ///   - fftLength: FFT length, a power of two ≥ `taps.count` (default: the power of two ≥ 8·taps, at least 256).
    public init(taps: [Float], fftLength: Int? = nil) {
        precondition(!taps.isEmpty, "OverlapSaveFilter needs at least one tap")
        let length = fftLength ?? Swift.max(256, Self.powerOfTwo(atLeast: 8 * taps.count))
        precondition(length >= taps.count && length & (length - 1) == 0,
                     "fftLength \(length) must be a power of two ≥ taps (\(taps.count))")
        self.taps = taps
        self.fftLength = length
        plan = RealFFTPlan.shared(count: length)
        workspace = RealFFTBuffer(count: length)
        tapsSpectrum = .allocate(capacity: length / 2 + 1)
        let samples = workspace.samples
        samples.initialize(repeating: 0)
        let scale = 1 / Float(length)
        for (index, tap) in taps.enumerated() { samples[index] = tap * scale }
        plan.forward(workspace)
        _ = tapsSpectrum.initialize(fromContentsOf: workspace.spectrum)
    }

    deinit { tapsSpectrum.deallocate() }

    static func powerOfTwo(atLeast value: Int) -> Int {
        var power = 1
        while power < value { power <<= 1 }
        return power
    }

    /// The number of outputs `apply` produces for `inputCount` samples in `range`.
    @inlinable
    public func outputCount(inputCount: Int, range: OutputRange) -> Int {
        switch range {
        case .causal, .same: inputCount
        case .full: inputCount == 0 ? 0 : inputCount + taps.count - 1
        }
    }

    /// Filters `input` into `output` (which must hold ``outputCount(inputCount:range:)`` values). No allocation.
    /// NaN/∞ in the input spread to every output of the FFT blocks that contain them.
    @inlinable
    public func apply(
        _ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>, range: OutputRange = .causal
    ) {
        let n = input.count
        precondition(output.count == outputCount(inputCount: n, range: range),
                     "output holds \(output.count) values, needs \(outputCount(inputCount: n, range: range))")
        if n == 0 { return }
        let first = range == .same ? (taps.count - 1) / 2 : 0  // index in the full convolution of output[0]
        let history = taps.count - 1
        let block = blockLength
        let length = fftLength
        let samples = workspace.samples
        let spectrum = workspace.spectrum
        var produced = 0
        while produced < output.count {
            let k0 = first + produced
            // Input window x[k0 − history ..< k0 − history + L], zeros outside [0, n).
            let start = k0 - history
            let lo = Swift.max(0, -start)
            let hi = Swift.min(length, n - start)
            if lo > 0 { samples.baseAddress!.update(repeating: 0, count: Swift.min(lo, length)) }
            if hi > lo { (samples.baseAddress! + lo).update(from: input.baseAddress! + start + lo, count: hi - lo) }
            if hi < length { (samples.baseAddress! + Swift.max(hi, lo)).update(repeating: 0, count: length - Swift.max(hi, lo)) }
            plan.forward(workspace)
            for bin in 0..<spectrum.count {
                let a = spectrum[bin]
                let b = tapsSpectrum[bin]
                spectrum[bin] = ComplexFloat(
                    real: a.real * b.real - a.imaginary * b.imaginary,
                    imaginary: a.real * b.imaginary + a.imaginary * b.real)
            }
            plan.inverse(workspace)
            let take = Swift.min(block, output.count - produced)
            (output.baseAddress! + produced).update(from: samples.baseAddress! + history, count: take)
            produced += take
        }
    }

    /// Filters `input` and returns ``outputCount(inputCount:range:)`` samples (allocates the result).
    public func apply(_ input: [Float], range: OutputRange = .causal) -> [Float] {
        let count = outputCount(inputCount: input.count, range: range)
        return [Float](unsafeUninitializedCapacity: count) { out, initialized in
            input.withUnsafeBufferPointer { apply($0, into: out, range: range) }
            initialized = count
        }
    }
}
