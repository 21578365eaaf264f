import Dispatch
import Foundation
import Synchronization

/// Runs blocking work on a thread of its own and waits for it at most a time limit, so that work which never
/// returns — a read of a file on a stalled network file system, a device, a pipe — cannot hold the caller: past the
/// limit the caller gets `timedOut()` instead and goes on; the abandoned thread finishes (or stays blocked) on its
/// own and its result is dropped. The work must also stop by itself where it can (the analysis checks its deadline
/// between batches), so an abandoned thread rarely keeps using a core.
///
/// The work runs on a thread of ``BlockingThreadPool``, not on Swift concurrency's cooperative pool (one thread per
/// core), whose threads a blocked read would take away from every other task; a second pool thread waits for it up
/// to the limit. Pool threads are reused, so a recording starts no thread once the pool is warm.
enum TimeLimitedWork {
    /// `work()`, or `timedOut()` when `work` has not returned within `seconds` (> 0).
    static func run<Value: Sendable>(
        seconds: Double, _ work: @escaping @Sendable () -> Value, timedOut: @escaping @Sendable () -> Value
    ) async -> Value {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
            let deadline = DispatchTime.now() + seconds
            let once = Once()
            let finished = DispatchSemaphore(value: 0)
            BlockingThreadPool.shared.submit {
                let value = work()
                finished.signal()
                if once.claim() { continuation.resume(returning: value) }
            }
            // The deadline is kept by a pool thread too, not by a timer on a shared Dispatch queue, whose few threads
            // other work may hold past the limit; it returns to the pool as soon as the work ends.
            BlockingThreadPool.shared.submit {
                guard finished.wait(timeout: deadline) == .timedOut else { return }
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
