/// The peak |rotation rate| (rad/s) over a window of ``MotionBins``, from the peaks of its whole seconds: an 8 s
/// window that slides by 1 s holds each second 8 times, so a second's peak is found once, when device motion has
/// closed all its bins, and kept by absolute second.
///
/// Device motion may still arrive for a bin after a window has used it, so a second is kept only once the rotation
/// binner has passed its end (its bins' peaks are final then), and a kept peak is used only while the ring still
/// holds the second's bins (the binner overwrites slots in bin order, so the second's first bin is the first to
/// go). Otherwise the bins are read from the ring. The maximum does not depend on the grouping, and no peak is NaN
/// (the binner skips NaN samples), so the result is the same as a maximum over the window's bins read one by one,
/// for any cutting of the streams into batches.
struct RotationPeaks: Sendable {
    let binsPerSecond: Int
    /// The first bin of the second each slot holds (`Int.min`: none) and its peak, rad/s; slot = second & mask.
    private var firsts: [Int]
    private var peaks: [Float]
    private let mask: Int

    /// - Parameters:
    ///   - windowBins: the longest window, bins.
    ///   - binsPerSecond: bins in a second.
    init(windowBins: Int, binsPerSecond: Int) {
        self.binsPerSecond = Swift.max(1, binsPerSecond)
        var c = 1
        while c < windowBins / self.binsPerSecond + 2 { c <<= 1 }
        mask = c - 1
        firsts = Array(repeating: Int.min, count: c)
        peaks = Array(repeating: 0, count: c)
    }

    /// The largest peak |rotation rate| of the bins of `range` (absolute bins) held by `bins`, rad/s (0 where
    /// device motion did not cover a bin); `closedEnd`: the rotation binner has closed every bin below it.
    mutating func peak(of range: Range<Int>, in bins: MotionBins, closedEnd: Int) -> Float {
        let b = binsPerSecond
        return bins.slots.withUnsafeBufferPointer { ring in
            let ringMask = ring.count - 1  // a power of two (MotionBins)
            var result: Float = 0
            var bin = range.lowerBound
            // One division per range; each run is the next second (as in SecondSums).
            var second = MotionBins.second(of: bin, binsPerSecond: b)
            var secondStart = second &* b
            while bin < range.upperBound {
                let end = Swift.min(range.upperBound, secondStart &+ b)
                if bin == secondStart && end == secondStart &+ b && end <= closedEnd {
                    let k = second & mask
                    let held = ring[bin & ringMask].rotationBin == bin
                    if !(held && firsts[k] == bin) {
                        peaks[k] = Self.peak(of: bin..<end, in: ring, mask: ringMask)
                        firsts[k] = held ? bin : Int.min
                    }
                    result = Swift.max(result, peaks[k])
                } else {
                    result = Swift.max(result, Self.peak(of: bin..<end, in: ring, mask: ringMask))
                }
                bin = end
                second &+= 1
                secondStart &+= b
            }
            return result
        }
    }

    /// The largest peak of the bins of `range` in `ring`, rad/s (0 for a slot that holds another bin).
    @inline(__always)
    private static func peak(of range: Range<Int>, in ring: UnsafeBufferPointer<MotionBin>, mask: Int) -> Float {
        var p: Float = 0
        for bin in range {
            let r = ring[bin & mask]
            p = Swift.max(p, r.rotationBin == bin ? r.peakRotationRate : 0)
        }
        return p
    }
}
