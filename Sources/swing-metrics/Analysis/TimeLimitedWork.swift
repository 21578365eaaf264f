import Dispatch
import Foundation
import Synchronization

/// Runs blocking work on a thread of its own and waits for it at most a time limit, so that work which never
/// returns — a read of a file on a stalled network file system, a device, a pipe — cannot hold the caller: past the
/// limit the caller gets `timedOut()` instead and goes on; the abandoned thread finishes (or stays blocked) on its
/// own and its result is dropped. The work must also stop by itself where it can (the analysis checks its deadline
/// between batches), so an abandoned thread rarely keeps using a core.
///
/// The work runs on a new `Thread`, not on Swift concurrency's cooperative pool (one thread per core), whose
/// threads a blocked read would take away from every other task.
enum TimeLimitedWork {
    /// `work()`, or `timedOut()` when `work` has not returned within `seconds` (> 0).
    static func run<Value: Sendable>(
        seconds: Double, _ work: @escaping @Sendable () -> Value, timedOut: @escaping @Sendable () -> Value
    ) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let once = Once()
            let thread = Thread {
                let value = work()
                if once.claim() { continuation.resume(returning: value) }
            }
            thread.name = "swing-metrics recording"
            thread.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                if once.claim() { continuation.resume(returning: timedOut()) }
            }
        }
    }
}

/// True for the first caller of ``claim()`` only: the continuation is resumed exactly once.
private final class Once: Sendable {
    private let claimed = Mutex(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
