/// Accumulates the peak |rotation rate| (rad/s) of device motion per bin of ``MotionBins``.
struct RotationBinner: GridBinner, Sendable {
    let binRate: Double
    let binsPerSecond: Int
    /// The bin being filled (`nil` before the first sample).
    private(set) var current: Int?
    var secondEnd = Int.min
    /// Peak |ω|² of the current bin, rad²/s² (the root is taken when the bin closes).
    private var peakSquared: Float = 0

    init(binRate: Double) {
        self.binRate = binRate
        binsPerSecond = Int(binRate.rounded())
    }

    mutating func start(at bin: Int) { current = bin }

    /// Adds one |rotation rate| (rad/s) at `time` (s).
    @inline(__always)
    mutating func add(time: Double, magnitude: Float, into bins: inout MotionBins) {
        guard magnitude.isFinite, time.isFinite else { return }
        _ = bins.withRing { enter(time: time, in: $0) }
        peakSquared = Swift.max(peakSquared, magnitude * magnitude)
    }

    /// Adds rotation rates `start..<count` (rad/s) until one opens a bin in a later second than the previous
    /// sample; returns the index after the last sample added (as ``AccelerationBinner``'s columnar `add`).
    @inline(__always)
    mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, into bins: inout MotionBins
    ) -> Int {
        bins.withRing { ring in add(from: start, count: count, times: times, x: x, y: y, z: z, in: ring) }
    }

    @inline(__always)
    private mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, in ring: MotionBinRing
    ) -> Int {
        var i = start
        while i < count {
            let t = times[i]
            let squared = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
            i &+= 1
            guard squared.isFinite, t.isFinite else { continue }
            let passed = enter(time: t, in: ring)
            var p = peakSquared
            if squared > p { p = squared }
            let binEnd = Double(current! &+ 1)
            (i, p) = Self.peakOfFours(
                from: i &- 1, count: count, times: times, x: x, y: y, z: z, binRate: binRate, binEnd: binEnd, peak: p)
            while i < count, times[i] * binRate < binEnd {
                let q = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
                if q > p, q < .infinity { p = q }  // a NaN never compares greater; an infinite one is skipped
                i &+= 1
            }
            peakSquared = p
            if passed { return i }
        }
        return i
    }

    /// The largest of `peak` and the |ω|² (rad²/s²) of samples `start…`, taken four at a time while all four are
    /// in the bin (t × `binRate` < `binEnd`, t in s), at most up to `count`; and the index of the first sample
    /// not taken. A NaN |ω|² never compares greater and an infinite one is skipped (as a bin's first sample is),
    /// so the order does not matter: the same peak as one sample at a time.
    @inline(__always)
    private static func peakOfFours(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, binRate: Double, binEnd: Double, peak: Float
    ) -> (next: Int, peak: Float) {
        let t = UnsafeRawPointer(times.baseAddress.unsafelyUnwrapped)
        let (px, py, pz) = (
            UnsafeRawPointer(x.baseAddress.unsafelyUnwrapped), UnsafeRawPointer(y.baseAddress.unsafelyUnwrapped),
            UnsafeRawPointer(z.baseAddress.unsafelyUnwrapped)
        )
        let rate = SIMD4<Double>(repeating: binRate), end = SIMD4<Double>(repeating: binEnd)
        var peaks = SIMD4<Float>(repeating: peak)
        var i = start
        while i &+ 4 <= count {
            guard all(t.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self) * rate .< end) else { break }
            let offset = i &* 4
            let fx = px.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fy = py.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let fz = pz.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
            let squared = fx * fx + fy * fy + fz * fz
            peaks.replace(with: squared, where: squared .> peaks .& squared .< .infinity)
            i &+= 4
        }
        return (i, Swift.max(Swift.max(peaks[0], peaks[1]), Swift.max(peaks[2], peaks[3])))
    }

    mutating func close(upTo bin: Int, in ring: MotionBinRing) {
        guard let c = current, bin > c else { return }
        let b = ring.pointer(c)
        b.pointee.peakRotationRate = peakSquared.squareRoot()
        b.pointee.rotationBin = c
        peakSquared = 0
        var k = c + 1
        if bin - k > ring.capacity { k = bin - ring.capacity }
        while k < bin {
            let b = ring.pointer(k)
            b.pointee.peakRotationRate = 0
            b.pointee.rotationBin = k
            k += 1
        }
        current = bin
    }
}
