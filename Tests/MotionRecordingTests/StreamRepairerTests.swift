import Testing
@testable import MotionRecording

@Suite struct StreamRepairerTests {
    @Test func extremesMatchMaxAndMin() {
        let columns: [[Float]] = [[3, -1, 8, 8, 2], [-4], [1, .nan, 5, -2], [.nan, 2, -3]]
        for column in columns {
            let fused = column.withUnsafeBufferPointer { StreamRepairer.extremes($0) }
            #expect(fused?.high.bitPattern == column.max()?.bitPattern, "\(column)")
            #expect(fused?.low.bitPattern == column.min()?.bitPattern, "\(column)")
        }
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
}
