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
                        while bin < end {
                            let (f, w) = (bins.slot(bin - widths.fast + 1), bins.slot(bin - widths.slow + 1))
                            fast[bin & mask] = Self.direction(width: widths.fast, in: ring, from: f)
                            slow[bin & mask] = Self.direction(width: widths.slow, in: ring, from: w)
                            bin &+= 2
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

    /// Unit vector of Σ (mean x, y, z) over the `width` bins from ring slot `first` on (a bin and the
    /// `width − 1` before it), with weight 1; zero if the sum is zero. The three sums run in bin order in the
    /// lanes of one vector (each lane as a scalar sum would).
    @inline(__always)
    private static func direction(
        width: Int, in ring: UnsafeBufferPointer<MotionBin>, from first: Int
    ) -> SIMD4<Double> {
        var sum = SIMD4<Double>.zero
        var s = first
        for _ in 0..<width {
            let b = ring[s]
            sum += SIMD4(Double(b.meanX), Double(b.meanY), Double(b.meanZ), 0)
            s &+= 1
            if s == ring.count { s = 0 }
        }
        let (sx, sy, sz) = (sum.x, sum.y, sum.z)
        let norm = (sx * sx + sy * sy + sz * sz).squareRoot()
        guard norm > 0 else { return .zero }
        let inverse = 1 / norm
        return SIMD4(sx * inverse, sy * inverse, sz * inverse, 1)
    }
}
