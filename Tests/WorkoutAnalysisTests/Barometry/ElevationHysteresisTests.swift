import Testing

@testable import WorkoutAnalysis

@Suite struct ElevationHysteresisTests {
    @Test func aClimbCountsInFullAndSmallUndulationsCountNothing() {
        var counter = ElevationHysteresis(deadBand: 1)
        var gain = 0.0, loss = 0.0
        func move(_ deltas: [Double]) {
            for d in deltas {
                let (g, l) = counter.add(d)
                gain += g
                loss += l
            }
        }
        move([0.3, -0.4, 0.5, -0.3])  // within ±1 m of the start: undecided
        #expect(gain == 0 && loss == 0)
        move(Array(repeating: 0.5, count: 10))  // +5 m
        #expect(abs(gain - 5.1) < 1e-9)  // from the start (0.1 m above it) to the top
        move([-0.8, 0.5, -0.5])  // 0.8 m below the top at most: still climbing, nothing counted
        #expect(abs(gain - 5.1) < 1e-9 && loss == 0)
        move([-0.5])  // 1.3 m below the top: a descent, counted in full
        #expect(abs(loss - 1.3) < 1e-9)
        move(Array(repeating: -1, count: 4))
        #expect(abs(loss - 5.3) < 1e-9 && abs(gain - 5.1) < 1e-9)
    }

    @Test func floorsNeedAWholeFloorEachWay() {
        var floors = FloorCounter(floorHeight: 3)
        var up = 0, down = 0
        func move(_ d: Double, times: Int) {
            for _ in 0..<times {
                let r = floors.add(d)
                up += r.up
                down += r.down
            }
        }
        move(0.1, times: 29)  // 2.9 m
        #expect(up == 0)
        move(0.1, times: 95)  // 12.4 m
        #expect(up == 4 && down == 0)
        move(-0.1, times: 29)  // back to 9.5 m: not a whole floor below the top (12.4 m)
        #expect(down == 0)
        move(-0.1, times: 10)  // 8.5 m: 3.9 m below the top, one floor down (counted from the top)
        #expect(down == 1 && up == 4)
        move(0.1, times: 25)  // 11.0 m: 2.5 m above the low point, nothing
        #expect(up == 4)
        move(0.1, times: 10)  // 12.0 m: 3.5 m above the low point (8.5 m), one floor up
        #expect(up == 5 && down == 1)
    }
}
