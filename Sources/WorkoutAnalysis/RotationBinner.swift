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

    /// Adds one |rotation rate| (rad/s) at `time` (s). A NaN or infinite time or magnitude is skipped.
    @inline(__always)
    mutating func add(time: Double, magnitude: Float, into bins: inout MotionBins) {
        guard magnitude.isFinite, time.isFinite else { return }
        _ = bins.withRing { enter(time: time, in: $0) }
        peakSquared = Swift.max(peakSquared, magnitude * magnitude)
    }

    /// Adds rotation rates `start..<count` (rad/s; times in s) until one opens a bin in a later second than the
    /// previous sample, and the rest of that bin; returns the index after the last sample added (as
    /// ``AccelerationBinner``'s columnar `add`). The same bins, bit for bit, as ``add(time:magnitude:into:)``
    /// sample by sample: a sample with a NaN or infinite time or |ω|² is skipped, one whose time goes back joins
    /// the open bin.
    @inline(__always)
    mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, into bins: inout MotionBins
    ) -> Int {
        bins.withRing { ring in add(from: start, count: count, times: times, x: x, y: y, z: z, in: ring) }
    }

    /// The columnar `add` on the lent ring. The open bin (its number, its end on the t × `binRate` scale and its
    /// peak |ω|²) stays in local variables for the whole call, also while a bin is closed and the next opened, and
    /// is stored back once on return. Per bin: its samples eight at a time while all eight are in it (a 40 ms bin
    /// holds 8 at 200 Hz), then four, then one at a time; the first sample past it opens the next bin, found
    /// without rounding when it is the bin right after. At 200 Hz one step of eight usually holds a whole bin: the
    /// step that does not fit the open bin closes it and opens the next when its samples are all that bin's.
    @inline(__always)
    private mutating func add(
        from start: Int, count: Int, times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>,
        y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>, in ring: MotionBinRing
    ) -> Int {
        var i = start
        if current == nil {
            // The first sample with a finite time and |ω|² opens the first bin.
            while i < count, !(Self.squared(i, x: x, y: y, z: z) < .infinity && times[i].isFinite) { i &+= 1 }
            guard i < count else { return i }
            _ = enter(time: times[i], in: ring)
        }
        var bin = current.unsafelyUnwrapped
        var binEnd = Double(bin &+ 1)
        let columns = Columns(times: times, x: x, y: y, z: z, binRate: binRate)
        var peak = peakSquared
        var passed = false
        while true {
            // Steps of eight samples (a 40 ms bin holds 8 at 200 Hz): all in the open bin, or, when the first
            // opens the bin right after and all eight are in it, the close of the open bin and the next bin's
            // samples.
            var peaks = SIMD8<Float>(repeating: peak)
            while i <= count &- 8 {
                let (now, after, squared) = columns.step(i, binEnd: binEnd)
                let valid = squared .< .infinity
                if now {
                    peaks.replace(with: squared, where: squared .> peaks .& valid)
                    i &+= 8
                    continue
                }
                // The first sample opens the bin right after (a finite time in it, a finite |ω|²) and the other
                // seven join that bin; not when the open bin began a second (the call returns at its end).
                guard !passed, after, times[i] * binRate >= binEnd, valid[0] else { break }
                Self.write(Columns.largest(peaks), of: bin, in: ring)
                bin &+= 1
                binEnd += 1
                peaks = SIMD8(repeating: 0).replacing(with: squared, where: squared .> 0 .& valid)
                i &+= 8
                passed = opens(bin)
            }
            peak = Columns.largest(peaks)
            // Then four, then one at a time.
            guard i < count else { break }
            var scaled = times[i] * binRate
            if Self.isInBin(scaled, binEnd: binEnd) {
                (i, peak) = columns.peakOfFour(from: i, count: count, binEnd: binEnd, peak: peak)
                while i < count, Self.isInBin(times[i] * binRate, binEnd: binEnd) {
                    let q = Self.squared(i, x: x, y: y, z: z)
                    if q > peak, q < .infinity { peak = q }  // a NaN never compares greater; an infinite one is skipped
                    i &+= 1
                }
                guard i < count else { break }
                scaled = times[i] * binRate
            }
            // Sample i is past the open bin, or its time is NaN or −∞. It opens the next bin unless its time or
            // |ω|² is NaN or infinite (then it is skipped); it is taken again, as the bin's first sample, by the
            // steps above.
            guard !passed else { break }
            let q = Self.squared(i, x: x, y: y, z: z)
            guard q < .infinity else {
                i &+= 1
                continue
            }
            let next: Int, nextEnd: Double
            if scaled < binEnd + 1, scaled >= binEnd {
                (next, nextEnd) = (bin &+ 1, binEnd + 1)  // a finite time in the bin right after
            } else if times[i].isFinite {
                next = Int(scaled.rounded(.down))
                nextEnd = Double(next &+ 1)
            } else {
                i &+= 1
                continue
            }
            Self.write(peak, of: bin, in: ring)
            if next != bin &+ 1 { Self.clear(from: bin &+ 1, to: next, in: ring) }
            bin = next
            binEnd = nextEnd
            peak = q
            passed = opens(bin)
        }
        current = bin
        peakSquared = peak
        return i
    }

    /// Whether `bin`, just opened, is in a later second than the bins before it (and then the end of its second).
    @inline(__always)
    private mutating func opens(_ bin: Int) -> Bool {
        guard bin >= secondEnd else { return false }
        secondEnd = Self.secondEnd(of: bin, binsPerSecond: binsPerSecond)
        return true
    }

    /// Writes the closed `bin`'s peak |ω| (the root of `peakSquared`, rad²/s²) to its slot.
    @inline(__always)
    private static func write(_ peakSquared: Float, of bin: Int, in ring: MotionBinRing) {
        let b = ring.pointer(bin)
        b.pointee.peakRotationRate = peakSquared.squareRoot()
        b.pointee.rotationBin = bin
    }

    /// |ω|² of sample `i`, rad²/s².
    @inline(__always)
    private static func squared(
        _ i: Int, x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>, z: UnsafeBufferPointer<Float>
    ) -> Float {
        x[i] * x[i] + y[i] * y[i] + z[i] * z[i]
    }

    /// A call's columns as raw pointers, for loads of several samples (times in s, rotation rates in rad/s).
    private struct Columns {
        let times: UnsafeBufferPointer<Double>
        let t: UnsafeRawPointer, x: UnsafeRawPointer, y: UnsafeRawPointer, z: UnsafeRawPointer
        /// The bin rate, bins/s.
        let binRate: Double

        @inline(__always)
        init(
            times: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Float>, y: UnsafeBufferPointer<Float>,
            z: UnsafeBufferPointer<Float>, binRate: Double
        ) {
            self.times = times
            t = UnsafeRawPointer(times.baseAddress.unsafelyUnwrapped)
            self.x = UnsafeRawPointer(x.baseAddress.unsafelyUnwrapped)
            self.y = UnsafeRawPointer(y.baseAddress.unsafelyUnwrapped)
            self.z = UnsafeRawPointer(z.baseAddress.unsafelyUnwrapped)
            self.binRate = binRate
        }

        /// Samples `i..<i + 8`: whether all are in the bin ending at `binEnd` (``GridBinner/isInBin(_:binEnd:)``),
        /// whether all are in the bin after it (its end `binEnd` + 1), and their |ω|² (rad²/s²).
        @inline(__always)
        func step(_ i: Int, binEnd: Double) -> (now: Bool, after: Bool, squared: SIMD8<Float>) {
            let rate = SIMD4(repeating: binRate), minusInfinity = SIMD4<Double>(repeating: -.infinity)
            let first = t.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self) * rate
            let second = t.loadUnaligned(fromByteOffset: i &* 8 &+ 32, as: SIMD4<Double>.self) * rate
            let end = SIMD4(repeating: binEnd), after = SIMD4(repeating: binEnd + 1)
            let finite = first .> minusInfinity .& second .> minusInfinity
            return (
                all(first .< end .& second .< end .& finite), all(first .< after .& second .< after .& finite),
                squared(i, as: SIMD8<Float>.self)
            )
        }

        /// The largest of `peak` and the |ω|² of samples `i..<i + 4` if all four are in the bin ending at `binEnd`
        /// and before `count`, and the index after them; otherwise `(i, peak)`. One step, not a loop: where the
        /// steps of eight stopped, a second step of four would not be in the bin (the two would have been one of
        /// eight).
        @inline(__always)
        func peakOfFour(from i: Int, count: Int, binEnd: Double, peak: Float) -> (next: Int, peak: Float) {
            guard i <= count &- 4, all(inBin(i, end: SIMD4(repeating: binEnd))) else { return (i, peak) }
            let squared = squared(i, as: SIMD4<Float>.self), peaks = SIMD4(repeating: peak)
            let larger = peaks.replacing(with: squared, where: squared .> peaks .& squared .< .infinity)
            return (i &+ 4, Self.largest(larger))
        }

        /// Which of samples `i..<i + 4` are in the bin ending at `end` (``GridBinner/isInBin(_:binEnd:)``,
        /// lane-wise).
        @inline(__always)
        private func inBin(_ i: Int, end: SIMD4<Double>) -> SIMDMask<SIMD4<Int64>> {
            let scaled = t.loadUnaligned(fromByteOffset: i &* 8, as: SIMD4<Double>.self) * SIMD4(repeating: binRate)
            return scaled .< end .& scaled .> SIMD4(repeating: -.infinity)
        }

        /// |ω|² of samples `i..<i + V.scalarCount`, rad²/s².
        @inline(__always)
        private func squared<V: SIMD>(_ i: Int, as: V.Type) -> V where V.Scalar == Float {
            let offset = i &* 4
            let fx = x.loadUnaligned(fromByteOffset: offset, as: V.self)
            let fy = y.loadUnaligned(fromByteOffset: offset, as: V.self)
            let fz = z.loadUnaligned(fromByteOffset: offset, as: V.self)
            return fx * fx + fy * fy + fz * fz
        }

        /// The largest lane of `peaks` (all finite and ≥ 0).
        @inline(__always)
        static func largest(_ peaks: SIMD8<Float>) -> Float {
            largest(peaks.lowHalf.replacing(with: peaks.highHalf, where: peaks.highHalf .> peaks.lowHalf))
        }

        /// The largest lane of `peaks` (all finite and ≥ 0).
        @inline(__always)
        private static func largest(_ peaks: SIMD4<Float>) -> Float {
            let two = peaks.lowHalf.replacing(with: peaks.highHalf, where: peaks.highHalf .> peaks.lowHalf)
            return Swift.max(two[0], two[1])
        }
    }

    mutating func close(upTo bin: Int, in ring: MotionBinRing) {
        guard let c = current, bin > c else { return }
        Self.write(peakSquared, of: c, in: ring)
        peakSquared = 0
        Self.clear(from: c + 1, to: bin, in: ring)
        current = bin
    }

    /// Marks bins `first..<end` as without device motion (peak 0); at most a ring's worth are ever read back.
    private static func clear(from first: Int, to end: Int, in ring: MotionBinRing) {
        var k = first
        if end - k > ring.capacity { k = end - ring.capacity }
        while k < end {
            let b = ring.pointer(k)
            b.pointee.peakRotationRate = 0
            b.pointee.rotationBin = k
            k += 1
        }
    }
}
