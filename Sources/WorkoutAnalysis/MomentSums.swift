/// What a window's features sum over its bins' ``BinMoments/Moments``: the gap count, Σ mean |a| (g), the sample
/// count, Σ within-bin variance of |a| (g²) and Σ its square root (g) over the bins with at least 3 samples and
/// their count, the peak |a| (g), Σ a (g) and Σ a·aᵀ (g²) of the bins' mean acceleration.
///
/// A window's sums are added from the sums of the whole seconds it holds (``BinMoments/sums(of:)``, each
/// second summed once, in bin order) and of the bins of its partial seconds, in bin order: the window
/// slides by one second, so most of its seconds were summed for an earlier window. The grouping depends only on
/// the window's range, which is the same for any cutting of the stream into batches.
struct MomentSums: Sendable {
    var gaps = 0
    /// Σ mean |a|, g.
    var magnitude = 0.0
    var samples = 0
    /// Σ within-bin variance of |a| over the bins with ≥ 3 samples, g².
    var variance = 0.0
    /// Σ within-bin standard deviation of |a| over the same bins, g.
    var spread = 0.0
    /// Bins with ≥ 3 samples.
    var varianceBins = 0
    /// Peak |a|, g.
    var peak: Float = 0
    /// Σ a of the bins' mean acceleration, g (x, y, z; the fourth lane 0).
    var acceleration = SIMD4<Double>.zero
    /// Σ x², y², z², xy, xz, yz of the bins' mean acceleration, g² (the last two lanes 0).
    var products = SIMD8<Double>.zero

    /// Adds one bin.
    @inline(__always)
    mutating func add(_ b: BinMoments.Moments) {
        if b.isGap { gaps &+= 1 }
        magnitude += b.magnitude
        samples &+= Int(b.count)
        if b.count >= 3 {
            variance += b.magnitudeVariance
            spread += Double(Float(b.magnitudeVariance).squareRoot())
            varianceBins &+= 1
        }
        peak = Swift.max(peak, b.peakMagnitude)
        acceleration += b.acceleration
        products += b.products
    }

    /// Adds the sums of the bins that follow.
    @inline(__always)
    mutating func add(_ s: MomentSums) {
        gaps &+= s.gaps
        magnitude += s.magnitude
        samples &+= s.samples
        variance += s.variance
        spread += s.spread
        varianceBins &+= s.varianceBins
        peak = Swift.max(peak, s.peak)
        acceleration += s.acceleration
        products += s.products
    }
}
