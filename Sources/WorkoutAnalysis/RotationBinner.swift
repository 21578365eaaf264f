/// Accumulates the peak |rotation rate| (rad/s) of device motion per bin of ``MotionBins``.
struct RotationBinner: GridBinner, Sendable {
    let binRate: Double
    let binsPerSecond: Int
    /// The bin being filled (`nil` before the first sample).
    private(set) var current: Int?
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
        _ = enter(time: time, into: &bins)
        peakSquared = Swift.max(peakSquared, magnitude * magnitude)
    }

    /// Adds rotation rates `start..<count` (rad/s) until one opens a bin in a later second than the previous
    /// sample; returns the index after the last sample added (as ``AccelerationBinner``'s columnar `add`).
    @inline(__always)
    mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, into bins: inout MotionBins
    ) -> Int {
        var i = start
        while i < count {
            let t = times[i]
            let squared = x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
            i &+= 1
            guard squared.isFinite, t.isFinite else { continue }
            let passed = enter(time: t, into: &bins)
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
        let peak = peakSquared.squareRoot()
        bins.update(slot: bins.slot(c)) { b in
            b.peakRotationRate = peak
            b.rotationBin = c
        }
        peakSquared = 0
        var k = c + 1
        if bin - k > bins.capacity { k = bin - bins.capacity }
        while k < bin {
            bins.update(slot: bins.slot(k)) { b in
                b.peakRotationRate = 0
                b.rotationBin = k
            }
            k += 1
        }
        current = bin
    }
}
