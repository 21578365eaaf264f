/// A first-in first-out ring of timed three-axis samples (time in s, values Float), struct of arrays.
///
/// Capacity doubles when full, so a queue that has seen its largest backlog once never allocates again. The samples
/// live in a ``TimedVectorStorage`` reached through unchecked pointers: a batch is copied in with one uniqueness check
/// (a copied queue gets its own storage then), and reading the oldest sample is a few loads, without the per-element
/// bounds and uniqueness checks of four arrays (the filter reads 800 samples a second this way).
struct TimedVectorQueue: Sendable {
    private var storage: TimedVectorStorage
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        storage = TimedVectorStorage(capacity: max(16, capacity.nextPowerOfTwo))
    }

    var isEmpty: Bool { count == 0 }
    var capacity: Int { storage.capacity }

    /// Time of the oldest sample, s (the queue must not be empty).
    @inline(__always)
    var firstTimestamp: Double { storage.timestamps[head] }

    /// Time of the second-oldest sample, s (the queue must hold at least two).
    var secondTimestamp: Double { storage.timestamps[(head + 1) & (storage.capacity - 1)] }

    /// Appends samples `range` of the columns (time s, x, y, z), oldest first.
    mutating func append(
        _ timestamps: [Double], _ vx: [Float], _ vy: [Float], _ vz: [Float], range: Range<Int>
    ) {
        precondition(
            range.lowerBound >= 0 && range.upperBound <= timestamps.count && range.upperBound <= vx.count
                && range.upperBound <= vy.count && range.upperBound <= vz.count,
            "TimedVectorQueue: range out of bounds")
        reserve(count + range.count)
        let mask = storage.capacity - 1
        let s = storage
        timestamps.withUnsafeBufferPointer { t in
            vx.withUnsafeBufferPointer { x in
                vy.withUnsafeBufferPointer { y in
                    vz.withUnsafeBufferPointer { z in
                        var index = (head + count) & mask
                        for i in range {
                            s.timestamps[index] = t[i]
                            s.x[index] = x[i]
                            s.y[index] = y[i]
                            s.z[index] = z[i]
                            index = (index + 1) & mask
                        }
                    }
                }
            }
        }
        count += range.count
    }

    /// Removes and returns the oldest sample (the queue must not be empty).
    @inline(__always)
    mutating func removeFirst() -> (timestamp: Double, value: SIMD3<Float>) {
        let s = storage
        let sample = (s.timestamps[head], SIMD3(s.x[head], s.y[head], s.z[head]))
        head = (head + 1) & (s.capacity - 1)
        count -= 1
        return sample
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// Makes the storage this queue's own and at least `needed` samples large, keeping the held samples.
    private mutating func reserve(_ needed: Int) {
        guard needed > storage.capacity || !isKnownUniquelyReferenced(&storage) else { return }
        var size = storage.capacity
        while size < needed { size *= 2 }
        let old = storage
        let new = TimedVectorStorage(capacity: size)
        for i in 0..<count {
            let j = (head + i) & (old.capacity - 1)
            new.timestamps[i] = old.timestamps[j]
            new.x[i] = old.x[j]
            new.y[i] = old.y[j]
            new.z[i] = old.z[j]
        }
        storage = new
        head = 0
    }
}

/// The memory of a ``TimedVectorQueue``: four columns of `capacity` elements (a power of two), allocated once.
/// Mutated only by a queue that holds the sole reference (checked before every batch is copied in), so sharing it
/// between threads is safe.
final class TimedVectorStorage: @unchecked Sendable {
    let capacity: Int
    let timestamps: UnsafeMutablePointer<Double>
    let x: UnsafeMutablePointer<Float>
    let y: UnsafeMutablePointer<Float>
    let z: UnsafeMutablePointer<Float>

    init(capacity: Int) {
        self.capacity = capacity
        timestamps = .allocate(capacity: capacity)
        timestamps.initialize(repeating: 0, count: capacity)
        x = .allocate(capacity: capacity)
        x.initialize(repeating: 0, count: capacity)
        y = .allocate(capacity: capacity)
        y.initialize(repeating: 0, count: capacity)
        z = .allocate(capacity: capacity)
        z.initialize(repeating: 0, count: capacity)
    }

    deinit {
        timestamps.deallocate()
        x.deallocate()
        y.deallocate()
        z.deallocate()
    }
}

extension Int {
    /// The smallest power of two ≥ self (1 for self ≤ 1).
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
