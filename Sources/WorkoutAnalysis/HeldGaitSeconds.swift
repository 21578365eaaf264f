/// The seconds of a walking or running segment whose own gait is unclear, held back from the step count until
/// clear gait resumes.
///
/// A window decides the second at its centre from 8 s of data, so at the end of a walk the windows still see
/// gait for up to half a window after the last step, and a segment's last seconds may hold no steps. Inside a
/// walk, a second without clear gait of its own (a glance at the watch) is followed by gait again, and its steps
/// count: held seconds are credited when the next second with clear gait comes. When more than `capacity`
/// seconds are held, the oldest can no longer be the tail of the segment (the window reaches only half its length
/// past the gait) and is credited at once; the at most `capacity` held when the segment closes are dropped.
/// Storage is fixed in `init`.
struct HeldGaitSeconds: Sendable {
    /// Own step frequency of each held second, Hz (0: none, credited at the segment's cadence), a ring.
    private var frequencies: [Double]
    private var start = 0
    private(set) var count = 0

    /// - Parameter capacity: the most seconds held back (half the analysis window), ≥ 1.
    init(capacity: Int) {
        frequencies = Array(repeating: 0, count: Swift.max(1, capacity))
    }

    /// Holds one more second (`frequency`: its own step frequency, Hz, or 0). When the ring is full, the oldest
    /// second is returned (its frequency, or `fallback` when it had none) to be credited now.
    mutating func hold(_ frequency: Double, fallback: Double) -> Double? {
        var released: Double?
        if count == frequencies.count {
            let oldest = frequencies[start]
            released = oldest > 0 ? oldest : fallback
            start = (start + 1) % frequencies.count
            count -= 1
        }
        frequencies[(start + count) % frequencies.count] = frequency
        count += 1
        return released
    }

    /// Releases every held second: Σ of their step frequencies (`fallback` for those without), steps (each held
    /// second is 1 s).
    mutating func release(fallback: Double) -> Double {
        var sum = 0.0
        for k in 0..<count {
            let f = frequencies[(start + k) % frequencies.count]
            sum += f > 0 ? f : fallback
        }
        drop()
        return sum
    }

    /// Forgets the held seconds (the segment closed: they were its tail).
    mutating func drop() {
        start = 0
        count = 0
    }
}
