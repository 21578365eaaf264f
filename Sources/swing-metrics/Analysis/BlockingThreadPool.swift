import Dispatch
import Foundation
import Synchronization

/// Threads of its own (not Swift concurrency's cooperative pool, not Dispatch's) for blocking work items, kept and
/// reused: starting two threads per recording cost about 0.2 ms each, a sixth of a one-minute recording's analysis.
///
/// An item runs on an idle thread, else on a new one; a thread whose item never returns (a read blocked on a stalled
/// file system) is simply lost to the pool, and later items start another. The pool only grows to the number of
/// items running at once.
final class BlockingThreadPool: Sendable {
    static let shared = BlockingThreadPool(name: "swing-metrics worker")

    private struct State {
        var items: [@Sendable () -> Void] = []
        var idleThreads = 0
    }

    private let name: String
    private let state = Mutex(State())
    /// Signalled once per idle thread woken for a new item.
    private let wake = DispatchSemaphore(value: 0)

    init(name: String) { self.name = name }

    /// Runs `item` on one of the pool's threads.
    func submit(_ item: @escaping @Sendable () -> Void) {
        let wakeIdle = state.withLock { state -> Bool in
            state.items.append(item)
            guard state.idleThreads > 0 else { return false }
            state.idleThreads -= 1
            return true
        }
        if wakeIdle {
            wake.signal()
        } else {
            let thread = Thread { [self] in loop() }
            thread.name = name
            thread.start()
        }
    }

    /// Runs items while there are any, then waits idle for the next.
    private func loop() {
        while true {
            let item = state.withLock { state -> (@Sendable () -> Void)? in
                if state.items.isEmpty {
                    state.idleThreads += 1
                    return nil
                }
                return state.items.removeFirst()
            }
            if let item {
                item()
            } else {
                wake.wait()
            }
        }
    }
}
