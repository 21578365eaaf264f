/// Cuts a stream into batches where `floor(timestamp)` changes — a new batch starts at the first sample whose whole
/// second differs from the one before — fed the timestamps in chunks of any sizes (the same ends for any chunking),
/// and keeps each batch's last timestamp.
struct WholeSecondBatchCutter {
    /// Exclusive end index of each batch found so far.
    private(set) var ends: [Int] = []
    /// The timestamp of each batch's last sample (`ends[k] − 1`), s.
    private(set) var lastTimes: [Double] = []
    private var second: Double
    private var nextSecond: Double
    /// Samples scanned so far, and the last one's timestamp.
    private var scanned = 1
    private var previousTime: Double

    /// A cutter whose stream starts with a sample at `firstTimestamp`.
    init(firstTimestamp: Double) {
        second = firstTimestamp.rounded(.down)
        nextSecond = second + 1
        previousTime = firstTimestamp
    }

    /// Scans the timestamps of the next `times.count` samples (after the first sample, and after every chunk before).
    mutating func scan(_ times: UnsafeBufferPointer<Double>) {
        guard let base = times.baseAddress else { return }
        // `second ≤ time < second + 1` means the same whole second without a `floor` call (a library call on
        // baseline x86-64) per sample; `second + 1` is exact below 2⁵³, and above, where it rounds, the test fails
        // or is still exact (every Double there is an integer), so `floor` decides. NaN fails it too.
        // Four at a time while all four stay in the second (the same test per sample, so the same ends).
        let raw = UnsafeRawPointer(base)
        var k = 0
        while k < times.count {
            if k &+ 4 <= times.count {
                let four = raw.loadUnaligned(fromByteOffset: k &* 8, as: SIMD4<Double>.self)
                let inside = (four .>= SIMD4(repeating: second)) .& (four .< SIMD4(repeating: nextSecond))
                if all(inside) {
                    k &+= 4
                    continue
                }
            }
            let time = base[k]
            if !(time >= second && time < nextSecond) {
                let s = time.rounded(.down)
                if s != second {
                    ends.append(scanned + k)
                    lastTimes.append(k > 0 ? base[k - 1] : previousTime)
                    second = s
                    nextSecond = s + 1
                }
            }
            k &+= 1
        }
        if times.count > 0 { previousTime = base[times.count - 1] }
        scanned += times.count
    }

    /// The ends of all batches, the last one closed at the end of the stream.
    mutating func finish() -> (ends: [Int], lastTimes: [Double]) {
        ends.append(scanned)
        lastTimes.append(previousTime)
        return (ends, lastTimes)
    }
}
