import ServiceLifecycle
import Synchronization

/// The open connections, so that a graceful shutdown reaches each one: ``shutDown()`` signals every connection
/// (and any that registers later) to finish its session, and waits until they have all ended.
final class ConnectionRegistry: Sendable {
    private struct State {
        var nextID = 0
        var signals: [Int: AsyncStream<Void>.Continuation] = [:]
        var shuttingDown = false
        var allEnded: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// A new connection's id and its shutdown signal (yields once when the server shuts down).
    func register() -> (id: Int, shutdown: AsyncStream<Void>) {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.signals[id] = continuation
            if state.shuttingDown { continuation.yield() }
            return id
        }
        return (id, stream)
    }

    func unregister(_ id: Int) {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.signals[id]?.finish()
            state.signals[id] = nil
            guard state.signals.isEmpty else { return [] }
            defer { state.allEnded = [] }
            return state.allEnded
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Signals every connection and waits until all have unregistered.
    func shutDown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                state.shuttingDown = true
                for signal in state.signals.values { signal.yield() }
                if state.signals.isEmpty { return true }
                state.allEnded.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}

/// Runs until the service group shuts down, then ends every connection's session (before the HTTP server, which
/// comes earlier in the group and therefore shuts down later, stops).
struct ConnectionShutdownService: Service {
    let registry: ConnectionRegistry

    func run() async throws {
        try? await gracefulShutdown()
        await registry.shutDown()
    }
}
