import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct StreamRepairerTests {
    @Test func extremesMatchMaxAndMin() {
        let columns: [[Float]] = [[3, -1, 8, 8, 2], [-4], [1, .nan, 5, -2], [.nan, 2, -3]]
        for column in columns {
            let fused = column.withUnsafeBufferPointer { StreamRepairer.extremes($0) }
            #expect(fused?.high.bitPattern == column.max()?.bitPattern, "\(column)")
            #expect(fused?.low.bitPattern == column.min()?.bitPattern, "\(column)")
            #expect(fused?.highCount == column.filter { $0 == column.max() }.count, "\(column)")
            #expect(fused?.lowCount == column.filter { $0 == column.min() }.count, "\(column)")
        }
        let zeros = [Float(-0.0), 0, 1, 1, -0.0, 1].withUnsafeBufferPointer { StreamRepairer.extremes($0) }
        #expect(zeros?.highCount == 3 && zeros?.lowCount == 3 && zeros?.low.sign == .minus)
        #expect([Float]().withUnsafeBufferPointer { StreamRepairer.extremes($0) } == nil)
    }

    @Test func flatRunsCountBothExtremesInOnePass() {
        // High runs: 4 at index 1 (counted 4), 2 (too short), 3 at index 9; low runs: 3 at index 13.
        let column: [Float] = [0, 8, 8, 8, 8, 1, 8, 8, 0, 8, 8, 8, 2, -8, -8, -8, 0]
        let runs = column.withUnsafeBufferPointer { StreamRepairer.flatRuns($0, high: 8, low: -8) }
        #expect(runs.high.flat == 7 && runs.high.first == 1)
        #expect(runs.low.flat == 3 && runs.low.first == 13)
        let none = column.withUnsafeBufferPointer { StreamRepairer.flatRuns($0, high: 2, low: 1) }
        #expect(none.high.flat == 0 && none.high.first == nil && none.low.first == nil)
    }

    /// Runs of ≥ 3 equal samples at `value`, row by row (the reference for the counting shortcut).
    func referenceRuns(_ column: [Float], _ value: Float) -> (flat: Int, first: Int?) {
        var (run, flat, first) = (0, 0, Int?.none)
        for (row, sample) in column.enumerated() {
            run = sample == value ? run + 1 : 0
            if run >= 3 {
                flat += run == 3 ? 3 : 1
                if first == nil { first = row - 2 }
            }
        }
        return (flat, first)
    }

    @Test func flatRunsAgreeWithTheRowByRowSearch() {
        // Extremes reached once, twice, three times apart (no run) and in runs of 2–5 at random places.
        var rng = SplitMix64(seed: 71)
        var failures = 0
        for round in 0..<300 {
            var column = (0..<200).map { _ in Float.random(in: -1...1, using: &rng) }
            for _ in 0..<(round % 6) {
                let length = Int.random(in: 1...5, using: &rng)
                let start = Int.random(in: 0..<(200 - length), using: &rng)
                let extreme: Float = Bool.random(using: &rng) ? 8 : -8
                for row in start..<(start + length) { column[row] = extreme }
            }
            let (high, low) = (column.max()!, column.min()!)
            let runs = column.withUnsafeBufferPointer { StreamRepairer.flatRuns($0, high: high, low: low) }
            let (expectedHigh, expectedLow) = (referenceRuns(column, high), referenceRuns(column, low))
            if runs.high.flat != expectedHigh.flat || runs.high.first != expectedHigh.first
                || runs.low.flat != expectedLow.flat || runs.low.first != expectedLow.first
            {
                failures += 1
            }
        }
        #expect(failures == 0)
    }

    @Test func increasingTimestampsAndGapRows() {
        let steady = (0..<1000).map { 100 + Double($0) / 800 }
        steady.withUnsafeBufferPointer {
            #expect(StreamRepairer.strictlyIncreasing($0))
            #expect(StreamRepairer.gapRows($0, threshold: 2.0 / 800).isEmpty)
        }
        var repeated = steady
        repeated[500] = repeated[499]
        var backwards = steady
        backwards[700] = backwards[698]
        var gapped = steady
        for row in 300..<1000 { gapped[row] += 0.5 }
        for row in 900..<1000 { gapped[row] += 0.25 }
        repeated.withUnsafeBufferPointer { #expect(!StreamRepairer.strictlyIncreasing($0)) }
        backwards.withUnsafeBufferPointer { #expect(!StreamRepairer.strictlyIncreasing($0)) }
        gapped.withUnsafeBufferPointer {
            #expect(StreamRepairer.strictlyIncreasing($0))
            #expect(StreamRepairer.gapRows($0, threshold: 2.0 / 800) == [300, 900])
        }
        [Double.nan, 1, 2].withUnsafeBufferPointer { #expect(!StreamRepairer.strictlyIncreasing($0)) }
    }

    @Test func vectorExtremesMatchMaxMinAndCounts() {
        // Long columns (the vector path): plain, with repeated extremes, NaN anywhere, zero extremes of either
        // sign, and lengths that leave a tail of 0–7 after the vectors.
        var rng = SplitMix64(seed: 91)
        var failures: [String] = []
        for round in 0..<400 {
            let count = 64 + Int.random(in: 0...200, using: &rng)
            var column = (0..<count).map { _ in Float.random(in: -3...3, using: &rng) }
            switch round % 5 {
            case 1:
                for _ in 0..<4 { column[Int.random(in: 0..<count, using: &rng)] = 7 }
            case 2: column[Int.random(in: 0..<count, using: &rng)] = .nan
            case 3: column = column.map { -abs($0) }; column[Int.random(in: 0..<count, using: &rng)] = round % 2 == 0 ? 0 : -0.0
            case 4: column[count - 1 - Int.random(in: 0..<7, using: &rng)] = -9
            default: break
            }
            let got = column.withUnsafeBufferPointer { StreamRepairer.extremes($0) }
            let (high, low) = (column.max()!, column.min()!)
            let expectedHighCount = column.filter { $0 == high }.count
            let expectedLowCount = column.filter { $0 == low }.count
            if got?.high.bitPattern != high.bitPattern || got?.low.bitPattern != low.bitPattern
                || got?.highCount != expectedHighCount || got?.lowCount != expectedLowCount
            {
                failures.append("round \(round)")
            }
        }
        #expect(failures.count == 0, "\(failures.prefix(5))")
    }

    @Test func vectorChecksFindAFailureAnywhere() {
        // A single bad element at every position of a column whose length leaves a scalar tail.
        let count = 77
        let good = (0..<count).map { 100 + Double($0) / 800 }
        let floats = [Float](repeating: 0.5, count: count)
        good.withUnsafeBufferPointer { #expect(StreamRepairer.allFinite($0) && StreamRepairer.strictlyIncreasing($0)) }
        floats.withUnsafeBufferPointer { #expect(StreamRepairer.allWithinLimit($0, 1)) }
        var missed: [Int] = []
        for position in 0..<count {
            var infinite = good
            infinite[position] = .infinity
            var notANumber = good
            notANumber[position] = .nan
            var repeated = good
            repeated[position] = position > 0 ? good[position - 1] : good[1]
            var outside = floats
            outside[position] = position % 2 == 0 ? -1.5 : .nan
            let caught = infinite.withUnsafeBufferPointer { !StreamRepairer.allFinite($0) }
                && notANumber.withUnsafeBufferPointer { !StreamRepairer.allFinite($0) && !StreamRepairer.strictlyIncreasing($0) }
                && repeated.withUnsafeBufferPointer { !StreamRepairer.strictlyIncreasing($0) }
                && outside.withUnsafeBufferPointer { !StreamRepairer.allWithinLimit($0, 1) }
            if !caught { missed.append(position) }
            if position > 0 {
                var gapped = good
                for row in position..<count { gapped[row] += 1 }
                let rows = gapped.withUnsafeBufferPointer { StreamRepairer.gapRows($0, threshold: 0.01) }
                if rows != [position] { missed.append(-position) }
            }
        }
        #expect(missed.isEmpty, "\(missed)")
    }
}
