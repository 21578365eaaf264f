import ArgumentParser
import Foundation
import LiveServer

extension SwingMetrics {
    /// `swing-metrics serve --tokens FILE`
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Analyse live batches sent over WebSocket and push each swing as soon as it is decided.",
            discussion: """
                Clients connect to ws://HOST:PORT/v1/live with the header "Authorization: Bearer TOKEN" (tokens \
                from --tokens, one per line), announce the session (sport or analyzer configuration, streams, \
                device) and send batches as CMBatchedSensorManager delivers them, as binary or JSON frames; the \
                server answers with each swing as soon as it is decided and a summary at the end. GET /healthz \
                answers "ok", GET /metrics the Prometheus metrics. The protocol is described in docs/live.md.

                The first line printed is "listening on HOST:PORT" (--port 0 picks a free port). SIGINT or \
                SIGTERM shut down gracefully: every open session gets its pending swings and its summary first.

                Examples:
                  swing-metrics serve --tokens tokens.txt
                  swing-metrics serve --tokens tokens.txt --host 0.0.0.0 --port 8443 --tls-cert cert.pem --tls-key key.pem
                """)

        @Option(help: "Address to bind (default: loopback only).")
        var host = "127.0.0.1"

        @Option(help: "TCP port; 0 picks a free one.")
        var port = 8080

        @Option(help: "File of accepted bearer tokens, one per line (# comments).")
        var tokens: String

        @Option(help: "Largest WebSocket message, bytes (larger ones close the connection with 1009).")
        var maxFrameBytes = 4 << 20

        @Option(help: "Most samples in one batch.")
        var maxSamplesPerBatch = 16_384

        @Option(help: "Sustained batches per second per session (0 = unlimited; real time is 2).")
        var maxBatchRate: Double = 200

        @Option(help: "Sessions per token at once (connected or waiting to be resumed).")
        var maxSessionsPerToken = 16

        @Option(help: "Seconds without a message before a session is finished and closed (4008).")
        var idleTimeout: Double = 30

        @Option(help: "Seconds a dropped session waits to be resumed.")
        var resumeWindow: Double = 120

        @Option(help: "Directory for the recordings of sessions that ask for one (<session>.npz).")
        var recordDir: String?

        @Option(help: "Longest recording kept per session, seconds.")
        var maxRecordSeconds: Double = 3600

        @Option(help: "Seconds a new connection has to complete the TLS handshake and begin its request.")
        var handshakeTimeout: Double = 10

        @Option(help: "Seconds a kept-alive HTTP connection (/healthz, /metrics) may stay idle before it is closed.")
        var keepAliveTimeout: Double = 30

        @Option(help: "TLS certificate chain (PEM); with --tls-key serves wss://.")
        var tlsCert: String?

        @Option(help: "TLS private key (PEM).")
        var tlsKey: String?

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535 (got \(port)).") }
            guard (tlsCert == nil) == (tlsKey == nil) else { throw ValidationError("--tls-cert and --tls-key go together.") }
            guard maxBatchRate >= 0, idleTimeout > 0, handshakeTimeout > 0, keepAliveTimeout > 0, resumeWindow >= 0, maxSessionsPerToken >= 1,
                maxFrameBytes >= 1024, maxSamplesPerBatch >= 1, maxRecordSeconds > 0
            else { throw ValidationError("limits must be positive (--max-batch-rate may be 0 for unlimited).") }
        }

        mutating func run() async throws {
            var configuration: LiveServerConfiguration
            do {
                configuration = LiveServerConfiguration(tokens: try TokenSet(contentsOf: URL(fileURLWithPath: tokens)))
            } catch {
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
            configuration.host = host
            configuration.port = port
            configuration.maximumFrameBytes = maxFrameBytes
            configuration.maximumSamplesPerBatch = maxSamplesPerBatch
            configuration.maximumBatchRate = maxBatchRate
            configuration.maximumSessionsPerToken = maxSessionsPerToken
            configuration.idleTimeout = idleTimeout
            configuration.handshakeTimeout = handshakeTimeout
            configuration.keepAliveTimeout = keepAliveTimeout
            configuration.resumeWindow = resumeWindow
            configuration.maximumRecordedSeconds = maxRecordSeconds
            if let recordDir {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: recordDir, isDirectory: &isDirectory), isDirectory.boolValue
                else {
                    StandardError.writeLine("swing-metrics: error: \(recordDir): record directory: not a directory")
                    throw ExitCode.failure
                }
                configuration.recordDirectory = URL(fileURLWithPath: recordDir, isDirectory: true)
            }
            if let tlsCert, let tlsKey {
                configuration.tls = .init(certificateChain: tlsCert, privateKey: tlsKey)
            }
            let server: LiveServer
            do {
                server = try LiveServer(
                    configuration: configuration, logger: LiveServer.standardErrorLogger, handlingSignals: true
                ) { host, port in
                    // Unbuffered: a parent process reads this line to learn the port.
                    FileHandle.standardOutput.write(Data("listening on \(host):\(port)\n".utf8))
                }
            } catch {
                StandardError.writeLine("swing-metrics: error: \(error)")
                throw ExitCode.failure
            }
            try await server.run()
        }
    }
}
