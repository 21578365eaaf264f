/// The 25 Hz grid the workout analysis works on: a ring of 40 ms bins indexed by absolute bin number
/// `floor(t × binRate)` on the recording's clock (so every way of cutting the stream into batches fills the same
/// bins, and both streams agree on them without knowing where either started).
///
/// Per bin, from the accelerometer (g, device frame, gravity included): the mean of x, y, z and of |a|, the peak
/// |a| (impacts survive the averaging), the within-bin spread of |a| (road vibration at high input rates) and the
/// sample count; from device motion: the peak |rotation rate| (rad/s). A bin without samples repeats the previous
/// one (an input slower than 25 Hz) and is marked as a gap once the stream has been silent for half a second.
struct MotionBins: Sendable {
    /// Ring capacity, bins.
    let capacity: Int
    var meanX: [Float]
    var meanY: [Float]
    var meanZ: [Float]
    var meanMagnitude: [Float]
    var peakMagnitude: [Float]
    /// Within-bin variance of |a|, g².
    var magnitudeVariance: [Float]
    var count: [Int32]
    /// The bin repeats an earlier one because the stream was silent for ≥ 0.5 s.
    var isGap: [Bool]
    var peakRotationRate: [Float]
    /// The absolute bin whose peak rotation rate a slot holds (a slot is read only for its own bin).
    var rotationBin: [Int]

    init(capacity: Int) {
        self.capacity = capacity
        meanX = Array(repeating: 0, count: capacity)
        meanY = Array(repeating: 0, count: capacity)
        meanZ = Array(repeating: -1, count: capacity)
        meanMagnitude = Array(repeating: 1, count: capacity)
        peakMagnitude = Array(repeating: 1, count: capacity)
        magnitudeVariance = Array(repeating: 0, count: capacity)
        count = Array(repeating: 0, count: capacity)
        isGap = Array(repeating: true, count: capacity)
        peakRotationRate = Array(repeating: 0, count: capacity)
        rotationBin = Array(repeating: Int.min, count: capacity)
    }

    /// Peak |rotation rate| of `bin`, rad/s (0 when device motion did not cover it or the slot was reused).
    @inline(__always) func rotationRate(_ bin: Int) -> Float {
        let s = slot(bin)
        return rotationBin[s] == bin ? peakRotationRate[s] : 0
    }

    @inline(__always) func slot(_ bin: Int) -> Int {
        let r = bin % capacity
        return r < 0 ? r + capacity : r
    }
}

/// Accumulates accelerometer samples into ``MotionBins`` (sums in `Double`, in sample order, so the result does
/// not depend on batch edges).
struct AccelerationBinner: Sendable {
    let binRate: Double
    /// Bins after the last sample from which a silent stream counts as a gap (0.5 s).
    let gapBins: Int
    /// The bin being filled (`nil` before the first sample).
    private(set) var current: Int?
    /// First bin that held a sample.
    private(set) var firstBin: Int?
    private var sumX = 0.0, sumY = 0.0, sumZ = 0.0, sumM = 0.0, sumMM = 0.0
    private var n: Int32 = 0
    private var peak: Float = 0
    private var lastDataBin = Int.min

    init(binRate: Double) {
        self.binRate = binRate
        gapBins = Int((0.5 * binRate).rounded())
    }

    /// All bins before this index are closed (written to the ring).

    /// Adds one sample (t in s; x, y, z in g). Bins that this sample closes are written to `bins`.
    @inline(__always)
    mutating func add(time: Double, x: Float, y: Float, z: Float, into bins: inout MotionBins) {
        guard x.isFinite, y.isFinite, z.isFinite, time.isFinite else { return }
        let bin = Int((time * binRate).rounded(.down))
        if let c = current {
            if bin > c { close(upTo: bin, into: &bins) }
        } else {
            current = bin
            firstBin = bin
        }
        let m2f = x * x + y * y + z * z
        let mf = m2f.squareRoot()
        sumX += Double(x)
        sumY += Double(y)
        sumZ += Double(z)
        sumM += Double(mf)
        sumMM += Double(m2f)
        n += 1
        if mf > peak { peak = mf }
    }

    /// Adds samples `start..<count` of the columns until one opens a bin in a later second than the previous
    /// sample (after writing the bins before it); returns the index after the last sample added, so the caller
    /// can decide the windows that second completed and go on. The samples of one bin accumulate in local
    /// variables: only a change of bin touches the ring.
    @inline(__always)
    mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, into bins: inout MotionBins
    ) -> Int {
        let perSecond = Int(binRate.rounded())
        var i = start
        var passed = false
        while i < count {
            let t = times[i]
            let (xi, yi, zi) = (x[i], y[i], z[i])
            i &+= 1
            guard (xi * 0 + yi * 0 + zi * 0) == 0, t.isFinite else { continue }  // NaN and ±inf: skipped
            let bin = Int((t * binRate).rounded(.down))
            if let c = current {
                if bin > c {
                    close(upTo: bin, into: &bins)
                    passed = bin / perSecond != c / perSecond
                }
            } else {
                current = bin
                firstBin = bin
            }
            // Local accumulation while the bin stays the same.
            var (sx, sy, sz, sm, smm) = (sumX, sumY, sumZ, sumM, sumMM)
            var (k, p) = (n, peak)
            var (tx, ty, tz) = (xi, yi, zi)
            // The bin holds the samples with t × binRate < its index + 1 (times are non-decreasing; an earlier
            // time joins the open bin, as a later bin's index would not be smaller).
            let binEnd = Double(current! &+ 1)
            while true {
                let m2f = tx * tx + ty * ty + tz * tz
                let mf = m2f.squareRoot()
                sx += Double(tx)
                sy += Double(ty)
                sz += Double(tz)
                sm += Double(mf)
                smm += Double(m2f)
                k &+= 1
                if mf > p { p = mf }
                guard i < count else { break }
                let tn = times[i]
                guard tn * binRate < binEnd else { break }
                (tx, ty, tz) = (x[i], y[i], z[i])
                guard (tx * 0 + ty * 0 + tz * 0) == 0 else { break }
                i &+= 1
            }
            (sumX, sumY, sumZ, sumM, sumMM) = (sx, sy, sz, sm, smm)
            (n, peak) = (k, p)
            if passed { return i }
        }
        return i
    }

    /// Closes the current bin and every bin before `bin` (repeating the last values in empty ones).
    mutating func close(upTo bin: Int, into bins: inout MotionBins) {
        guard let c = current, bin > c else { return }
        let s = bins.slot(c)
        if n > 0 {
            let inv = 1 / Double(n)
            let mean = sumM * inv
            bins.meanX[s] = Float(sumX * inv)
            bins.meanY[s] = Float(sumY * inv)
            bins.meanZ[s] = Float(sumZ * inv)
            bins.meanMagnitude[s] = Float(mean)
            bins.peakMagnitude[s] = peak
            bins.magnitudeVariance[s] = Float(Swift.max(0, sumMM * inv - mean * mean))
            bins.count[s] = n
            bins.isGap[s] = false
            lastDataBin = c
        } else {
            repeatPrevious(c, into: &bins)
        }
        // Empty bins up to the new one (at most a ring's worth are ever read back).
        var k = c + 1
        if bin - k > bins.capacity { k = bin - bins.capacity }
        while k < bin {
            repeatPrevious(k, into: &bins)
            k += 1
        }
        current = bin
        sumX = 0; sumY = 0; sumZ = 0; sumM = 0; sumMM = 0
        n = 0
        peak = 0
    }

    private func repeatPrevious(_ bin: Int, into bins: inout MotionBins) {
        let s = bins.slot(bin), p = bins.slot(bin - 1)
        bins.meanX[s] = bins.meanX[p]
        bins.meanY[s] = bins.meanY[p]
        bins.meanZ[s] = bins.meanZ[p]
        bins.meanMagnitude[s] = bins.meanMagnitude[p]
        bins.peakMagnitude[s] = bins.meanMagnitude[p]
        bins.magnitudeVariance[s] = 0
        bins.count[s] = 0
        bins.isGap[s] = bin - lastDataBin > gapBins
    }
}

/// Accumulates the peak |rotation rate| (rad/s) of device motion per bin.
struct RotationBinner: Sendable {
    let binRate: Double
    private(set) var current: Int?
    private var peak: Float = 0
    private var peakSquared: Float = 0

    init(binRate: Double) { self.binRate = binRate }


    @inline(__always)
    mutating func add(time: Double, magnitude: Float, into bins: inout MotionBins) {
        guard magnitude.isFinite, time.isFinite else { return }
        let bin = Int((time * binRate).rounded(.down))
        if let c = current {
            if bin > c { close(upTo: bin, into: &bins) }
        } else {
            current = bin
        }
        if magnitude > peak { peak = magnitude }
    }

    /// Adds rotation rates `start..<count` (rad/s) until one opens a bin in a later second than the previous
    /// sample; returns the index after the last sample added (as ``AccelerationBinner``'s columnar `add`). The
    /// peak is tracked on |ω|² and its root taken when the bin closes.
    @inline(__always)
    mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, into bins: inout MotionBins
    ) -> Int {
        let perSecond = Int(binRate.rounded())
        var i = start
        while i < count {
            let t = times[i]
            let squared = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
            i &+= 1
            guard squared.isFinite, t.isFinite else { continue }
            let bin = Int((t * binRate).rounded(.down))
            var passed = false
            if let c = current {
                if bin > c {
                    close(upTo: bin, into: &bins)
                    passed = bin / perSecond != c / perSecond
                }
            } else {
                current = bin
            }
            var p = peakSquared
            if squared > p { p = squared }
            let binEnd = Double(current! &+ 1)
            while i < count, times[i] * binRate < binEnd {
                let q = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
                if q > p { p = q }  // a NaN never compares greater
                i &+= 1
            }
            peakSquared = p
            if passed { return i }
        }
        return i
    }

    mutating func close(upTo bin: Int, into bins: inout MotionBins) {
        guard let c = current, bin > c else { return }
        peak = Swift.max(peak, peakSquared.squareRoot())
        peakSquared = 0
        bins.peakRotationRate[bins.slot(c)] = peak
        bins.rotationBin[bins.slot(c)] = c
        var k = c + 1
        if bin - k > bins.capacity { k = bin - bins.capacity }
        while k < bin {
            bins.peakRotationRate[bins.slot(k)] = 0
            bins.rotationBin[bins.slot(k)] = k
            k += 1
        }
        current = bin
        peak = 0
    }
}
