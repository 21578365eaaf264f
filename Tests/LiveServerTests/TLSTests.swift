import Foundation
import LiveServer
import NIOSSL
import Testing
import _TestSupport

/// `serve --tls-cert --tls-key`: sessions over `wss://` with the test-only certificate in Fixtures/tls.
@Suite("TLS")
struct TLSTests {
    static let folder = SharedDatasets.repositoryRoot.appendingPathComponent("Tests/LiveServerTests/Fixtures/tls")
    static let files = LiveServerConfiguration.TLSFiles(
        certificateChain: folder.appendingPathComponent("test-cert.pem").path,
        privateKey: folder.appendingPathComponent("test-key.pem").path)

    /// A client that trusts only the test certificate and verifies the host name (`localhost`, in its SAN; an IP
    /// address cannot be sent as the TLS server name).
    static func clientTLS() throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(files.certificateChain))
        tls.certificateVerification = .fullVerification
        return tls
    }

    @Test("a session over wss:// gives analyze's swings, byte for byte")
    func sessionOverTLS() async throws {
        let exchange = try await TestServer.with({ $0.tls = Self.files }) { port, _ in
            try await ScriptedClient(port: port, tls: try Self.clientTLS()).run(
                [.text(ScriptedClient.announce()), .await("session")] + Fixtures.steps(Fixtures.sampleBatches[...])
                    + [.text("{\"type\":\"end\"}"), .await("summary")])
        }
        #expect(exchange.swingTexts == Fixtures.sampleOfflineSwings)
        #expect(exchange.first("summary")?["reason"] as? String == "end")
        #expect(exchange.closeCode == 1000)
    }

    @Test("a client that does not trust the certificate is refused in the handshake")
    func untrustedCertificateRefused() async throws {
        var strict = TLSConfiguration.makeClientConfiguration()
        strict.certificateVerification = .fullVerification  // system roots only: the self-signed test certificate fails
        let outcome: Result<Exchange, any Error> = await Result {
            try await TestServer.with({ $0.tls = Self.files }) { port, _ in
                try await ScriptedClient(port: port, tls: strict).run([.text(ScriptedClient.announce()), .await("session")])
            }
        }
        if case .success(let exchange) = outcome { #expect(exchange.session == nil) }
    }

    @Test("a missing key file is an error naming it")
    func missingKeyFile() throws {
        var configuration = LiveServerConfiguration(tokens: TokenSet([TestServer.token]))
        configuration.tls = .init(certificateChain: Self.files.certificateChain, privateKey: "/nonexistent/key.pem")
        #expect {
            _ = try LiveServer(configuration: configuration)
        } throws: { error in
            "\(error)".contains("/nonexistent/key.pem")
        }
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
