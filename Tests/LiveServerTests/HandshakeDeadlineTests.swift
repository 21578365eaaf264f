import Foundation
import LiveServer
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--handshake-timeout`: a connection that never completes the TLS handshake, or never starts a request, is closed
/// instead of holding its slot.
@Suite("Handshake deadline")
struct HandshakeDeadlineTests {
    /// 0.5 s: the tests wait for it; the default is 10 s.
    static let timeout = 0.5

    /// A plain `ws://` upgrade request, as a client that does not know the port speaks TLS sends it.
    static let plainUpgrade = Array(
        ("GET /v1/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Authorization: Bearer \(TestServer.token)\r\n\r\n").utf8)

    /// Nothing at all, or the first bytes of a TLS record header (a ClientHello cut short, the handshake stalled).
    @Test(
        "a connection to the TLS port that never completes the handshake is closed within the handshake timeout",
        arguments: [[], [0x16, 0x03, 0x01]] as [[UInt8]])
    func stalledTLSHandshakeClosed(sending bytes: [UInt8]) async throws {
        let seconds = try await TestServer.with({ $0.tls = TLSTests.files; $0.handshakeTimeout = Self.timeout }) {
            port, _ in try await RawConnection.secondsUntilClosed(port: port, sending: bytes, limit: 10)
        }
        #expect(seconds.map { $0 >= Self.timeout * 0.9 && $0 < 5 } == true, "closed after \(seconds ?? .infinity) s")
    }

    @Test("a plain ws:// upgrade request to the TLS port is refused by the TLS handler at once, not left waiting")
    func plainRequestToTLSPortClosed() async throws {
        let seconds = try await TestServer.with({ $0.tls = TLSTests.files; $0.handshakeTimeout = 5 }) { port, _ in
            try await RawConnection.secondsUntilClosed(port: port, sending: Self.plainUpgrade, limit: 10)
        }
        #expect(seconds.map { $0 < 2.5 } == true, "closed after \(seconds ?? .infinity) s")
    }

    @Test("a silent connection to the plain port is closed within the handshake timeout")
    func silentPlainConnectionClosed() async throws {
        let seconds = try await TestServer.with({ $0.handshakeTimeout = Self.timeout }) { port, _ in
            try await RawConnection.secondsUntilClosed(port: port, sending: [], limit: 10)
        }
        #expect(seconds.map { $0 >= Self.timeout * 0.9 && $0 < 5 } == true, "closed after \(seconds ?? .infinity) s")
    }

    @Test("a TLS session that outlasts the handshake timeout carries on and gives analyze's swings")
    func sessionOutlastsTimeout() async throws {
        let exchange = try await TestServer.with({ $0.tls = TLSTests.files; $0.handshakeTimeout = Self.timeout }) {
            port, _ in
            try await ScriptedClient(port: port, tls: try TLSTests.clientTLS()).run(
                [.text(ScriptedClient.announce()), .await("session"), .pause(.seconds(3 * Self.timeout))]
                    + Fixtures.steps(Fixtures.sampleBatches[...]) + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        #expect(exchange.swingTexts == Fixtures.sampleOfflineSwings)
        #expect(exchange.closeCode == 1000)
    }
}

/// A bare TCP client on 127.0.0.1 (blocking socket calls, on a thread of its own).
enum RawConnection {
    /// Connects, sends `bytes`, reads until the server closes the connection and returns the seconds from connecting
    /// to the close; `nil` if the connection was still open after `limit` seconds.
    static func secondsUntilClosed(port: Int, sending bytes: [UInt8], limit: Double) async throws -> Double? {
        try await exchange(port: port, sending: bytes, limit: limit).secondsUntilClosed
    }

    /// As ``secondsUntilClosed(port:sending:limit:)``, with every byte the server sent before closing.
    static func exchange(port: Int, sending bytes: [UInt8], limit: Double) async throws
        -> (secondsUntilClosed: Double?, received: [UInt8])
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try blockingExchange(port: port, sending: bytes, limit: limit) })
            }
        }
    }

    struct SocketError: Error, CustomStringConvertible {
        var call: String
        var code: Int32
        var description: String { "\(call): errno \(code)" }
    }

    private static func blockingExchange(port: Int, sending bytes: [UInt8], limit: Double) throws
        -> (secondsUntilClosed: Double?, received: [UInt8])
    {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(call: "socket", code: errno) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw SocketError(call: "connect", code: errno) }
        let start = ContinuousClock.now
        var wait = timeval(tv_sec: Int(limit), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if !bytes.isEmpty {
            guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else {
                throw SocketError(call: "send", code: errno)
            }
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        var all: [UInt8] = []
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if received > 0 {  // a TLS alert or an HTTP answer before the close
                all += buffer.prefix(received)
                continue
            }
            if received == 0 || errno == ECONNRESET {
                let elapsed = ContinuousClock.now - start
                return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18, all)
            }
            if errno == EAGAIN || errno == EWOULDBLOCK { return (nil, all) }
            if errno != EINTR { throw SocketError(call: "recv", code: errno) }
        }
    }
}
