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

    /// `ends[L]` = Σ `values[0..<L]` + Σ `values[(count − L)..<count]` (the first L and the last L values) for L in
    /// 0...max(`last`, ⌊count / 2⌋) (`last` ≤ `count`), and returns Σ of all `count` values (`ends` at
    /// ⌊count / 2⌋, plus the middle value when `count` is odd). Four L at a time: the pair sums values[L] + values[count − 1 − L] of a step are
    /// added up lane by lane within the vector (the step's running sums) and the total of the steps before it
    /// added, so one addition per four L waits on the previous step.
    static func endSums(
        of values: UnsafePointer<Double>, count n: Int, through last: Int, into ends: UnsafeMutablePointer<Double>
    ) -> Double {
        let (v, q) = (UnsafeRawPointer(values), UnsafeMutableRawPointer(ends))
        let through = Swift.max(last, n / 2)
        var carry = 0.0
        var l = 0
        // ends[l + 3] needs the pairs up to l + 2; the step's total, the pair at l + 3 (values[l + 3] and
        // values[n − 4 − l], both inside the values while l + 4 ≤ through ≤ n).
        while l &+ 4 <= through {
            let head = v.loadUnaligned(fromByteOffset: l &* 8, as: SIMD4<Double>.self)
            let tail = v.loadUnaligned(fromByteOffset: (n &- 4 &- l) &* 8, as: SIMD4<Double>.self)
            let w = head + SIMD4(tail[3], tail[2], tail[1], tail[0])
            // Running sums within the step: (w0, w0 + w1, (w0 + w1) + w2, ((w0 + w1) + w2) + w3).
            let w01 = w[0] + w[1]
            let w012 = w01 + w[2]
            q.storeBytes(
                of: SIMD4(repeating: carry) + SIMD4(0, w[0], w01, w012), toByteOffset: l &* 8, as: SIMD4<Double>.self)
            carry += w012 + w[3]
            l &+= 4
        }
        while l <= through {
            ends[l] = carry
            if l < through { carry += values[l] + values[n &- 1 &- l] }
            l &+= 1
        }
        return n & 1 == 0 ? ends[n / 2] : ends[n / 2] + values[n / 2]
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
