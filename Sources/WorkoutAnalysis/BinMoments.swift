/// The accelerometer values of each 25 Hz bin as a window's sums use them, converted to `Double` once per bin
/// rather than once per window the bin is part of (an 8 s window that slides by 1 s holds each bin 8 times).
///
/// Per bin: |a| (g), the mean acceleration a = (x, y, z) (g) and its products x², y², z², xy, xz, yz (g²), the
/// within-bin variance of |a| (g²), the sample count, the gap flag and the peak |a| (g). These are exactly the
/// values the window sums add, computed by the same expressions, so a window summed from here in the same order
/// gives bit for bit the sums over ``MotionBins``. An accelerometer bin is final once a window holds it (windows
/// end at bins the binner has closed), so a bin is converted when it first enters a window; the rotation rate is
/// not kept here, because device motion may still arrive for a bin after a window has used it.
struct BinMoments: Sendable {
    /// One bin's values (see ``BinMoments``).
    struct Moments: Sendable, Equatable {
        /// Mean x, y, z, g; the fourth lane is 0.
        var acceleration = SIMD4<Double>.zero
        /// x², y², z², xy, xz, yz of the mean acceleration, g²; the last two lanes are 0.
        var products = SIMD8<Double>.zero
        /// Mean |a|, g.
        var magnitude = 0.0
        /// Within-bin variance of |a|, g².
        var magnitudeVariance = 0.0
        /// Peak |a|, g.
        var peakMagnitude: Float = 0
        /// Accelerometer samples in the bin.
        var count: Int32 = 0
        var isGap = true
    }

    private let capacity: Int
    private var slots: [Moments]
    /// Each bin's mean |a| (g) by slot, stored twice (slot and slot + capacity), so the bins of any window are
    /// contiguous from their first slot.
    private var magnitudes: [Double]
    /// Bins below this already hold their values (when ≥ the window's first bin).
    private var cachedEnd = Int.min
    /// The sums of whole seconds' bins.
    private var seconds: SecondSums<MomentSums>

    /// - Parameters:
    ///   - windowBins: the longest window, bins.
    ///   - binsPerSecond: bins in a second.
    init(windowBins: Int, binsPerSecond: Int) {
        var c = 1
        while c < windowBins { c <<= 1 }
        capacity = c
        slots = Array(repeating: Moments(), count: c)
        magnitudes = Array(repeating: 0, count: 2 * c)
        seconds = SecondSums(
            secondsHeld: windowBins / Swift.max(1, binsPerSecond) + 1, binsPerSecond: binsPerSecond, zero: MomentSums())
    }

    /// The sums over bins `range` (all converted by ``update(to:from:)`` for a window holding them), each whole
    /// second's from the per-second sums (``SecondSums``).
    mutating func sums(of range: Range<Int>) -> MomentSums {
        let (mask, slots) = (capacity - 1, slots)
        return slots.withUnsafeBufferPointer { cache in
            seconds.sum(
                of: range, zero: MomentSums(),
                add: { sums, bins in
                    for bin in bins { sums.add(cache[bin & mask]) }
                }, merge: { $0.add($1) })
        }
    }

    /// Converts the bins of `range` (absolute bins, all held by `bins` and closed) that no earlier call converted.
    mutating func update(to range: Range<Int>, from bins: MotionBins) {
        let mask = capacity - 1
        var bin = Swift.max(range.lowerBound, cachedEnd)
        if range.upperBound - bin > capacity { bin = range.upperBound - capacity }
        if bin < range.upperBound {
            let end = range.upperBound
            bins.slots.withUnsafeBufferPointer { ring in
                slots.withUnsafeMutableBufferPointer { moments in
                    magnitudes.withUnsafeMutableBufferPointer { magnitudes in
                        var s = bins.slot(bin)
                        while bin < end {
                            let m = Self.moments(of: ring[s])
                            moments[bin & mask] = m
                            magnitudes[bin & mask] = m.magnitude
                            magnitudes[(bin & mask) &+ mask &+ 1] = m.magnitude
                            bin &+= 1
                            s &+= 1
                            if s == ring.count { s = 0 }
                        }
                    }
                }
            }
        }
        cachedEnd = Swift.max(cachedEnd, range.upperBound)
    }

    /// Lends the mean |a| (g) of the bins of `range` (at most ``capacity`` bins, all converted), contiguous.
    func withMagnitudes<R>(of range: Range<Int>, _ body: (UnsafePointer<Double>) -> R) -> R {
        precondition(range.count <= capacity, "BinMoments: range longer than the ring")
        return magnitudes.withUnsafeBufferPointer { body($0.baseAddress! + (range.lowerBound & (capacity - 1))) }
    }

    /// Lends the ring and the mask that maps an absolute bin to its slot (`bin & mask`).
    func withSlots<R>(_ body: (UnsafeBufferPointer<Moments>, Int) -> R) -> R {
        slots.withUnsafeBufferPointer { body($0, capacity - 1) }
    }

    @inline(__always)
    private static func moments(of b: MotionBin) -> Moments {
        let a = SIMD4(Double(b.meanX), Double(b.meanY), Double(b.meanZ), 0)
        return Moments(
            acceleration: a,
            products: SIMD8(a.x * a.x, a.y * a.y, a.z * a.z, a.x * a.y, a.x * a.z, a.y * a.z, 0, 0),
            magnitude: Double(b.meanMagnitude), magnitudeVariance: Double(b.magnitudeVariance),
            peakMagnitude: b.peakMagnitude, count: b.count, isGap: b.isGap)
    }
}
