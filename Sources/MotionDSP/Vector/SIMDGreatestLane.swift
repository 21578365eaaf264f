extension SIMD8 where Scalar == Float {
    /// The greatest lane of a vector that holds no NaN: the value of `max()`, in three vector steps.
    ///
    /// The standard library's `max()` is not inlined: a call that walks the lanes one at a time (≈ 25 ns). The
    /// impact detector's scan took it for every noise-floor block, about 1 % of an analysis. With no NaN the
    /// greatest value is unique, so the order of the comparisons does not matter (except for which zero of ±0 comes
    /// back when both are the greatest).
    @inlinable @inline(__always)
    public func greatestLane() -> Float {
        var four = lowHalf
        four.replace(with: highHalf, where: highHalf .> four)
        var two = four.lowHalf
        two.replace(with: four.highHalf, where: four.highHalf .> two)
        return two[1] > two[0] ? two[1] : two[0]
    }
}

extension SIMD4 where Scalar == Double {
    /// The greatest lane of a vector that holds no NaN: the value of `max()`, in two vector steps (see
    /// ``Swift/SIMD8/greatestLane()``).
    @inlinable @inline(__always)
    public func greatestLane() -> Double {
        var two = lowHalf
        two.replace(with: highHalf, where: highHalf .> two)
        return two[1] > two[0] ? two[1] : two[0]
    }
}
