import Foundation
import LiveServer
import Testing

/// `--keep-alive-timeout`: an HTTP/1.1 connection kept alive after a `/healthz` or `/metrics` response is closed once
/// it has been idle that long, instead of being held for as long as the client likes.
@Suite("Keep-alive timeout")
struct KeepAliveTimeoutTests {
    /// 0.5 s: the tests wait for it; the default is 30 s.
    static let timeout = 0.5

    /// One keep-alive request (HTTP/1.1 keeps the connection open by default) and nothing after it.
    static func request(_ path: String) -> [UInt8] {
        Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    }

    @Test("an idle keep-alive connection is closed after the timeout, once its response was sent",
          arguments: ["/healthz", "/metrics"])
    func idleKeepAliveConnectionClosed(path: String) async throws {
        let (seconds, received) = try await TestServer.with({ $0.keepAliveTimeout = Self.timeout }) { port, _ in
            try await RawConnection.exchange(port: port, sending: Self.request(path), limit: 10)
        }
        let response = String(decoding: received, as: UTF8.self)
        #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(200))")
        #expect(!response.lowercased().contains("connection: close"), "the server offered to keep it alive")
        #expect(seconds.map { $0 >= Self.timeout * 0.9 && $0 < 5 } == true, "closed after \(seconds ?? .infinity) s")
    }

    @Test("before the timeout the connection stays open: the close is the timeout's, not the response's")
    func keptAliveWithinTheTimeout() async throws {
        let (seconds, received) = try await TestServer.with({ $0.keepAliveTimeout = 30 }) { port, _ in
            // 6 s: long enough for the response to arrive on a loaded machine, far short of the 30 s timeout.
            try await RawConnection.exchange(port: port, sending: Self.request("/healthz"), limit: 6)
        }
        #expect(String(decoding: received, as: UTF8.self).hasSuffix("ok\n"))
        #expect(seconds == nil, "closed after \(seconds ?? .infinity) s")
    }
}
