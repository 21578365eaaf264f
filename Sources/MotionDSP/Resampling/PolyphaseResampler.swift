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
    /// Polyphase bank: phase p holds taps[p], taps[p + up], … reversed, so each output is a forward dot product
    /// over contiguous input samples. `phaseOffsets[p] ..< phaseOffsets[p + 1]` indexes `phaseTaps`.
    let phaseTaps: [Double]
    let phaseOffsets: [Int]

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
        var bank: [Double] = []
        var offsets = [0]
        let (allTaps, phases) = (taps, self.up)
        for phase in 0..<phases {
            bank += stride(from: phase, to: allTaps.count, by: phases).map { allTaps[$0] }.reversed()
            offsets.append(bank.count)
        }
        phaseTaps = bank
        phaseOffsets = offsets
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
        phaseTaps.withUnsafeBufferPointer { bank in
            phaseOffsets.withUnsafeBufferPointer { offsets in
                let x = input.baseAddress!
                for k in 0..<output.count {
                    let center = k * down + halfLength  // index into the up-sampled, filtered stream
                    let phase = center % up
                    let c = center / up  // input index multiplying taps[phase]
                    let count = offsets[phase + 1] - offsets[phase]
                    // Reversed phase taps r[t] multiply x[c − count + 1 + t]; clip t to valid input indices.
                    let base = c - count + 1
                    let tStart = Swift.max(0, -base)
                    let tEnd = Swift.min(count, n - base)
                    let r = bank.baseAddress! + offsets[phase]
                    output[k] = Float(mixedDotProduct(r + tStart, x + (base + tStart), count: tEnd - tStart))
                }
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
