import Foundation
import HummingbirdWSClient
import LiveServer
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Token on the upgrade request; /healthz and /metrics")
struct HTTPEndpointTests {
    static func get(_ port: Int, _ path: String, token: String? = nil) async throws -> (Int, String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test("a missing or wrong token gets no WebSocket; the upgrade endpoint answers 401")
    func tokenRefused() async throws {
        try await TestServer.with { port, server in
            for token in [nil, "wrong-token-0123456789abcdef", String(TestServer.token.dropLast())] {
                await #expect(throws: (any Error).self) {
                    try await ScriptedClient(port: port, token: token).run([.text(ScriptedClient.announce())])
                }
                let (status, _) = try await Self.get(port, "/v1/live", token: token)
                #expect(status == 401)
            }
            let (status, _) = try await Self.get(port, "/v1/live", token: TestServer.token)
            #expect(status == 426)  // a valid token, but not a WebSocket request
            #expect(server.metricsExposition.contains("live_unauthorized_total 3"))
        }
    }

    @Test("/healthz answers ok; /metrics counts sessions, batches and swings")
    func healthAndMetrics() async throws {
        try await TestServer.with { port, _ in
            let (status, body) = try await Self.get(port, "/healthz")
            #expect(status == 200)
            #expect(body == "ok\n")
            _ = try await ScriptedClient(port: port).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[...])
                    + [.text("{\"type\":\"end\"}"), .await("summary")])
            let (metricsStatus, metrics) = try await Self.get(port, "/metrics")
            #expect(metricsStatus == 200)
            #expect(metrics.contains("live_batches_total \(Fixtures.sampleBatches.count)"))
            #expect(metrics.contains("live_swings_total \(Fixtures.sampleOfflineSwings.count)"))
            #expect(metrics.contains("live_sessions_started_total 1"))
            #expect(metrics.contains("live_sessions_open 0"))
            #expect(metrics.contains("live_swing_decision_seconds_count \(Fixtures.sampleOfflineSwings.count)"))
        }
    }
}
