/// A first-in first-out ring of timed three-axis samples (time in s, values Float), struct of arrays.
///
/// Capacity doubles when full, so a queue that has seen its largest backlog once never allocates again.
struct TimedVectorQueue: Sendable {
    private var timestamps: [Double]
    private var x: [Float]
    private var y: [Float]
    private var z: [Float]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        let size = max(16, capacity.nextPowerOfTwo)
        timestamps = Array(repeating: 0, count: size)
        x = Array(repeating: 0, count: size)
        y = Array(repeating: 0, count: size)
        z = Array(repeating: 0, count: size)
    }

    var isEmpty: Bool { count == 0 }
    var capacity: Int { timestamps.count }

    /// Time of the oldest sample, s (the queue must not be empty).
    @inline(__always)
    var firstTimestamp: Double { timestamps[head] }

    /// Time of the second-oldest sample, s (the queue must hold at least two).
    var secondTimestamp: Double { timestamps[(head + 1) & (timestamps.count - 1)] }

    @inline(__always)
    mutating func append(_ t: Double, _ vx: Float, _ vy: Float, _ vz: Float) {
        if count == timestamps.count { grow() }
        let index = (head + count) & (timestamps.count - 1)
        timestamps[index] = t
        x[index] = vx
        y[index] = vy
        z[index] = vz
        count += 1
    }

    /// Removes and returns the oldest sample (the queue must not be empty).
    @inline(__always)
    mutating func removeFirst() -> (timestamp: Double, value: SIMD3<Float>) {
        let sample = (timestamps[head], SIMD3(x[head], y[head], z[head]))
        head = (head + 1) & (timestamps.count - 1)
        count -= 1
        return sample
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }

    private mutating func grow() {
        let old = (timestamps, x, y, z)
        let size = timestamps.count * 2
        var t = [Double](repeating: 0, count: size)
        var nx = [Float](repeating: 0, count: size), ny = nx, nz = nx
        for i in 0..<count {
            let j = (head + i) & (old.0.count - 1)
            t[i] = old.0[j]
            nx[i] = old.1[j]
            ny[i] = old.2[j]
            nz[i] = old.3[j]
        }
        timestamps = t
        x = nx
        y = ny
        z = nz
        head = 0
    }
}

extension Int {
    /// The smallest power of two ≥ self (1 for self ≤ 1).
    fileprivate var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
