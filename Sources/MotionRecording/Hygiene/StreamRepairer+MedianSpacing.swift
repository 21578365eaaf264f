extension StreamRepairer {
    /// Median of the positive spacings between consecutive timestamps (at most ~100,000 of them, evenly
    /// sampled), or 0 without any.
    static func medianSpacing(_ timestamps: [Double]) -> Double {
        var spacings: [Double] = []
        timestamps.withUnsafeBufferPointer { appendSampledSpacings($0, rows: 0..<$0.count, to: &spacings) }
        return spacings.isEmpty ? 0 : select(&spacings, rank: spacings.count / 2)
    }

    /// Appends the positive spacings that ``medianSpacing(_:)`` samples from the whole of `timestamps` (s) — those
    /// before rows 1, 1 + step, 1 + 2·step, … with the step set by the whole count — at the rows inside `rows`, so
    /// that a column read in consecutive parts gathers the same spacings in the same order.
    static func appendSampledSpacings(_ timestamps: UnsafeBufferPointer<Double>, rows: Range<Int>, to spacings: inout [Double]) {
        let step = max(1, timestamps.count / 100_000)
        if spacings.capacity == 0 {
            // Room for every sampled spacing (up to ~200,000 with this step), so that the array never grows (a copy).
            spacings.reserveCapacity(max(0, timestamps.count - 1 + step - 1) / step)
        }
        // The first sampled row at or after the start of `rows` (rows 1 + k·step).
        let first = rows.lowerBound <= 1 ? 1 : 1 + (rows.lowerBound - 1 + step - 1) / step * step
        for row in stride(from: first, to: rows.upperBound, by: step) where timestamps[row] > timestamps[row - 1] {
            spacings.append(timestamps[row] - timestamps[row - 1])
        }
    }

    /// The value an ascending sort would put at `rank` (0-based), by quickselect with Hoare partitions in expected
    /// O(n), reordering `values`. Meant for spacings (positive, no NaN), for which it equals `values.sorted()[rank]`.
    ///
    /// - Precondition: `0 <= rank < values.count`.
    static func select(_ values: inout [Double], rank: Int) -> Double {
        precondition(rank >= 0 && rank < values.count, "select: rank \(rank) outside 0..<\(values.count)")
        return values.withUnsafeMutableBufferPointer { a in
            var low = 0
            var high = a.count - 1
            while low < high {
                let pivot = a[low + (high - low) / 2]
                var i = low
                var j = high
                while i <= j {
                    while a[i] < pivot { i += 1 }
                    while a[j] > pivot { j -= 1 }
                    if i <= j {
                        a.swapAt(i, j)
                        i += 1
                        j -= 1
                    }
                }
                // Now a[low...j] ≤ pivot ≤ a[i...high], and everything strictly between j and i equals the pivot.
                if rank <= j {
                    high = j
                } else if rank >= i {
                    low = i
                } else {
                    return a[rank]
                }
            }
            return a[rank]
        }
    }
}
