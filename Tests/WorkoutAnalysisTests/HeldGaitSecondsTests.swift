import Testing

@testable import WorkoutAnalysis

@Suite("HeldGaitSeconds")
struct HeldGaitSecondsTests {
    @Test("held seconds count when gait resumes, each at its own step frequency or the cadence")
    func release() {
        var held = HeldGaitSeconds(capacity: 4)
        #expect(held.hold(2.0, fallback: 1.9) == nil)
        #expect(held.hold(0, fallback: 1.9) == nil)
        #expect(held.count == 2)
        #expect(held.release(fallback: 1.8) == 2.0 + 1.8)
        #expect(held.count == 0)
        #expect(held.release(fallback: 1.8) == 0)
    }

    @Test("past the capacity the oldest second is credited at once; a closing segment drops the rest")
    func capacity() {
        var held = HeldGaitSeconds(capacity: 4)
        for f in [2.1, 2.2, 0, 2.4] { #expect(held.hold(f, fallback: 2) == nil) }
        #expect(held.hold(2.5, fallback: 2) == 2.1)
        #expect(held.hold(2.6, fallback: 2) == 2.2)
        #expect(held.hold(2.7, fallback: 2.3) == 2.3)  // the second without a frequency of its own
        #expect(held.count == 4)
        held.drop()
        #expect(held.count == 0)
        #expect(held.release(fallback: 2) == 0)
    }
}
