/// Rational-rate resampling by `up/down` with a polyphase FIR, equal to `scipy.signal.resample_poly(x, up, down)`
/// with its defaults (Kaiser β = 5 `firwin` low-pass of `20·max(up, down) + 1` taps at cutoff `1/max(up, down)` of
/// Nyquist, zero padding at both ends, same output length `ceil(n·up/down)` and alignment).
///
/// Typical uses at our rates: 800 → 200 Hz (`up: 1, down: 4`), 200 → 800 Hz (`4, 1`), 800 → 100 Hz (`1, 8`).
/// The input must be uniformly sampled (resample jittery timestamps first with ``LinearResampler``). Taps and
/// accumulation are `Double`; samples `Float`. Immutable and `Sendable`.
public struct PolyphaseResampler: Sendable, Hashable {
    /// Up-sampling factor after reducing `up/down` by their gcd.
    public let up: Int
    /// Down-sampling factor after reducing.
    public let down: Int
    /// Half the filter length, `10 · max(up, down)` samples at the up-sampled rate.
    public let halfLength: Int
    /// The FIR at the up-sampled rate, scaled by `up` (scipy's `h *= up`), `2·halfLength + 1` taps.
    public let taps: [Double]

    /// Prepares resampling by `up/down` (both ≥ 1; reduced by their gcd, so 4/2 is 2/1).
    public init(up: Int, down: Int) {
        precondition(up >= 1 && down >= 1, "up and down must be ≥ 1, got \(up)/\(down)")
        var (a, b) = (up, down)
        while b != 0 { (a, b) = (b, a % b) }
        self.up = up / a
        self.down = down / a
        let maxRate = Swift.max(self.up, self.down)
        halfLength = 10 * maxRate
        if self.up == 1 && self.down == 1 {
            taps = [1]
        } else {
            let upFactor = Double(self.up)
            taps = KaiserLowpassDesign.taps(count: 2 * halfLength + 1, cutoff: 1 / Double(maxRate), beta: 5.0)
                .map { $0 * upFactor }
        }
    }

    /// Output samples for `inputCount` inputs: `ceil(inputCount · up / down)`.
    @inlinable
    public func outputCount(inputCount: Int) -> Int {
        let total = inputCount * up
        return total / down + (total % down == 0 ? 0 : 1)
    }

    /// Resamples `input` into `output` (``outputCount(inputCount:)`` values). No allocation.
    /// `y[k] = Σ_i taps[k·down + halfLength − i·up] · x[i]`.
    public func apply(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        let n = input.count
        precondition(output.count == outputCount(inputCount: n), "output holds \(output.count), needs \(outputCount(inputCount: n))")
        if up == 1 && down == 1 {
            if n > 0 { output.baseAddress!.update(from: input.baseAddress!, count: n) }
            return
        }
        let tapCount = taps.count
        taps.withUnsafeBufferPointer { h in
            for k in 0..<output.count {
                let center = k * down + halfLength  // index into the up-sampled, filtered stream
                // i such that 0 ≤ center − i·up ≤ tapCount − 1.
                let low = center - (tapCount - 1)
                var first = low <= 0 ? 0 : (low + up - 1) / up
                first = Swift.max(0, first)
                let last = Swift.min(n - 1, center / up)
                var sum = 0.0
                if first <= last {
                    for i in first...last { sum += h[center - i * up] * Double(input[i]) }
                }
                output[k] = Float(sum)
            }
        }
    }

    /// Resamples `input` (array convenience; allocates the result).
    public func apply(_ input: [Float]) -> [Float] {
        let count = outputCount(inputCount: input.count)
        return [Float](unsafeUninitializedCapacity: count) { out, initialized in
            input.withUnsafeBufferPointer { apply($0, into: out) }
            initialized = count
        }
    }
}
