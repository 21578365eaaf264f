/// Order statistics without a full sort.
public enum OrderStatistic {
    /// The value an ascending sort would put at `rank` (0-based), found in place by quickselect in expected O(n);
    /// reorders `values`. For values without NaN the result equals `values.sorted()[rank]`; with NaN it is one of
    /// the values (deterministic, but not an order statistic).
    ///
    /// Partitions are branch-free (Lomuto with an unconditional swap: the comparison feeds an index, not a jump),
    /// so noisy data cost no branch mispredictions — about 3× faster than a Hoare partition on 256 random values.
    /// Values equal to the pivot are split off by a second pass, so runs of equal values (a sensor at rest, zeros)
    /// stay linear. Allocates nothing. For `Float` blocks of up to 256 values ``radixSelect(_:rank:)`` is about
    /// twice as fast (same result without NaN, values not reordered).
    ///
    /// - Precondition: `0 <= rank < values.count`.
    @inlinable
    public static func select<Value: BinaryFloatingPoint>(_ values: UnsafeMutableBufferPointer<Value>, rank: Int) -> Value {
        precondition(rank >= 0 && rank < values.count, "select: rank \(rank) outside 0..<\(values.count)")
        let a = values.baseAddress.unsafelyUnwrapped
        var low = 0
        var high = values.count - 1
        while low < high {
            // Median of three as the pivot, parked at `high`.
            let pivotIndex = medianOfThree(a, low, low + (high - low) / 2, high)
            let pivot = a[pivotIndex]
            a[pivotIndex] = a[high]
            a[high] = pivot
            // [low, less) < pivot ≤ [less, i).
            var less = low
            for i in low..<high {
                let v = a[i]
                a[i] = a[less]
                a[less] = v
                less += v < pivot ? 1 : 0
            }
            a[high] = a[less]
            a[less] = pivot
            if rank < less {
                high = less - 1
                continue
            }
            // [less, equal) == pivot < [equal, high].
            var equal = less + 1
            var i = equal
            while i <= high {
                let v = a[i]
                a[i] = a[equal]
                a[equal] = v
                equal += v == pivot ? 1 : 0
                i += 1
            }
            if rank < equal { return pivot }
            low = equal
        }
        return a[rank]
    }

    /// The index of the middle value of `a[i]`, `a[j]`, `a[k]` (one of the three, also with NaN).
    @inlinable
    static func medianOfThree<Value: BinaryFloatingPoint>(
        _ a: UnsafeMutablePointer<Value>, _ i: Int, _ j: Int, _ k: Int
    ) -> Int {
        if a[i] < a[j] {
            if a[j] < a[k] { return j }
            return a[i] < a[k] ? k : i
        }
        if a[i] < a[k] { return i }
        return a[j] < a[k] ? k : j
    }

    /// ``select(_:rank:)`` on an array.
    @inlinable
    public static func select<Value: BinaryFloatingPoint>(_ values: inout [Value], rank: Int) -> Value {
        values.withUnsafeMutableBufferPointer { select($0, rank: rank) }
    }
}
