import Dispatch
import Foundation
import Synchronization
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
        // When the time limit gave up: measured where it happens, on the timer's thread. (When the awaiting task
        // resumes depends on the test runner's other tests, which may hold every thread of the cooperative pool.)
        let gaveUp = Stamp()
        // Blocks its thread until released — as a read of a FIFO nobody writes does.
        let value = await TimeLimitedWork.run(
            seconds: 0.3, { gate.wait(); return 1 },
            timedOut: {
                gaveUp.instant.withLock { $0 = ContinuousClock().now }
                return -1
            })
        gate.signal()
        #expect(value == -1)
        let elapsed = gaveUp.instant.withLock { $0.map { $0 - started } }
        #expect(elapsed.map { $0 >= .milliseconds(290) } == true, "not before the limit: \(String(describing: elapsed))")
        #expect(elapsed.map { $0 < .seconds(10) } == true, "soon after the limit: \(String(describing: elapsed))")
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

/// An instant recorded on another thread.
private final class Stamp: Sendable {
    let instant = Mutex<ContinuousClock.Instant?>(nil)
}
