import Testing
import _TestSupport

@testable import MotionRecording

@Suite struct BatchRangeDeliveryOrderTests {
    /// The reference: both streams' batches, accelerometer first, put in place one by one behind every batch that
    /// ends earlier, or at the same time and is accelerometer where it is device motion, or is the same stream
    /// (a stable insertion sort).
    private static func sorted(_ a: BatchRange.Timed, _ d: BatchRange.Timed) -> [BatchRange] {
        var placed: [(batch: BatchRange, time: Double)] = []
        let all = zip(a.ranges, a.lastTimes).map { (BatchRange(stream: .accelerometer, range: $0), $1) }
            + zip(d.ranges, d.lastTimes).map { (BatchRange(stream: .deviceMotion, range: $0), $1) }
        for entry in all {
            var position = placed.count
            while position > 0 {
                let before = placed[position - 1]
                let staysBefore = before.time < entry.1
                    || (before.time == entry.1 && (before.batch.stream == entry.0.stream || before.batch.stream == .accelerometer))
                if staysBefore { break }
                position -= 1
            }
            placed.insert((entry.0, entry.1), at: position)
        }
        return placed.map(\.batch)
    }

    /// `count` batches of 1–4 samples whose last times step by 0, 0.5 or 1 s (ties within and across streams),
    /// from `start`.
    private static func stream(_ count: Int, start: Double, _ generator: inout SplitMix64) -> BatchRange.Timed {
        var ends: [Int] = [], times: [Double] = []
        var (end, time) = (0, start)
        for _ in 0..<count {
            end += 1 + Int(generator.next() % 4)
            time += Double(generator.next() % 3) / 2
            ends.append(end)
            times.append(time)
        }
        return BatchRange.Timed(ends: ends) { times[$0] }
    }

    @Test func mergeOfOrderedStreamsIsTheStableSort() {
        var generator = SplitMix64(seed: 3)
        for trial in 0..<500 {
            let a = Self.stream(Int(generator.next() % 12), start: Double(generator.next() % 3), &generator)
            let d = Self.stream(Int(generator.next() % 12), start: Double(generator.next() % 3), &generator)
            #expect(a.lastTimesNeverDecrease && d.lastTimesNeverDecrease)
            #expect(BatchRange.deliveryOrder(accelerometer: a, deviceMotion: d) == Self.sorted(a, d), "trial \(trial)")
        }
    }

    /// A stream going back in time takes the stable sort, whose order differs from stream order; a NaN last time
    /// also counts as out of order.
    @Test func disorderedStreamsAreSorted() {
        let a = BatchRange.Timed(ends: [2, 4, 6]) { [1, 3, 2][$0] }
        let d = BatchRange.Timed(ends: [1, 2]) { [2, 2.5][$0] }
        #expect(!a.lastTimesNeverDecrease && d.lastTimesNeverDecrease)
        #expect(BatchRange.deliveryOrder(accelerometer: a, deviceMotion: d) == [
            BatchRange(stream: .accelerometer, range: 0..<2), BatchRange(stream: .accelerometer, range: 4..<6),
            BatchRange(stream: .deviceMotion, range: 0..<1), BatchRange(stream: .deviceMotion, range: 1..<2),
            BatchRange(stream: .accelerometer, range: 2..<4),
        ])
        #expect(!BatchRange.Timed(ends: [1, 2]) { [0, .nan][$0] }.lastTimesNeverDecrease)
        #expect(!BatchRange.Timed(ends: [1]) { _ in .nan }.lastTimesNeverDecrease)
    }

    /// An end not past the one before makes no batch, and its last time is not asked for.
    @Test func emptyBatchesAreSkipped() {
        let timed = BatchRange.Timed(ends: [0, 3, 3, 5]) { k in
            precondition(k == 1 || k == 3)
            return Double(k)
        }
        #expect(timed.ranges == [0..<3, 3..<5])
        #expect(timed.lastTimes == [1, 3])
    }
}
