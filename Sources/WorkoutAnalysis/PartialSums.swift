/// Sums over a window's series of per-bin values (`Double`, g or g²) in independent partial sums: a running sum
/// waits 4 cycles for each addition before the next, partial sums do not. Each fixes its grouping by the values'
/// positions in the series, so the result depends only on the values, never on how the stream was batched.
enum PartialSums {
    /// Subtracts `mean` from `values[0..<count]` and returns Σ of their squares, added in four partial sums (lane
    /// k takes the values at k mod 4, in order; then (lane 0 + lane 1) + (lane 2 + lane 3)), so the additions
    /// need not wait on each other.
    static func centre(_ values: inout [Double], count n: Int, mean: Double) -> Double {
        values.withUnsafeMutableBufferPointer { v in
            centre(UnsafePointer(v.baseAddress!), count: n, mean: mean, into: v.baseAddress!)
        }
    }

    /// Writes `source[i]` − `mean` to `destination[i]` for i in 0..<`count` (the two may be the same memory) and
    /// returns Σ of their squares, grouped as ``centre(_:count:mean:)`` groups them.
    static func centre(
        _ source: UnsafePointer<Double>, count n: Int, mean: Double, into destination: UnsafeMutablePointer<Double>
    ) -> Double {
        let (from, to) = (UnsafeRawPointer(source), UnsafeMutableRawPointer(destination))
        let m = SIMD4<Double>(repeating: mean)
        var sums = SIMD4<Double>.zero
        var i = 0
        while i &+ 4 <= n {
            let d = from.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self) - m
            to.storeBytes(of: d, toByteOffset: i &* 8, as: SIMD4<Double>.self)
            sums += d * d
            i &+= 4
        }
        while i < n {
            let d = source[i] - mean
            destination[i] = d
            sums[i & 3] += d * d
            i &+= 1
        }
        return (sums[0] + sums[1]) + (sums[2] + sums[3])
    }

    /// `prefix[i]` = Σ `values[0..<i]` for i in 0...`count`, in blocks of eight: each block's running sums start
    /// from its first value, then the total of the blocks before it is added. The blocks' sums do not wait on
    /// each other (one running sum waits on every addition before it).
    static func prefixSums(of values: [Double], count n: Int, into prefix: inout [Double]) {
        values.withUnsafeBufferPointer { v in
            prefix.withUnsafeMutableBufferPointer { p in
                p[0] = 0
                var start = 0
                while start < n {
                    let end = Swift.min(n, start &+ 8)
                    var running = 0.0
                    for i in start..<end {
                        running += v[i]
                        p[i &+ 1] = running
                    }
                    start = end
                }
                var before = 0.0
                start = 0
                while start < n {
                    let end = Swift.min(n, start &+ 8)
                    let total = p[end]
                    for i in (start &+ 1)...end { p[i] += before }
                    before += total
                    start = end
                }
            }
        }
    }

    /// Σ `values[i]` × `values[i + lag]` over i in 0..<(`count` − `lag`), added in four partial sums (lane k takes
    /// the products at i ≡ k mod 4, in order; then (lane 0 + lane 1) + (lane 2 + lane 3)).
    static func laggedProducts(_ values: UnsafeBufferPointer<Double>, count n: Int, lag: Int) -> Double {
        let base = UnsafeRawPointer(values.baseAddress!)
        let pairs = n - lag
        var sums = SIMD4<Double>.zero
        var i = 0
        while i &+ 4 <= pairs {
            sums += base.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self)
                * base.loadUnaligned(fromByteOffset: (i &+ lag) &* 8, as: SIMD4<Double>.self)
            i &+= 4
        }
        while i < pairs {
            sums[i & 3] += values[i] * values[i &+ lag]
            i &+= 1
        }
        return (sums[0] + sums[1]) + (sums[2] + sums[3])
    }
}
