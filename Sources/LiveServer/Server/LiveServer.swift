import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// `swing-metrics serve`: live swing analysis over WebSocket (Hummingbird 2).
///
/// - `GET /v1/live` with `Authorization: Bearer TOKEN` upgrades to a WebSocket session (see ``ClientMessage`` and
///   ``ServerMessage`` for the messages, ``BinaryBatchFrame`` for the binary batch layout); without a valid
///   token the upgrade is refused (HTTP 400: hummingbird-websocket's answer to every refused upgrade; a plain GET
///   answers 401).
/// - `GET /healthz` answers `ok`; `GET /metrics` the Prometheus text exposition (``LiveMetrics``). A connection
///   kept alive after such a response is closed after ``LiveServerConfiguration/keepAliveTimeout`` without a request.
///
/// ``run()`` serves until SIGINT / SIGTERM or ``shutdown()``: then every open session is finished — its pending
/// swings and its summary pushed, the connection closed with 1001 — and sessions waiting to be resumed are
/// finished (recordings written) before `run()` returns.
public final class LiveServer: Sendable {
    private let state: LiveServerState
    private let serviceGroup: ServiceGroup

    /// - Parameter onListening: called once the socket is bound, with the host and the actual port.
    public init(
        configuration: LiveServerConfiguration, logger: Logger = Logger(label: "swing-metrics.serve"),
        handlingSignals: Bool = false, onListening: @escaping @Sendable (String, Int) async -> Void = { _, _ in }
    ) throws(LiveServerError) {
        let state = LiveServerState(
            configuration: configuration,
            store: SessionStore(limitPerToken: configuration.maximumSessionsPerToken),
            metrics: LiveMetrics(), connections: ConnectionRegistry(), logger: logger)
        self.state = state

        let router = Router()
        router.get("healthz") { _, _ in "ok\n" }
        router.get("metrics") { _, _ in state.metrics.exposition() }
        // Reached only when the upgrade was refused: no or a wrong token, or not a WebSocket request.
        router.get(RouterPath(stringLiteral: String(LiveServerConfiguration.path.dropFirst()))) { request, _ -> Response in
            let token = TokenSet.bearer(request.headers[.authorization])
            if token.flatMap({ configuration.tokens.match($0) }) == nil {
                return Response(
                    status: .unauthorized, headers: [.wwwAuthenticate: "Bearer"],
                    body: .init(byteBuffer: ByteBuffer(string: "a valid bearer token is required\n")))
            }
            return Response(
                status: .upgradeRequired, headers: [.upgrade: "websocket"],
                body: .init(byteBuffer: ByteBuffer(string: "WebSocket upgrade required\n")))
        }

        let webSocketConfiguration = WebSocketServerConfiguration(
            maxFrameSize: configuration.maximumFrameBytes, autoPing: .disabled)
        let shouldUpgrade: @Sendable (HTTPRequest, any Channel, Logger) async throws -> ShouldUpgradeResult<
            WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>
        > = { request, _, logger in
            guard request.path?.split(separator: "?").first.map(String.init) == LiveServerConfiguration.path,
                let token = TokenSet.bearer(request.headerFields[.authorization]),
                let tokenIndex = configuration.tokens.match(token)
            else {
                if request.path?.hasPrefix(LiveServerConfiguration.path) == true { state.metrics.unauthorized.increment() }
                return .dontUpgrade
            }
            return .upgrade([:]) { inbound, outbound, _ in
                try await SessionConnection(server: state, tokenIndex: tokenIndex, logger: logger)
                    .run(inbound: inbound, outbound: outbound)
            }
        }
        let tls = try configuration.tls.map(Self.tlsConfiguration)
        let handshakeTimeout = TimeAmount.nanoseconds(Int64(configuration.handshakeTimeout * 1e9))
        // Hummingbird's idle timer on a connection that stayed HTTP (not upgraded): it runs from the end of each
        // response; a WebSocket session has its own (`idleTimeout`).
        let http1 = HTTP1Channel.Configuration(
            idleTimeout: .nanoseconds(Int64(configuration.keepAliveTimeout * 1e9)))
        let server = HTTPServerBuilder { responder in
            let http = HTTP1WebSocketUpgradeChannel(
                responder: responder, configuration: .init(http1: http1, ws: webSocketConfiguration),
                shouldUpgrade: shouldUpgrade)
            guard let tls else { return HandshakeDeadlineChannel(base: http, timeout: handshakeTimeout) }
            return HandshakeDeadlineChannel(
                base: try TLSChannel(http, tlsConfiguration: tls), timeout: handshakeTimeout)
        }
        let app = Application(
            router: router, server: server,
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in
                await onListening(configuration.host, channel.localAddress?.port ?? configuration.port)
            },
            logger: logger)
        serviceGroup = ServiceGroup(
            configuration: .init(
                services: [.init(service: app), .init(service: ConnectionShutdownService(registry: state.connections))],
                gracefulShutdownSignals: handlingSignals ? [.sigterm, .sigint] : [],
                logger: logger))
    }

    /// The server's TLS configuration from the PEM files, checked now (a bad file fails `init`, not the first
    /// connection).
    private static func tlsConfiguration(
        _ files: LiveServerConfiguration.TLSFiles
    ) throws(LiveServerError) -> TLSConfiguration {
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do { chain = try NIOSSLCertificate.fromPEMFile(files.certificateChain) } catch {
            throw .tls(path: files.certificateChain, problem: "cannot read the certificate chain (\(error))")
        }
        do { key = try NIOSSLPrivateKey(file: files.privateKey, format: .pem) } catch {
            throw .tls(path: files.privateKey, problem: "cannot read the private key (\(error))")
        }
        let tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        do { _ = try NIOSSLContext(configuration: tls) } catch {
            throw .tls(path: files.certificateChain, problem: "\(error)")
        }
        return tls
    }

    /// Serves until shut down (see the type's documentation).
    public func run() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.serviceGroup.run() }
            group.addTask { try await self.expireWaitingSessions() }
            try await group.next()
            group.cancelAll()
        }
        for session in await state.store.drain() {
            var session = session
            session.finish()
            state.metrics.sessionsWaiting.decrement()
            _ = state.finalize(session)
        }
    }

    /// Notices and above, on standard error (standard output is left to the `listening on` line).
    public static var standardErrorLogger: Logger {
        var logger = Logger(label: "swing-metrics.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .notice
        return logger
    }

    /// Starts a graceful shutdown (as SIGTERM does).
    public func shutdown() async {
        await serviceGroup.triggerGracefulShutdown()
    }

    /// The Prometheus text exposition of the server's metrics.
    public var metricsExposition: String { state.metrics.exposition() }

    /// Finishes the sessions that waited longer than the resume window, once a second.
    private func expireWaitingSessions() async throws {
        while true {
            try await Task.sleep(for: .seconds(1))
            for session in await state.store.expire(olderThan: state.configuration.resumeWindow) {
                var session = session
                session.finish()
                state.metrics.sessionsWaiting.decrement()
                // The connection is gone: nothing to push; the recording (if any) is written.
                _ = state.finalize(session)
            }
        }
    }
}
