import Dispatch
import Foundation
import Testing

@testable import swing_metrics

@Suite struct TimeLimitedWorkTests {
    @Test func workThatReturnsInTimeGivesItsValue() async {
        let value = await TimeLimitedWork.run(seconds: 30, { 6 * 7 }, timedOut: { -1 })
        #expect(value == 42)
    }

    @Test func workThatBlocksIsAbandonedAtTheLimit() async {
        let gate = DispatchSemaphore(value: 0)
        let clock = ContinuousClock()
        let started = clock.now
        // Blocks its thread until released — as a read of a FIFO nobody writes does.
        let value = await TimeLimitedWork.run(seconds: 0.3, { gate.wait(); return 1 }, timedOut: { -1 })
        let elapsed = clock.now - started
        gate.signal()
        #expect(value == -1)
        #expect(elapsed >= .milliseconds(250), "not before the limit (Dispatch and ContinuousClock may differ by a few ms)")
        // The work never returns before `gate.signal()` below: any return at all is the time limit's. The bound only
        // catches a wait that does not end; a loaded machine running the whole suite delays resumption by seconds.
        #expect(elapsed < .seconds(120))
    }

    @Test func blockedWorkDoesNotStarveOtherTasks() async {
        // More blocked items than cores: each runs on a thread of its own, so every one of them still times out.
        let gate = DispatchSemaphore(value: 0)
        let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 1
        let values = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<count {
                group.addTask { await TimeLimitedWork.run(seconds: 0.2, { gate.wait(); return 1 }, timedOut: { -1 }) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for _ in 0..<count { gate.signal() }
        #expect(values == Array(repeating: -1, count: count))
    }
}
