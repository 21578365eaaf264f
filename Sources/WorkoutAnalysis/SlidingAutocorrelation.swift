/// The lagged products Σ y_i·y_{i+L} over the pairs inside a window of 25 Hz bins (y = binned |a| − 1 g), kept
/// up to date as the window slides instead of recomputed: the analysis moves an 8 s window by 1 s, so each window
/// adds the pairs that end in the new second and drops the pairs that start in the second that left — about
/// 2 × 25 products per lag instead of 200.
///
/// The sums are in `Double` and are recomputed from scratch every ``refreshInterval`` windows (and whenever a
/// window is not a forward slide of the previous one), so rounding from adding and removing cannot build up and a
/// huge outlier leaves the sums within that many windows. The windows come in the same order for any cutting of
/// the stream into batches, so the sums, like everything else in the analysis, do not depend on batch edges.
struct SlidingAutocorrelation: Sendable {
    /// The lags kept, bins (the periodicity search reads only these, so no other lag is computed).
    let lags: ClosedRange<Int>
    /// Largest lag kept, bins.
    var maximumLag: Int { lags.upperBound }
    /// Windows between two recomputations from scratch.
    static let refreshInterval = 16
    /// Spare values after each ring, so a chunk of lags read past the last slot stays in the array.
    private static let blockPadding = 24
    /// y by absolute bin: a ring of `capacity` values stored twice (slot and slot + capacity), so any run of up to
    /// `capacity` consecutive bins is contiguous from its first slot.
    private var values: [Double]
    /// The same ring in reverse order (bin b at slot capacity − 1 − (b mod capacity), also stored twice), so the
    /// bins before a given one are contiguous too.
    private var reversed: [Double]
    private let capacity: Int
    /// sums[L] = Σ y_i·y_{i+L} over i, i + L in ``window``, for L in ``lags`` (below them: 0); then unused lanes
    /// up to a whole number of 8-lag blocks from the first lag, so a block's sums are added as whole vectors.
    private var sums: [Double]
    /// products[L − lags.lowerBound] = Σ y_i·y_{i+L} over i, i + L in ``window``, for L in ``lags``.
    var products: [Double] { Array(sums[lags]) }
    /// Lends the sums indexed by lag (only the lags in ``lags`` hold sums) without copying or checking them.
    @inline(__always)
    func withProducts<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        sums.withUnsafeBufferPointer(body)
    }
    /// The window the products hold (`nil` before the first).
    private(set) var window: Range<Int>?
    private var updates = 0

    /// - Parameters:
    ///   - lags: the lags to keep, bins (≥ 0).
    ///   - windowBins: the longest window, bins.
    init(lags: ClosedRange<Int>, windowBins: Int) {
        precondition(lags.lowerBound >= 0, "SlidingAutocorrelation: negative lag")
        self.lags = lags
        var c = 1
        while c < 2 * (windowBins + lags.upperBound) { c <<= 1 }
        capacity = c
        values = Array(repeating: 0, count: 2 * c + Self.blockPadding)
        reversed = Array(repeating: 0, count: 2 * c + Self.blockPadding)
        sums = Array(repeating: 0, count: lags.lowerBound + (lags.count + 7) / 8 * 8)
    }

    /// Moves to window `range` (absolute bins); `y(bin)` gives a bin's value and is asked only for bins that
    /// entered the window since the previous call (or all of them on a recomputation).
    mutating func update(to range: Range<Int>, y: (Int) -> Double) {
        let mask = capacity - 1
        let capacity = capacity
        func store(_ bins: Range<Int>) {
            values.withUnsafeMutableBufferPointer { values in
                reversed.withUnsafeMutableBufferPointer { reversed in
                    for bin in bins {
                        let v = y(bin), s = bin & mask, r = mask - s
                        values[s] = v
                        values[s + capacity] = v
                        reversed[r] = v
                        reversed[r + capacity] = v
                    }
                }
            }
        }
        if let old = window, updates < Self.refreshInterval, range.lowerBound >= old.lowerBound,
            range.upperBound >= old.upperBound, range.lowerBound <= old.upperBound,
            range.upperBound - old.lowerBound <= capacity
        {
            store(old.upperBound..<range.upperBound)
            slide(from: old, to: range, mask: mask)
            updates += 1
        } else {
            store(range)
            recompute(range, mask: mask)
            updates = 0
        }
        window = range
    }

    /// Removes the pairs that start in `old.lower..<new.lower` (they ended before `old.upper`) and adds the pairs
    /// that end in `old.upper..<new.upper` (they start at or after `new.lower`).
    private mutating func slide(from old: Range<Int>, to new: Range<Int>, mask: Int) {
        let removedCount = new.lowerBound - old.lowerBound
        guard old.count - maximumLag >= removedCount, new.lowerBound + maximumLag <= old.upperBound else {
            return slideNearEdges(from: old, to: new, mask: mask)
        }
        // Every lag loses the same bins' pairs and gains the same bins' pairs: for each chunk of up to 24 lags
        // (three blocks of eight), one pass over those bins, each bin's value loaded once and multiplied into the
        // chunk's blocks. Each lag's sum takes the same operations in the same order as a scalar loop over its
        // pairs would (lanes never mix), so the sums do not depend on the block width or the chunk size.
        let removedStart = old.lowerBound & mask
        let added = old.upperBound..<new.upperBound
        let (first, end) = (lags.lowerBound, lags.upperBound + 1)
        values.withUnsafeBufferPointer { v in
            reversed.withUnsafeBufferPointer { r in
                sums.withUnsafeMutableBufferPointer { p in
                    let (vBase, rBase, pBase) = (v.baseAddress!, r.baseAddress!, p.baseAddress!)
                    var lag = first
                    while lag < end {
                        // Blocks of 8 lags left from `lag` (constant arguments: each case is its own loop).
                        switch (end &- lag &+ 7) >> 3 {
                        case 1:
                            Self.slideChunk(
                                blocks: 1, lag: lag, values: vBase, reversed: rBase, removedStart: removedStart,
                                removedCount: removedCount, added: added, mask: mask, into: pBase)
                        case 2:
                            Self.slideChunk(
                                blocks: 2, lag: lag, values: vBase, reversed: rBase, removedStart: removedStart,
                                removedCount: removedCount, added: added, mask: mask, into: pBase)
                        default:
                            Self.slideChunk(
                                blocks: 3, lag: lag, values: vBase, reversed: rBase, removedStart: removedStart,
                                removedCount: removedCount, added: added, mask: mask, into: pBase)
                        }
                        lag &+= 24
                    }
                }
            }
        }
    }

    /// One pass of ``slide(from:to:mask:)`` for the `blocks` (1…3) blocks of eight lags from `lag`: the change of
    /// each lag's sum (minus the products of the `removedCount` values from slot `removedStart`, plus those of
    /// the bins `added` with the bins `lag` earlier), added to `sums[lag...]`.
    @inline(__always)
    private static func slideChunk(
        blocks: Int, lag: Int, values vBase: UnsafePointer<Double>, reversed rBase: UnsafePointer<Double>,
        removedStart: Int, removedCount: Int, added: Range<Int>, mask: Int, into sums: UnsafeMutablePointer<Double>
    ) {
        var (a, b, c) = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)
        for k in 0..<removedCount {
            let x = SIMD8<Double>(repeating: vBase[removedStart &+ k])
            let pairs = vBase + (removedStart &+ k &+ lag)
            a -= x * load8(pairs)
            if blocks > 1 { b -= x * load8(pairs + 8) }
            if blocks > 2 { c -= x * load8(pairs + 16) }
        }
        for bin in added {
            let j = bin & mask
            let x = SIMD8<Double>(repeating: vBase[j])
            let pairs = rBase + (mask &- j &+ lag)
            a += x * load8(pairs)
            if blocks > 1 { b += x * load8(pairs + 8) }
            if blocks > 2 { c += x * load8(pairs + 16) }
        }
        let chunk = UnsafeMutableRawPointer(sums + lag)
        chunk.storeBytes(of: chunk.loadUnaligned(as: SIMD8<Double>.self) + a, as: SIMD8<Double>.self)
        if blocks > 1 {
            chunk.storeBytes(
                of: chunk.loadUnaligned(fromByteOffset: 64, as: SIMD8<Double>.self) + b, toByteOffset: 64,
                as: SIMD8<Double>.self)
        }
        if blocks > 2 {
            chunk.storeBytes(
                of: chunk.loadUnaligned(fromByteOffset: 128, as: SIMD8<Double>.self) + c, toByteOffset: 128,
                as: SIMD8<Double>.self)
        }
    }

    /// Eight consecutive values from `pointer` (the rings carry ``blockPadding`` spare values at their end, so a
    /// block that starts in the ring may run past it).
    @inline(__always)
    private static func load8(_ pointer: UnsafePointer<Double>) -> SIMD8<Double> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Double>.self)
    }

    /// ``slide(from:to:mask:)`` when the pairs gained or lost differ by lag (short windows at the recording's ends).
    private mutating func slideNearEdges(from old: Range<Int>, to new: Range<Int>, mask: Int) {
        let removedCount = new.lowerBound - old.lowerBound
        let removedStart = old.lowerBound & mask
        let lags = lags
        values.withUnsafeBufferPointer { v in
            sums.withUnsafeMutableBufferPointer { p in
                for lag in lags {
                    var sum = 0.0
                    // i in old.lower ..< min(new.lower, old.upper − lag)
                    let removed = Swift.min(removedCount, old.count - lag)
                    if removed > 0 {
                        for k in 0..<removed { sum -= v[removedStart &+ k] * v[removedStart &+ k &+ lag] }
                    }
                    // j in max(old.upper, new.lower + lag) ..< new.upper, i = j − lag
                    let firstJ = Swift.max(old.upperBound, new.lowerBound + lag)
                    if firstJ < new.upperBound {
                        let start = (firstJ - lag) & mask
                        for k in 0..<(new.upperBound - firstJ) { sum += v[start &+ k] * v[start &+ k &+ lag] }
                    }
                    p[lag] += sum
                }
            }
        }
    }

    /// The sums from scratch, eight lags at a time: lane l of a block adds the products of its lag in the same
    /// order as a scalar loop would, the common part of the block's pairs as one SIMD multiply-add and each lane's
    /// last few pairs on their own. Up to three blocks (24 lags) share one pass over the pairs they all have, so
    /// three independent sums advance together instead of one waiting on its previous addition; each block then
    /// goes on alone over the pairs only it has, in the same order, so the sums are those of one block at a time.
    private mutating func recompute(_ range: Range<Int>, mask: Int) {
        let n = range.count
        let start = range.lowerBound & mask
        let (first, end) = (lags.lowerBound, lags.upperBound + 1)
        values.withUnsafeBufferPointer { v in
            sums.withUnsafeMutableBufferPointer { p in
                let vBase = v.baseAddress!
                /// Pairs k with k + lag + 7 < n exist for every lane of the block starting at `lag`.
                func common(_ lag: Int) -> Int { Swift.max(0, n &- lag &- 7) }
                /// Continues a block's SIMD sum over pairs `from..<common`, then writes each lane's total.
                func finish(_ sum: SIMD8<Double>, lag: Int, from first: Int) {
                    var sum = sum
                    let c = common(lag)
                    if first < c {
                        for k in first..<c { sum += vBase[start &+ k] * Self.load8(vBase + (start &+ k &+ lag)) }
                    }
                    for l in 0..<Swift.max(0, Swift.min(8, end &- lag)) {
                        var s = sum[l]
                        let pairs = n &- lag &- l
                        if pairs > c {
                            for k in c..<pairs { s += vBase[start &+ k] * vBase[start &+ k &+ lag &+ l] }
                        }
                        p[lag &+ l] = s
                    }
                }
                var lag = first
                while lag < end {
                    // The chunk's blocks (at lag, lag + 8, lag + 16) all have pairs 0..<common(its last block).
                    let blocks = Swift.min(3, (end &- lag &+ 7) >> 3)
                    let shared = common(lag &+ 8 &* (blocks &- 1))
                    let x = vBase + start
                    // Constant arguments: each case is its own loop.
                    let (a, b, c) =
                        switch blocks {
                        case 1: Self.sharedSums(blocks: 1, of: x, lag: lag, pairs: shared)
                        case 2: Self.sharedSums(blocks: 2, of: x, lag: lag, pairs: shared)
                        default: Self.sharedSums(blocks: 3, of: x, lag: lag, pairs: shared)
                        }
                    finish(a, lag: lag, from: shared)
                    if blocks > 1 { finish(b, lag: lag &+ 8, from: shared) }
                    if blocks > 2 { finish(c, lag: lag &+ 16, from: shared) }
                    lag &+= 24
                }
                for l in end..<p.count { p[l] = 0 }  // the unused lanes, which slides fill with anything
            }
        }
    }

    /// Σ x[k] × x[k + lag + j] over k in 0..<`pairs` for the lanes j of `blocks` (1…3) blocks of eight lags
    /// from `lag` (zero for the blocks past `blocks`), each lane's products added in k order.
    @inline(__always)
    private static func sharedSums(blocks: Int, of x: UnsafePointer<Double>, lag: Int, pairs: Int)
        -> (SIMD8<Double>, SIMD8<Double>, SIMD8<Double>)
    {
        var (a, b, c) = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)
        for k in 0..<pairs {
            let v = SIMD8<Double>(repeating: x[k])
            let p = x + (k &+ lag)
            a += v * load8(p)
            if blocks > 1 { b += v * load8(p + 8) }
            if blocks > 2 { c += v * load8(p + 16) }
        }
        return (a, b, c)
    }
}
