import MotionDSP

/// The running sums of the 25 Hz bin being filled (``AccelerationBinner``): Σ x, Σ y, Σ z, Σ |a| (g) and Σ |a|²
/// (g²), the sample count and the peak |a|² (g²).
///
/// Every sum is in `Double` and is kept as four partial sums: lane k adds the bin's samples whose position in the
/// bin (0, 1, 2, … in sample order, counting the samples added) is k mod 4, one after the other; a bin's total is
/// (lane 0 + lane 1) + (lane 2 + lane 3). The grouping depends only on a sample's position within its bin, so a
/// bin's values are the same bit for bit however the samples were cut into batches and whether they were added
/// one at a time or four at a time (``addFours(from:count:times:x:y:z:binRate:binEnd:)``). Four independent
/// partial sums let four samples be added in one vector step each, rather than each addition waiting for the
/// previous one (at 800 Hz a bin holds 32 samples).
struct BinSums: Sendable {
    /// Partial sums of x, y, z, g.
    var x = SIMD4<Double>.zero, y = SIMD4<Double>.zero, z = SIMD4<Double>.zero
    /// Partial sums of |a|, g.
    var magnitude = SIMD4<Double>.zero
    /// Partial sums of |a|², g².
    var squares = SIMD4<Double>.zero
    var count: Int32 = 0
    /// Largest |a|², g² (0 before the first sample; x ↦ √x is monotonic, so its root is the largest |a|).
    var peakSquared: Float = 0

    /// Adds one finite sample: x, y, z (g) and its |a|² = x² + y² + z² (g², as `Float`).
    @inline(__always)
    mutating func add(x: Float, y: Float, z: Float, squared: Float) {
        let lane = Int(count & 3)
        self.x[lane] += Double(x)
        self.y[lane] += Double(y)
        self.z[lane] += Double(z)
        magnitude[lane] += Double(squared.squareRoot())
        squares[lane] += Double(squared)
        count &+= 1
        if squared > peakSquared { peakSquared = squared }
    }

    /// The totals: Σ x, Σ y, Σ z, Σ |a| (g) in the lanes of one vector, and Σ |a|² (g²).
    @inline(__always)
    var totals: (xyzm: SIMD4<Double>, squares: Double) {
        // Pair sums (lane 0 + lane 1, lane 2 + lane 3) of x and y, then of z and |a|, then the pairs added.
        let xy =
            SIMD4(lowHalf: x.evenHalf, highHalf: y.evenHalf) + SIMD4(lowHalf: x.oddHalf, highHalf: y.oddHalf)
        let zm =
            SIMD4(lowHalf: z.evenHalf, highHalf: magnitude.evenHalf)
            + SIMD4(lowHalf: z.oddHalf, highHalf: magnitude.oddHalf)
        let pairs = squares.evenHalf + squares.oddHalf
        return (
            SIMD4(lowHalf: xy.evenHalf, highHalf: zm.evenHalf) + SIMD4(lowHalf: xy.oddHalf, highHalf: zm.oddHalf),
            pairs[0] + pairs[1]
        )
    }

    /// Adds samples `start…` four at a time while all four are in the bin (t × `binRate` before `binEnd` and not
    /// −∞, t in s: ``GridBinner/isInBin(_:binEnd:)``) and finite, at most up to `count`; returns the index of the
    /// first sample not added. Only when the bin holds a multiple of four samples (otherwise returns `start`), so
    /// sample k of a step goes to lane k as it would one at a time. The same per-sample tests as one sample at a time, so it stops where that would have to leave
    /// the bin or skip a sample.
    ///
    /// Finiteness is checked once, on the sums, rather than per step: finite |a|² (`Float`) summed in `Double`
    /// stay finite, so Σ |a|² is finite exactly when every sample added was. When it is not, the sums go back to
    /// what they were and the samples are added again, checked four by four.
    @inline(__always)
    mutating func addFours(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, binRate: Double, binEnd: Double
    ) -> Int {
        guard self.count & 3 == 0 else { return start }
        let before = self
        let end = addFours(
            from: start, count: count, times: times, x: x, y: y, z: z, binRate: binRate, binEnd: binEnd,
            checked: false)
        if all(squares .< .infinity) { return end }
        let checkedEnd: Int
        (self, checkedEnd) = Self.addingCheckedFours(
            to: before, from: start, count: count, times: times, x: x, y: y, z: z, binRate: binRate, binEnd: binEnd)
        return checkedEnd
    }

    /// `sums` with the four-at-a-time loop that stops at a step with a NaN or infinite |a|² (out of line and by
    /// value, so the sums of the usual path can stay in registers: taken only for a bin that holds such a sample).
    @inline(never)
    private static func addingCheckedFours(
        to sums: BinSums, from start: Int, count: Int, times: UnsafeBufferPointer<Double>,
        x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, binRate: Double,
        binEnd: Double
    ) -> (BinSums, Int) {
        var sums = sums
        let end = sums.addFours(
            from: start, count: count, times: times, x: x, y: y, z: z, binRate: binRate, binEnd: binEnd, checked: true)
        return (sums, end)
    }

    /// The four-at-a-time loop; `checked`: stop at a step with a NaN or infinite |a|² (otherwise the caller checks
    /// the sums).
    @inline(__always)
    private mutating func addFours(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, binRate: Double, binEnd: Double, checked: Bool
    ) -> Int {
        let t = UnsafeRawPointer(times.baseAddress.unsafelyUnwrapped)
        let (px, py, pz) = (
            UnsafeRawPointer(x.baseAddress.unsafelyUnwrapped), UnsafeRawPointer(y.baseAddress.unsafelyUnwrapped),
            UnsafeRawPointer(z.baseAddress.unsafelyUnwrapped)
        )
        let rate = SIMD4<Double>(repeating: binRate), end = SIMD4<Double>(repeating: binEnd)
        var (sx, sy, sz, sm, sq) = (self.x, self.y, self.z, magnitude, squares)
        var peaks = SIMD4<Float>(repeating: peakSquared)
        var i = start
        let last = count &- 4
        while i <= last {
            let fourTimes = t.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self)
            let scaled = fourTimes * rate
            // In the bin: before its end and not −∞ (a NaN or infinite time is left to the one-at-a-time path).
            guard all(scaled .< end .& scaled .> SIMD4(repeating: -.infinity)) else { break }
            let offset = i &* 4
            let fx = px.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fy = py.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fz = pz.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let squared = fx * fx + fy * fy + fz * fz
            // A NaN or infinite component makes |a|² NaN or infinite: left to the one-at-a-time path.
            if checked { guard all(squared .< Float.infinity) else { break } }
            peaks.replace(with: squared, where: squared .> peaks)
            sx += SIMD4<Double>(fx)
            sy += SIMD4<Double>(fy)
            sz += SIMD4<Double>(fz)
            sm += SIMD4<Double>(squared.vectorSquareRoot())
            sq += SIMD4<Double>(squared)
            i &+= 4
        }
        (self.x, self.y, self.z, magnitude, squares) = (sx, sy, sz, sm, sq)
        self.count &+= Int32(truncatingIfNeeded: i &- start)
        peakSquared = Swift.max(Swift.max(peaks[0], peaks[1]), Swift.max(peaks[2], peaks[3]))  // all finite
        return i
    }
}
