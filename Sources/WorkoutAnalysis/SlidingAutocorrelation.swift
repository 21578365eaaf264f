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
    /// Largest lag kept, bins.
    let maximumLag: Int
    /// Windows between two recomputations from scratch.
    static let refreshInterval = 16
    /// Spare values after each ring, so a 24-lag chunk read past the last slot stays in the array.
    private static let blockPadding = 24
    /// y by absolute bin: a ring of `capacity` values stored twice (slot and slot + capacity), so any run of up to
    /// `capacity` consecutive bins is contiguous from its first slot.
    private var values: [Double]
    /// The same ring in reverse order (bin b at slot capacity − 1 − (b mod capacity), also stored twice), so the
    /// bins before a given one are contiguous too.
    private var reversed: [Double]
    private let capacity: Int
    /// products[L] = Σ y_i·y_{i+L} over i, i + L in ``window``, for L in 0...maximumLag.
    private(set) var products: [Double]
    /// Lends ``products`` (indexed by lag) without copying or checking it.
    @inline(__always)
    func withProducts<R>(_ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        products.withUnsafeBufferPointer(body)
    }
    /// The window the products hold (`nil` before the first).
    private(set) var window: Range<Int>?
    private var updates = 0

    /// - Parameters:
    ///   - maximumLag: largest lag, bins.
    ///   - windowBins: the longest window, bins.
    init(maximumLag: Int, windowBins: Int) {
        self.maximumLag = maximumLag
        var c = 1
        while c < 2 * (windowBins + maximumLag) { c <<= 1 }
        capacity = c
        values = Array(repeating: 0, count: 2 * c + Self.blockPadding)
        reversed = Array(repeating: 0, count: 2 * c + Self.blockPadding)
        products = Array(repeating: 0, count: maximumLag + 1)
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
        let lags = maximumLag + 1
        guard old.count - maximumLag >= removedCount, new.lowerBound + maximumLag <= old.upperBound else {
            return slideNearEdges(from: old, to: new, mask: mask)
        }
        // Every lag loses the same bins' pairs and gains the same bins' pairs: for each chunk of 24 lags (three
        // blocks of eight), one pass over those bins, each bin's value loaded once and multiplied into the three
        // blocks. Each lag's sum takes the same operations in the same order as a scalar loop over its pairs would
        // (lanes never mix), so the sums do not depend on the block width or the chunk size.
        let removedStart = old.lowerBound & mask
        let addedCount = new.upperBound - old.upperBound
        values.withUnsafeBufferPointer { v in
            reversed.withUnsafeBufferPointer { r in
                products.withUnsafeMutableBufferPointer { p in
                    let (vBase, rBase) = (v.baseAddress!, r.baseAddress!)
                    var lag = 0
                    while lag < lags {
                        var (a, b, c) = (SIMD8<Double>.zero, SIMD8<Double>.zero, SIMD8<Double>.zero)
                        for k in 0..<removedCount {
                            let x = SIMD8<Double>(repeating: vBase[removedStart &+ k])
                            let pairs = vBase + (removedStart &+ k &+ lag)
                            a -= x * Self.load8(pairs)
                            b -= x * Self.load8(pairs + 8)
                            c -= x * Self.load8(pairs + 16)
                        }
                        for k in 0..<addedCount {
                            let j = (old.upperBound &+ k) & mask
                            let x = SIMD8<Double>(repeating: vBase[j])
                            let pairs = rBase + (mask &- j &+ lag)
                            a += x * Self.load8(pairs)
                            b += x * Self.load8(pairs + 8)
                            c += x * Self.load8(pairs + 16)
                        }
                        func add(_ sums: SIMD8<Double>, from first: Int) {
                            for l in 0..<Swift.max(0, Swift.min(8, lags &- first)) { p[first &+ l] += sums[l] }
                        }
                        add(a, from: lag)
                        add(b, from: lag &+ 8)
                        add(c, from: lag &+ 16)
                        lag &+= 24
                    }
                }
            }
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
        values.withUnsafeBufferPointer { v in
            products.withUnsafeMutableBufferPointer { p in
                for lag in 0...maximumLag {
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
    /// last few pairs on their own.
    private mutating func recompute(_ range: Range<Int>, mask: Int) {
        let n = range.count
        let start = range.lowerBound & mask
        let lags = maximumLag + 1
        values.withUnsafeBufferPointer { v in
            products.withUnsafeMutableBufferPointer { p in
                let vBase = v.baseAddress!
                var lag = 0
                while lag < lags {
                    var sum = SIMD8<Double>.zero
                    // Pairs k with k + lag + 7 < n exist for every lane of the block.
                    let common = Swift.max(0, n &- lag &- 7)
                    for k in 0..<common { sum += vBase[start &+ k] * Self.load8(vBase + (start &+ k &+ lag)) }
                    for l in 0..<Swift.min(8, lags &- lag) {
                        var s = sum[l]
                        let pairs = n &- lag &- l
                        if pairs > common {
                            for k in common..<pairs { s += vBase[start &+ k] * vBase[start &+ k &+ lag &+ l] }
                        }
                        p[lag &+ l] = s
                    }
                    lag &+= 8
                }
            }
        }
    }

}
