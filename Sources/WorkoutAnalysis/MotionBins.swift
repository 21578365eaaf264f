/// One 40 ms bin of the 25 Hz grid (see ``MotionBins``).
struct MotionBin: Sendable {
    /// Mean of the accelerometer's x, y, z over the bin, g (gravity included).
    var meanX: Float = 0, meanY: Float = 0, meanZ: Float = -1
    /// Mean and peak |a| over the bin, g.
    var meanMagnitude: Float = 1, peakMagnitude: Float = 1
    /// Within-bin variance of |a|, g².
    var magnitudeVariance: Float = 0
    /// Accelerometer samples in the bin (0: the bin repeats the previous one).
    var count: Int32 = 0
    /// The bin repeats an earlier one because the stream was silent for ≥ 0.5 s.
    var isGap = true
    /// Peak |rotation rate| over the bin, rad/s.
    var peakRotationRate: Float = 0
    /// The absolute bin whose peak rotation rate the slot holds (a slot is read only for its own bin).
    var rotationBin = Int.min
}

/// The 25 Hz grid the workout analysis works on: a ring of 40 ms bins indexed by absolute bin number
/// `floor(t × binRate)` on the recording's clock (so every way of cutting the stream into batches fills the same
/// bins, and both streams agree on them without knowing where either started).
///
/// Per bin, from the accelerometer (g, device frame, gravity included): the mean of x, y, z and of |a|, the peak
/// |a| (impacts survive the averaging), the within-bin spread of |a| (road vibration at high input rates) and the
/// sample count; from device motion: the peak |rotation rate| (rad/s). A bin without samples repeats the previous
/// one (an input slower than 25 Hz) and is marked as a gap once the stream has been silent for half a second.
/// The bins are stored as one array of ``MotionBin`` values, so reading a window touches one contiguous run.
struct MotionBins: Sendable {
    /// Ring capacity, bins (a power of two, so a bin's slot is a mask of its number rather than a division).
    let capacity: Int
    private let mask: Int
    private(set) var slots: [MotionBin]

    /// - Parameter minimum: the fewest bins the ring must hold (rounded up to a power of two).
    init(capacity minimum: Int) {
        var c = 1
        while c < minimum { c <<= 1 }
        capacity = c
        mask = c - 1
        slots = Array(repeating: MotionBin(), count: c)
    }

    /// The bin in ring slot `slot`.
    @inline(__always) subscript(slot slot: Int) -> MotionBin {
        get { slots[slot] }
        _modify { yield &slots[slot] }
    }

    /// Changes the bin in ring slot `slot` in one access (one uniqueness check for all its fields).
    @inline(__always) mutating func update(slot: Int, _ body: (inout MotionBin) -> Void) {
        body(&slots[slot])
    }

    /// Lends the ring for writing (one uniqueness check for all the bins a batch closes).
    @inline(__always) mutating func withRing<R>(_ body: (MotionBinRing) -> R) -> R {
        let mask = mask
        return slots.withUnsafeMutableBufferPointer { body(MotionBinRing(slots: $0, mask: mask)) }
    }

    /// Peak |rotation rate| of `bin`, rad/s (0 when device motion did not cover it or the slot was reused).
    @inline(__always) func rotationRate(_ bin: Int) -> Float {
        let b = slots[slot(bin)]
        return b.rotationBin == bin ? b.peakRotationRate : 0
    }

    /// The ring slot of absolute bin `bin` (`bin` mod ``capacity``, also for negative bins).
    @inline(__always) func slot(_ bin: Int) -> Int { bin & mask }

    /// The second of absolute bin `bin`: `bin` / `binsPerSecond` rounded down (also for negative bins).
    @inline(__always) static func second(of bin: Int, binsPerSecond b: Int) -> Int {
        bin >= 0 ? bin / b : (bin &+ 1) / b &- 1
    }
}

/// ``MotionBins``' ring lent for writing by ``MotionBins/withRing(_:)``, indexed by absolute bin.
struct MotionBinRing {
    let slots: UnsafeMutableBufferPointer<MotionBin>
    let mask: Int

    /// Ring capacity, bins.
    var capacity: Int { slots.count }

    /// The bin in the slot of absolute bin `bin`.
    @inline(__always) subscript(bin: Int) -> MotionBin {
        get { slots[bin & mask] }
        nonmutating _modify { yield &slots[bin & mask] }
    }

    /// The slot of absolute bin `bin`, for writing several of its fields.
    @inline(__always) func pointer(_ bin: Int) -> UnsafeMutablePointer<MotionBin> {
        slots.baseAddress.unsafelyUnwrapped + (bin & mask)
    }
}

/// What the two binners share: the bin being filled and the step into a sample's bin.
protocol GridBinner {
    var binRate: Double { get }
    /// Bins per second, `binRate` rounded.
    var binsPerSecond: Int { get }
    /// The bin being filled (`nil` before the first sample).
    var current: Int? { get }
    /// The first bin after the current one whose second (bin / ``binsPerSecond``, rounded towards zero) differs
    /// from the current bin's (found once per second rather than by two divisions per bin).
    var secondEnd: Int { get set }
    /// Closes the current bin and every bin before `bin`.
    mutating func close(upTo bin: Int, in ring: MotionBinRing)
    /// Makes `bin` the first bin.
    mutating func start(at bin: Int)
}

extension GridBinner {
    /// Moves to the bin of a sample at `time` (s): closes the bins before it when it is later than the current
    /// one. Returns whether the sample is in a later second than the previous bin.
    @inline(__always)
    mutating func enter(time: Double, in ring: MotionBinRing) -> Bool {
        enter(time: time, closing: { $0.close(upTo: $1, in: ring) })
    }

    /// ``enter(time:in:)`` with the closing done by `close` (the binner and the sample's bin), for a binner that
    /// holds the open bin's values outside itself while it runs.
    @inline(__always)
    mutating func enter(time: Double, closing close: (inout Self, Int) -> Void) -> Bool {
        let bin = Int((time * binRate).rounded(.down))
        guard let c = current else {
            start(at: bin)
            secondEnd = Self.secondEnd(of: bin, binsPerSecond: binsPerSecond)
            return false
        }
        guard bin > c else { return false }
        close(&self, bin)
        guard bin >= secondEnd else { return false }
        secondEnd = Self.secondEnd(of: bin, binsPerSecond: binsPerSecond)
        return true
    }

    /// Closes the current bin and every bin before `bin`.
    mutating func close(upTo bin: Int, into bins: inout MotionBins) {
        bins.withRing { close(upTo: bin, in: $0) }
    }

    /// Whether a sample whose time × `binRate` is `scaled` joins the bin ending at `binEnd` (on the same scale):
    /// `scaled` is before the end and not NaN or −∞ (a time that goes back joins the open bin; a later bin's number
    /// would not be smaller). A sample with a NaN or infinite time is skipped wherever it falls.
    @inline(__always)
    static func isInBin(_ scaled: Double, binEnd: Double) -> Bool {
        scaled < binEnd && scaled > -.infinity
    }

    /// The first bin after `bin` whose `bin / b` (rounded towards zero, as Swift divides) differs from `bin`'s.
    @inline(__always)
    static func secondEnd(of bin: Int, binsPerSecond b: Int) -> Int {
        let q = bin / b
        return q >= 0 ? (q + 1) * b : q * b + 1
    }
}
