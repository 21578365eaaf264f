/// The one binary search of the package: the first index of a range at which a monotone predicate holds.
public enum BinarySearch {
    /// The first index in `range` for which `isAtOrAfter` is true, or `range.upperBound` when there is none.
    /// `isAtOrAfter` must be false, then true, across the range (e.g. `timestamps[$0] >= time` over non-decreasing
    /// timestamps). O(log n) calls.
    @inlinable
    public static func firstIndex(in range: Range<Int>, where isAtOrAfter: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if isAtOrAfter(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Index of the first of the non-decreasing `timestamps` that is ≥ `time` (> `time` when `strictly`), s.
    @inlinable
    public static func firstIndex(in timestamps: [Double], atOrAfter time: Double, strictly: Bool = false) -> Int {
        timestamps.withUnsafeBufferPointer { buffer in
            firstIndex(in: 0..<buffer.count) { strictly ? buffer[$0] > time : buffer[$0] >= time }
        }
    }
}
