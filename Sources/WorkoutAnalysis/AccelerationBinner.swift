/// Accumulates accelerometer samples into ``MotionBins`` (sums in `Double`, grouped by the samples' positions in
/// their bin (``BinSums``), so the result does not depend on batch edges).
struct AccelerationBinner: GridBinner, Sendable {
    let binRate: Double
    let binsPerSecond: Int
    /// Bins after the last sample from which a silent stream counts as a gap (0.5 s).
    let gapBins: Int
    /// The bin being filled (`nil` before the first sample).
    private(set) var current: Int?
    var secondEnd = Int.min
    /// First bin that held a sample.
    private(set) var firstBin: Int?
    /// The sums of the bin being filled.
    private var sums = BinSums()
    private var lastDataBin = Int.min
    /// 1 / n for the sample counts of a bin below 64 (32 or 33 at 800 Hz), the values the division gives: a
    /// table read per closed bin instead of a division that the bin's means wait on.
    private let reciprocals: [Double] = (0..<64).map { 1 / Double($0) }

    init(binRate: Double) {
        self.binRate = binRate
        binsPerSecond = Int(binRate.rounded())
        gapBins = Int((0.5 * binRate).rounded())
    }

    mutating func start(at bin: Int) {
        current = bin
        firstBin = bin
    }

    /// Adds one sample (t in s; x, y, z in g). Bins that this sample closes are written to `bins`.
    @inline(__always)
    mutating func add(time: Double, x: Float, y: Float, z: Float, into bins: inout MotionBins) {
        let m2f = x * x + y * y + z * z
        guard m2f < .infinity, time.isFinite else { return }  // a NaN or infinite component: skipped
        _ = bins.withRing { enter(time: time, in: $0) }
        sums.add(x: x, y: y, z: z, squared: m2f)
    }

    /// Adds samples `start..<count` of the columns until one opens a bin in a later second than the previous
    /// sample (after writing the bins before it); returns the index after the last sample added, so the caller
    /// can decide the windows that second completed and go on. The samples of one bin accumulate in local
    /// variables: only a change of bin touches the ring. Whenever the bin holds a multiple of four samples, the
    /// next ones are added four at a time while they can be (``BinSums/addFours(from:count:times:x:y:z:binRate:binEnd:)``),
    /// otherwise one at a time; the sums are the same bit for bit as with ``add(time:x:y:z:into:)`` sample by
    /// sample.
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
        // The open bin's sums stay in local variables for the whole call, also while a bin is closed and the next
        // opened (``close(_:upTo:in:)`` reads them there), and are stored back once on return.
        var local = sums
        defer { sums = local }
        let rate = binRate
        // The open bin holds the samples with t × binRate before binEnd and not −∞ (``GridBinner/isInBin(_:binEnd:)``:
        // times are non-decreasing; an earlier time joins the open bin, as a later bin's index would not be
        // smaller); binEnd is −∞ before the first sample.
        var binEnd = current.map { Double($0 &+ 1) } ?? -.infinity
        var passed = false
        var i = start
        while i < count {
            // Once a sample has opened a bin in a later second, the call ends with that bin's samples.
            if passed, !Self.isInBin(times[i] * rate, binEnd: binEnd) { return i }
            // Four at a time while the bin's count allows, then one sample as add(time:x:y:z:into:) takes it.
            i = local.addFours(from: i, count: count, times: times, x: x, y: y, z: z, binRate: rate, binEnd: binEnd)
            guard i < count else { break }
            if passed, !Self.isInBin(times[i] * rate, binEnd: binEnd) { return i }
            let t = times[i]
            let (sx, sy, sz) = (x[i], y[i], z[i])
            // A NaN or infinite component makes |a|² NaN or infinite: such a sample is skipped.
            let squared = sx * sx + sy * sy + sz * sz
            guard squared < .infinity else {
                i &+= 1
                continue
            }
            if !Self.isInBin(t * rate, binEnd: binEnd) {
                guard t.isFinite else {  // a NaN or infinite time: skipped
                    i &+= 1
                    continue
                }
                // A later bin: close the open one; the sample is then added with the new bin's first four.
                if enter(time: t, closing: { $0.close(&local, upTo: $1, in: ring) }) { passed = true }
                binEnd = Double(current.unsafelyUnwrapped &+ 1)
                continue
            }
            local.add(x: sx, y: sy, z: sz, squared: squared)
            i &+= 1
        }
        return i
    }

    /// Closes the current bin and every bin before `bin` (repeating the last values in empty ones).
    mutating func close(upTo bin: Int, in ring: MotionBinRing) {
        var open = sums
        close(&open, upTo: bin, in: ring)
        sums = open
    }

    /// Closes the current bin, whose sums are `sums`, and every bin before `bin`; leaves `sums` empty for `bin`.
    @inline(__always)
    private mutating func close(_ sums: inout BinSums, upTo bin: Int, in ring: MotionBinRing) {
        guard let c = current, bin > c else { return }
        if sums.count > 0 {
            let count = Int(sums.count)
            let inv = count < reciprocals.count ? reciprocals[count] : 1 / Double(count)
            let (xyzm, squares) = sums.totals
            let means = xyzm * inv
            let mean = means[3]
            let b = ring.pointer(c)
            b.pointee.meanX = Float(means[0])
            b.pointee.meanY = Float(means[1])
            b.pointee.meanZ = Float(means[2])
            b.pointee.meanMagnitude = Float(mean)
            b.pointee.peakMagnitude = sums.peakSquared.squareRoot()
            b.pointee.magnitudeVariance = Float(Swift.max(0, squares * inv - mean * mean))
            b.pointee.count = sums.count
            b.pointee.isGap = false
            lastDataBin = c
        } else {
            repeatPrevious(c, in: ring)
        }
        // Empty bins up to the new one (at most a ring's worth are ever read back).
        var k = c + 1
        if bin - k > ring.capacity { k = bin - ring.capacity }
        while k < bin {
            repeatPrevious(k, in: ring)
            k += 1
        }
        current = bin
        sums = BinSums()
    }

    private func repeatPrevious(_ bin: Int, in ring: MotionBinRing) {
        let previous = ring[bin - 1]
        let isGap = bin - lastDataBin > gapBins
        let b = ring.pointer(bin)
        b.pointee.meanX = previous.meanX
        b.pointee.meanY = previous.meanY
        b.pointee.meanZ = previous.meanZ
        b.pointee.meanMagnitude = previous.meanMagnitude
        b.pointee.peakMagnitude = previous.meanMagnitude
        b.pointee.magnitudeVariance = 0
        b.pointee.count = 0
        b.pointee.isGap = isGap
    }
}
