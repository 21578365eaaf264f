import Foundation
import LiveServer
import Logging

/// Starts a ``LiveServer`` in this process on 127.0.0.1, port 0, runs `body` with its port, then shuts it down
/// gracefully and waits for `run()` to return.
enum TestServer {
    static let token = "test-token-0123456789abcdef"
    static let otherToken = "other-token-0123456789abcdef"

    static func with<T: Sendable>(
        _ configure: (inout LiveServerConfiguration) -> Void = { _ in },
        _ body: (_ port: Int, _ server: LiveServer) async throws -> T
    ) async throws -> T {
        var configuration = LiveServerConfiguration(tokens: TokenSet([token, otherToken]))
        configuration.port = 0
        configure(&configuration)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "live-server-tests")
        logger.logLevel = .critical
        let server = try LiveServer(configuration: configuration, logger: logger) { _, port in
            continuation.yield(port)
        }
        // A server that fails before listening ends the port stream, so the test fails instead of waiting forever.
        let running = Task {
            defer { continuation.finish() }
            try await server.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await running.value
            throw TestServerError.didNotStart
        }
        let result: T
        do {
            result = try await body(port, server)
        } catch {
            await server.shutdown()
            _ = try? await running.value
            throw error
        }
        await server.shutdown()
        try await running.value
        return result
    }

    enum TestServerError: Error { case didNotStart }
}
