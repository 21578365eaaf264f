/// Sums over runs of 25 Hz bins that reuse the sums of whole seconds: a window of 8 s slides by 1 s, so all but
/// one of its whole seconds were summed for an earlier window. The sum over a range adds, in bin order, the sums
/// of its whole seconds (each summed bin by bin on first use and kept by absolute second) and the bins of its
/// partial seconds at either end. The grouping depends only on the range, so any cutting of the stream into
/// batches gives the same sums; a second is cached only once its bins are final (the caller's promise: bins in a
/// window never change).
struct SecondSums<Sums: Sendable>: Sendable {
    /// Sums of whole seconds by absolute second (slot `second & mask`) and the second each slot holds.
    private var sums: [Sums]
    private var seconds: [Int]
    private let mask: Int
    private let binsPerSecond: Int

    /// - Parameters:
    ///   - secondsHeld: the most whole seconds one range holds.
    ///   - binsPerSecond: bins in a second.
    ///   - zero: the sums of no bins.
    init(secondsHeld: Int, binsPerSecond: Int, zero: Sums) {
        var c = 1
        while c < secondsHeld + 2 { c <<= 1 }
        mask = c - 1
        self.binsPerSecond = Swift.max(1, binsPerSecond)
        sums = Array(repeating: zero, count: c)
        seconds = Array(repeating: Int.min, count: c)
    }

    /// The sums over the bins of `range`: `zero`, then `add(&sums, bins)` for the runs of bins of one second in
    /// bin order, a whole second's run from the cache (`add(&sums, bins)` from `zero` on first use), then
    /// `merge(&total, sums)` for each run in order.
    @inline(__always)
    mutating func sum(
        of range: Range<Int>, zero: Sums, add: (inout Sums, Range<Int>) -> Void, merge: (inout Sums, Sums) -> Void
    ) -> Sums {
        var total = zero
        let b = binsPerSecond
        var bin = range.lowerBound
        // The first bin's second (rounded down), then one more per run: one division per range, not one per run
        // (a division waits tens of cycles, and the next run's bounds wait on it).
        var second = MotionBins.second(of: bin, binsPerSecond: b)
        var secondStart = second &* b
        while bin < range.upperBound {
            let end = Swift.min(range.upperBound, secondStart &+ b)
            var part = zero
            if bin == secondStart && end == secondStart &+ b {
                let k = second & mask
                if seconds[k] != second {
                    add(&part, bin..<end)
                    sums[k] = part
                    seconds[k] = second
                } else {
                    part = sums[k]
                }
            } else {
                add(&part, bin..<end)
            }
            merge(&total, part)
            bin = end
            second &+= 1
            secondStart &+= b
        }
        return total
    }
}
