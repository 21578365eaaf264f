import Testing
@testable import MotionRecording

/// A sample-and-hold stream's rows reduced to its readings: one per run of equal rows at the run's first row, a run
/// of k·n rows (rounded) k readings every n rows, the same rows for any split of the scan.
@Suite struct HeldReadingsTests {
    /// The rows kept from `values` (one axis repeated on all three) with hold `hold`, scanned in parts cut at `cuts`.
    static func kept(_ values: [Float], hold: Int, cuts: [Int] = []) -> [Int] {
        var held = HeldReadings(hold: hold)
        var kept: [Int] = []
        let bounds = [0] + cuts + [values.count]
        values.withUnsafeBufferPointer { v in
            for (start, end) in zip(bounds, bounds.dropFirst()) { held.scan(start..<end, v, v, v) { kept.append($0) } }
        }
        held.finish(count: values.count) { kept.append($0) }
        #expect(held.kept == kept.count)
        return kept
    }

    @Test func eachRunIsItsReadings() {
        // Runs of 4, 3, 5 (a jittered 200 Hz reading on ~800 Hz rows: one each), 8 (two equal readings), 12 (three:
        // a still or clipped sensor keeps its rate), 2 (rounds to one), 6 (1.5: rounds to two, 4 rows apart).
        let runs: [(value: Float, length: Int)] = [(1, 4), (2, 3), (3, 5), (4, 8), (5, 12), (6, 2), (7, 6)]
        let values = runs.flatMap { Array(repeating: $0.value, count: $0.length) }
        let expected = [0, 4, 7, 12, 16, 20, 24, 28, 32, 34, 38]
        #expect(Self.kept(values, hold: 4) == expected)
        for cuts in [[1], [3, 4, 5], [12, 13, 31], Array(1..<values.count)] {
            #expect(Self.kept(values, hold: 4, cuts: cuts) == expected, "cuts \(cuts)")
        }
        #expect(Self.kept([], hold: 2).isEmpty)
    }

    @Test func keepMarksTheSameRows() {
        let x: [Float] = [1, 1, 2, 2, 2, 2, 3]
        let (keep, kept) = HeldReadings.keep(hold: 2, x, x, x)
        #expect(keep == [true, false, true, false, true, false, true])
        #expect(kept == 4)
    }
}
