import MotionDSP

/// The running sums of the 25 Hz bin being filled (``AccelerationBinner``): Σ x, Σ y, Σ z and Σ |a| (g) in the
/// lanes of one vector, Σ |a|² (g²), the sample count and the peak |a| (g).
///
/// Every sum is in `Double` and adds the samples one after the other in sample order (the lanes never mix), so a
/// bin's values are the same bit for bit however the samples were cut into batches and however many are added
/// per step: ``addFours(from:count:times:x:y:z:binRate:binEnd:)`` takes four at a time only to share the loads,
/// the finiteness test, the square roots and the peak between them (at 800 Hz a bin holds 32 samples).
struct BinSums: Sendable {
    /// Σ x, Σ y, Σ z, Σ |a| over the bin's samples, g.
    var xyzm = SIMD4<Double>.zero
    /// Σ |a|², g².
    var squares = 0.0
    var count: Int32 = 0
    /// Largest |a|, g (0 before the first sample).
    var peak: Float = 0

    /// Adds one finite sample: x, y, z (g) and its |a|² = x² + y² + z² (g², as `Float`).
    @inline(__always)
    mutating func add(x: Float, y: Float, z: Float, squared: Float) {
        let magnitude = squared.squareRoot()
        xyzm += SIMD4(Double(x), Double(y), Double(z), Double(magnitude))
        squares += Double(squared)
        count &+= 1
        if magnitude > peak { peak = magnitude }
    }

    /// Adds samples `start…` four at a time while all four are in the bin (t × `binRate` < `binEnd`, t in s) and
    /// finite, at most up to `count`; returns the index of the first sample not added. The same per-sample tests
    /// as one sample at a time, so it stops where that would have to leave the bin or skip a sample.
    @inline(__always)
    mutating func addFours(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, binRate: Double, binEnd: Double
    ) -> Int {
        let t = UnsafeRawPointer(times.baseAddress.unsafelyUnwrapped)
        let (px, py, pz) = (
            UnsafeRawPointer(x.baseAddress.unsafelyUnwrapped), UnsafeRawPointer(y.baseAddress.unsafelyUnwrapped),
            UnsafeRawPointer(z.baseAddress.unsafelyUnwrapped)
        )
        let rate = SIMD4<Double>(repeating: binRate), end = SIMD4<Double>(repeating: binEnd)
        var (sums, squares, n) = (xyzm, self.squares, self.count)
        // The peak is kept as |a|² (x ↦ √x is monotonic, so the largest |a|² has the largest |a|).
        var peaks = SIMD4<Float>(repeating: 0)
        var i = start
        while i &+ 4 <= count {
            let fourTimes = t.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self)
            guard all(fourTimes * rate .< end) else { break }
            let offset = i &* 4
            let fx = px.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fy = py.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fz = pz.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let squared = fx * fx + fy * fy + fz * fz
            // A NaN or infinite component makes |a|² NaN or infinite: left to the one-at-a-time path.
            guard all(squared .< Float.infinity) else { break }
            let m = squared.vectorSquareRoot()
            peaks.replace(with: squared, where: squared .> peaks)
            sums += SIMD4(Double(fx[0]), Double(fy[0]), Double(fz[0]), Double(m[0]))
            squares += Double(squared[0])
            sums += SIMD4(Double(fx[1]), Double(fy[1]), Double(fz[1]), Double(m[1]))
            squares += Double(squared[1])
            sums += SIMD4(Double(fx[2]), Double(fy[2]), Double(fz[2]), Double(m[2]))
            squares += Double(squared[2])
            sums += SIMD4(Double(fx[3]), Double(fy[3]), Double(fz[3]), Double(m[3]))
            squares += Double(squared[3])
            n &+= 4
            i &+= 4
        }
        (xyzm, self.squares, self.count) = (sums, squares, n)
        peak = Swift.max(peak, peaks.max().squareRoot())
        return i
    }
}
