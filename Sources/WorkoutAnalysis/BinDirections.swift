/// The direction of the running mean of a (unit vector, device frame) over two widths of 25 Hz bins, computed
/// once per bin as it enters the analysis window rather than once per window it is part of: the circular
/// variance of the direction (``WindowFeatures/directionVariance`` over 0.24 s means,
/// ``WindowFeatures/slowDirectionVariance`` over 0.5 s means) is then a sum over the window's cached vectors.
///
/// Only bins with an even absolute index are kept (80 ms apart: plenty for motions of ≤ 1 Hz, and half the roots
/// and divisions). A bin's vectors depend on its own bin and the `width − 1` before it; the window sums only bins
/// whose means lie entirely inside it.
struct BinDirections: Sendable {
    /// Widths of the running means, bins (0.24 s and 0.5 s at 25 Hz).
    let widths: (fast: Int, slow: Int)
    private let capacity: Int
    /// Per slot: unit vector of the fast and of the slow mean (zero when the mean is zero), and 1 where the
    /// vector exists (0 otherwise), as x, y, z, weight.
    private var fast: [SIMD4<Double>]
    private var slow: [SIMD4<Double>]
    /// Bins below this already hold their vectors (when ≥ the window's first bin).
    private var cachedEnd = Int.min
    /// Σ of the fast and of the slow vectors over each whole second's even bins.
    private var fastSeconds: SecondSums<SIMD4<Double>>
    private var slowSeconds: SecondSums<SIMD4<Double>>

    init(widths: (fast: Int, slow: Int), windowBins: Int, binsPerSecond: Int) {
        self.widths = widths
        var c = 1
        while c < windowBins + 2 * widths.slow { c <<= 1 }
        capacity = c
        fast = Array(repeating: .zero, count: c)
        slow = Array(repeating: .zero, count: c)
        let seconds = windowBins / Swift.max(1, binsPerSecond) + 1
        fastSeconds = SecondSums(secondsHeld: seconds, binsPerSecond: binsPerSecond, zero: .zero)
        slowSeconds = fastSeconds
    }

    /// Circular variances (1 − |mean unit vector|) of the fast and the slow mean direction over window `range`
    /// (absolute bins, all held by `bins`).
    mutating func variances(of range: Range<Int>, in bins: MotionBins) -> (fast: Double, slow: Double) {
        let mask = capacity - 1
        var bin = Swift.max(range.lowerBound, cachedEnd)
        if range.upperBound - bin > capacity { bin = range.upperBound - capacity }
        if bin & 1 != 0 { bin += 1 }
        if bin < range.upperBound {
            let (widths, end) = (widths, range.upperBound)
            bins.slots.withUnsafeBufferPointer { ring in
                fast.withUnsafeMutableBufferPointer { fast in
                    slow.withUnsafeMutableBufferPointer { slow in
                        // Four even bins at a time (lanes), each lane's sums and root as one bin's alone.
                        while bin < end {
                            let lanes = Swift.min(4, (end &- bin &+ 1) / 2)
                            Self.directions(
                                width: widths.fast, in: ring, lastBin: bin, lanes: lanes, into: fast, mask: mask)
                            Self.directions(
                                width: widths.slow, in: ring, lastBin: bin, lanes: lanes, into: slow, mask: mask)
                            bin &+= 8
                        }
                    }
                }
            }
        }
        cachedEnd = range.upperBound
        return (
            Self.variance(
                fast, from: range.lowerBound + widths.fast - 1, to: range.upperBound, mask: mask, seconds: &fastSeconds),
            Self.variance(
                slow, from: range.lowerBound + widths.slow - 1, to: range.upperBound, mask: mask, seconds: &slowSeconds)
        )
    }

    /// 1 − |Σ unit vectors| / count over the even bins in `first..<end` (whole seconds' sums from `seconds`).
    private static func variance(
        _ vectors: [SIMD4<Double>], from first: Int, to end: Int, mask: Int,
        seconds: inout SecondSums<SIMD4<Double>>
    ) -> Double {
        let sum = vectors.withUnsafeBufferPointer { vectors in
            seconds.sum(
                of: first..<Swift.max(first, end), zero: .zero,
                add: { sum, bins in
                    var bin = bins.lowerBound + (bins.lowerBound & 1)
                    while bin < bins.upperBound {
                        sum += vectors[bin & mask]
                        bin &+= 2
                    }
                }, merge: { $0 += $1 })
        }
        guard sum.w > 0 else { return 0 }
        return 1 - (sum.x * sum.x + sum.y * sum.y + sum.z * sum.z).squareRoot() / sum.w
    }

    /// Writes to `vectors[b & mask]`, for the first `lanes` of b = `lastBin`, `lastBin` + 2, + 4, + 6, the unit
    /// vector of Σ (mean x, y, z) over the `width` bins up to b (b and the `width − 1` before it), with weight 1;
    /// zero where the sum is zero. Lane k of each sum adds its bins in bin order, as one bin's scalar sums would,
    /// and the norm, root and quotients are lane by lane, so each vector is the one computed for its bin alone.
    @inline(__always)
    private static func directions(
        width: Int, in ring: UnsafeBufferPointer<MotionBin>, lastBin: Int, lanes: Int,
        into vectors: UnsafeMutableBufferPointer<SIMD4<Double>>, mask vectorMask: Int
    ) {
        let mask = ring.count - 1  // a power of two (MotionBins)
        var (sx, sy, sz) = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
        var first = lastBin &- width &+ 1
        for _ in 0..<width {
            let (b0, b1, b2, b3) = (
                ring[first & mask], ring[(first &+ 2) & mask], ring[(first &+ 4) & mask], ring[(first &+ 6) & mask]
            )
            sx += SIMD4<Double>(SIMD4(b0.meanX, b1.meanX, b2.meanX, b3.meanX))
            sy += SIMD4<Double>(SIMD4(b0.meanY, b1.meanY, b2.meanY, b3.meanY))
            sz += SIMD4<Double>(SIMD4(b0.meanZ, b1.meanZ, b2.meanZ, b3.meanZ))
            first &+= 1
        }
        let norm = (sx * sx + sy * sy + sz * sz).squareRoot()
        let inverse = 1 / norm
        let (ux, uy, uz) = (sx * inverse, sy * inverse, sz * inverse)
        for k in 0..<lanes {
            vectors[(lastBin &+ 2 &* k) & vectorMask] = norm[k] > 0 ? SIMD4(ux[k], uy[k], uz[k], 1) : .zero
        }
    }
}
