/// The high-frequency |a| vibration of a window whose bins hold fewer than 3 samples (input below 75 Hz), g rms per
/// sample, and how steady it is over the window.
///
/// A 15–20 Hz accelerometer cannot resolve road vibration (6–60 Hz and more), but the vibration does not go away:
/// it aliases into every sample as broadband noise above the quiet wrist's floor (sensor noise ≤ 0.02 g). Its
/// measure is the second difference of consecutive *sampled* bins: a bin that repeats the previous one (a 15 Hz
/// stream leaves 10 of every 25 bins empty) adds nothing, and counting it would halve the estimate. For white
/// vibration of σ g rms a sample, a bin mean of k samples has variance σ²/k, so the second difference d of bins with
/// k₁, k₂, k₃ samples has variance σ² (1/k₁ + 4/k₂ + 1/k₃); σ is estimated as √(Σ d² / Σ (1/k₁ + 4/k₂ + 1/k₃)).
/// Slow motion (gait at 1–4 Hz, strokes, steering) is nearly cancelled by the second difference: a 2 Hz swing
/// sampled at 15 Hz keeps a third of its amplitude, a 1 Hz one a tenth.
///
/// The steadiness is the mean |d| over its rms (each d scaled to unit variance by its weight), over √(2/π), capped
/// at 1: Gaussian vibration (many road components of random phase, aliased or not) gives about 1; vibration that
/// comes in impulses between rests (taps on a keyboard, claps: a few samples in many carry all of it) gives far
/// less, as the within-bin spread's steadiness does at 75 Hz and more.
enum SampledVibration {
    /// - Parameters:
    ///   - magnitude: the window's binned |a| (any offset), g, one value per bin of `range`.
    ///   - moments: the bins' sample counts (``BinMoments``), holding every bin of `range`.
    /// - Returns: (vibration, g rms a sample; steadiness, 0…1). (0, 1) with fewer than three sampled bins.
    static func measure(
        _ magnitude: UnsafeBufferPointer<Double>, moments: BinMoments, range: Range<Int>
    ) -> (vibration: Double, steadiness: Double) {
        moments.withSlots { cache, mask in
            var (y0, y1) = (0.0, 0.0)
            var (w0, w1) = (0.0, 0.0)  // 1/k of the two previous sampled bins
            var held = 0
            var sumSquares = 0.0, weights = 0.0  // Σ d², Σ weight
            var sumScaled = 0.0, scaledSquares = 0.0  // Σ |d|/√weight, Σ d²/weight
            for i in 0..<Swift.min(range.count, magnitude.count) {
                let count = cache[(range.lowerBound &+ i) & mask].count
                guard count > 0 else { continue }
                let (y2, w2) = (magnitude[i], 1 / Double(count))
                if held >= 2 {
                    let d = y0 - 2 * y1 + y2
                    let weight = w0 + 4 * w1 + w2
                    sumSquares += d * d
                    weights += weight
                    sumScaled += Swift.abs(d) / weight.squareRoot()
                    scaledSquares += d * d / weight
                }
                (y0, y1, w0, w1) = (y1, y2, w1, w2)
                held &+= 1
            }
            guard held >= 3, weights > 0 else { return (0, 1) }
            let vibration = (sumSquares / weights).squareRoot()
            guard scaledSquares > 0 else { return (vibration, 1) }
            let m = Double(held - 2)
            let ratio = (sumScaled / m) / (scaledSquares / m).squareRoot()
            return (vibration, Swift.min(1, ratio / (2 / Double.pi).squareRoot()))
        }
    }
}
