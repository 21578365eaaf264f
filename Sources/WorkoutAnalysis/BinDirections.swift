import MotionDSP

/// The direction of the running mean of a (unit vector, device frame) over two widths of 25 Hz bins, computed
/// once per bin as it enters the analysis window rather than once per window it is part of: the circular
/// variance of the direction (``WindowFeatures/directionVariance`` over 0.24 s means,
/// ``WindowFeatures/slowDirectionVariance`` over 0.5 s means) is then a sum over the window's cached vectors.
///
/// Only bins with an even absolute index are kept (80 ms apart: plenty for motions of ≤ 1 Hz, and half the roots
/// and divisions). A bin's vectors depend on its own bin and the `width − 1` before it; the window sums only bins
/// whose means lie entirely inside it. The bins' mean acceleration is kept in `Double`, even and odd bins apart,
/// so the four even bins that one SIMD step computes read each running mean's next term as one contiguous load.
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
    /// The bins' mean acceleration (x, y, z), g, converted once per bin: six rings of ``capacity`` values (axis a,
    /// parity p at offset (2a + p) × 2 × capacity; bin b at slot (b >> 1) mod capacity), each stored twice (slot
    /// and slot + capacity) so four consecutive bins of one parity are contiguous. 2 × capacity bins are held,
    /// more than the span one window reads.
    private var components: [Double]
    /// Bins below this are in ``components`` (closed bins: their means no longer change).
    private var componentsEnd = Int.min
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
        components = Array(repeating: 0, count: 12 * c)
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
            let (widths, end, capacity) = (widths, range.upperBound, capacity)
            cacheComponents(Swift.max(componentsEnd, bin - Swift.max(widths.fast, widths.slow) + 1)..<end, from: bins)
            components.withUnsafeBufferPointer { components in
                fast.withUnsafeMutableBufferPointer { fast in
                    slow.withUnsafeMutableBufferPointer { slow in
                        // Four even bins at a time (lanes), each lane's sums and root as one bin's alone.
                        while bin < end {
                            let lanes = Swift.min(4, (end &- bin &+ 1) / 2)
                            Self.directions(
                                width: widths.fast, in: components, capacity: capacity, lastBin: bin, lanes: lanes,
                                into: fast)
                            Self.directions(
                                width: widths.slow, in: components, capacity: capacity, lastBin: bin, lanes: lanes,
                                into: slow)
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

    /// Converts the means of `bins` (closed, all held by `ring`) into ``components``.
    private mutating func cacheComponents(_ range: Range<Int>, from ring: MotionBins) {
        guard !range.isEmpty else { return }
        let (capacity, axis) = (capacity, 4 * capacity)
        ring.slots.withUnsafeBufferPointer { slots in
            components.withUnsafeMutableBufferPointer { components in
                let ringMask = slots.count - 1  // a power of two (MotionBins)
                for bin in range {
                    let b = slots[bin & ringMask]
                    let slot = (bin & 1) &* 2 &* capacity &+ ((bin >> 1) & (capacity &- 1))
                    let (x, y, z) = (Double(b.meanX), Double(b.meanY), Double(b.meanZ))
                    (components[slot], components[slot &+ capacity]) = (x, x)
                    (components[slot &+ axis], components[slot &+ axis &+ capacity]) = (y, y)
                    (components[slot &+ 2 &* axis], components[slot &+ 2 &* axis &+ capacity]) = (z, z)
                }
            }
        }
        componentsEnd = Swift.max(componentsEnd, range.upperBound)
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

    /// Writes to `vectors[b mod capacity]`, for the first `lanes` of b = `lastBin`, `lastBin` + 2, + 4, + 6, the
    /// unit vector of Σ (mean x, y, z) over the `width` bins up to b (b and the `width − 1` before it), with weight
    /// 1; zero where the sum is zero. Lane k of each sum adds its bins in bin order, as one bin's scalar sums would,
    /// and the norm, root and quotients are lane by lane, so each vector is the one computed for its bin alone.
    @inline(__always)
    private static func directions(
        width: Int, in components: UnsafeBufferPointer<Double>, capacity: Int, lastBin: Int, lanes: Int,
        into vectors: UnsafeMutableBufferPointer<SIMD4<Double>>
    ) {
        // The x, y and z rings (each axis's two parity rings, 4 × capacity values, then the next axis's).
        let x = UnsafeRawPointer(components.baseAddress!)
        let (y, z) = (x + 4 &* capacity &* 8, x + 8 &* capacity &* 8)
        var (sx, sy, sz) = (SIMD4<Double>.zero, SIMD4<Double>.zero, SIMD4<Double>.zero)
        // Step i adds bins first + i, + 2, + 4, + 6: four consecutive values of the parity ring of first + i,
        // from the slot of first (even steps) or of first + 1 (odd steps) on, (i >> 1) further. The rings are
        // stored twice, so no slot needs wrapping (capacity > windowBins + 2 × width).
        let first = lastBin &- width &+ 1
        let oddRing = 2 &* capacity &* 8  // bytes from the even bins' ring to the odd bins'
        /// Byte offset of `bin` in its axis's rings: its parity's ring (an odd bin: all bits of the mask set),
        /// then its slot.
        func offset(_ bin: Int) -> Int { ((0 &- (bin & 1)) & oddRing) &+ ((bin >> 1) & (capacity &- 1)) &* 8 }
        let starts = (offset(first), offset(first &+ 1))
        @inline(__always) func add(_ offset: Int) {
            sx += x.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
            sy += y.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
            sz += z.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
        }
        var step = 0
        while step &+ 2 <= width {
            add(starts.0 &+ (step >> 1) &* 8)
            add(starts.1 &+ (step >> 1) &* 8)
            step &+= 2
        }
        if step < width { add(starts.0 &+ (step >> 1) &* 8) }
        // One vector root (`squareRoot()` of a SIMD vector would take each lane's root on its own; the same bits).
        let norm = (sx * sx + sy * sy + sz * sz).vectorSquareRoot()
        let inverse = 1 / norm
        let (ux, uy, uz) = (sx * inverse, sy * inverse, sz * inverse)
        for k in 0..<lanes {
            vectors[(lastBin &+ 2 &* k) & (capacity &- 1)] = norm[k] > 0 ? SIMD4(ux[k], uy[k], uz[k], 1) : .zero
        }
    }
}
