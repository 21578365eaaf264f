import HummingbirdCore
import Logging
import NIOCore
import NIOSSL

/// A server child channel whose connections must complete the TLS handshake (when there is TLS) and send the first
/// bytes of a request within `timeout`, or are closed. Without it a client that connects and stays silent, or stalls
/// in the handshake (a ClientHello cut short: the TLS handler waits for the rest), held its connection for ever.
/// Once a request has begun, the WebSocket session's own idle timeout takes over.
struct HandshakeDeadlineChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value
    let base: Base
    let timeout: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [timeout] value in
            // Right after the TLS handler, where the first bytes it passes on are the decrypted request; first in the
            // pipeline without TLS.
            let pipeline = channel.pipeline.syncOperations
            let deadline = HandshakeDeadlineHandler(timeout: timeout, logger: logger)
            if let tls = try? pipeline.handler(type: NIOSSLServerHandler.self) {
                try pipeline.addHandler(deadline, position: .after(tls))
            } else {
                try pipeline.addHandler(deadline, position: .first)
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

/// Closes the channel `timeout` after it became active unless bytes reached this handler first; then it removes
/// itself.
final class HandshakeDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    private let timeout: TimeAmount
    private let logger: Logger
    private var deadline: Scheduled<Void>?
    private var passed = false

    init(timeout: TimeAmount, logger: Logger) {
        self.timeout = timeout
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        if !passed {
            passed = true
            cancel()
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancel()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard deadline == nil, !passed else { return }
        let (timeout, logger) = (timeout, logger)
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            logger.info(
                "connection closed: no request within the handshake timeout",
                metadata: ["timeout_ms": "\(timeout.nanoseconds / 1_000_000)"])
            context.close(promise: nil)
        }
    }

    private func cancel() {
        deadline?.cancel()
        deadline = nil
    }
}
