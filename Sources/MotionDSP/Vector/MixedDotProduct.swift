/// Σ `coefficients[i]` · `samples[i]` for i in `0..<count` (none when `count ≤ 0`), in `Double`: the FIR inner
/// product of the Savitzky–Golay filter and the polyphase resampler (`Double` taps, `Float` samples).
///
/// Four independent partial sums (term i goes to sum i mod 4) added as (s0 + s1) + (s2 + s3), then the remaining
/// terms in order: the same value for the same inputs, whoever calls it. Plain multiply-adds: SIMD `addProduct` is a
/// slow software FMA unless the build enables FMA instructions.
@inline(__always)
func mixedDotProduct(_ coefficients: UnsafePointer<Double>, _ samples: UnsafePointer<Float>, count: Int) -> Double {
    var (s0, s1, s2, s3) = (0.0, 0.0, 0.0, 0.0)
    var i = 0
    while i + 4 <= count {
        s0 += coefficients[i] * Double(samples[i])
        s1 += coefficients[i + 1] * Double(samples[i + 1])
        s2 += coefficients[i + 2] * Double(samples[i + 2])
        s3 += coefficients[i + 3] * Double(samples[i + 3])
        i += 4
    }
    var sum = (s0 + s1) + (s2 + s3)
    while i < count {
        sum += coefficients[i] * Double(samples[i])
        i += 1
    }
    return sum
}
