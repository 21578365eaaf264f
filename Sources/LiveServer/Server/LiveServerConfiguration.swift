import Foundation

/// Everything `swing-metrics serve` is started with (units in each comment).
public struct LiveServerConfiguration: Sendable {
    /// Address to bind; `127.0.0.1` keeps the server on loopback (put a TLS-terminating reverse proxy in front, or
    /// give ``tls``, before binding a public address).
    public var host: String = "127.0.0.1"
    /// TCP port; 0 picks a free one (printed in the `listening on HOST:PORT` line).
    public var port: Int = 8080
    /// Accepted bearer tokens.
    public var tokens: TokenSet
    /// Largest WebSocket message (and frame), bytes; larger ones close the connection with 1009. The default fits a
    /// 16 384-sample JSON batch of device motion.
    public var maximumFrameBytes: Int = 4 << 20
    /// Most samples in one batch (a CMBatchedSensorManager batch has ≈ 800 accelerometer or 200 device-motion).
    public var maximumSamplesPerBatch: Int = 16_384
    /// Sustained batches per second a session may send (token bucket holding ``batchBurstSeconds`` of them);
    /// 0 = unlimited. Real time is 2 batches/s (one per stream).
    public var maximumBatchRate: Double = 200
    /// Depth of the batch-rate bucket, s of ``maximumBatchRate``.
    public var batchBurstSeconds: Double = 10
    /// Sessions one token may have at once (connected or waiting to be resumed).
    public var maximumSessionsPerToken: Int = 16
    /// A connection that sends nothing this long (counted from when the server was done with its last message) is
    /// finished (summary) and closed with 4008, s.
    public var idleTimeout: Double = 30
    /// How long a session whose connection dropped waits to be resumed, s; then it is finished and discarded.
    public var resumeWindow: Double = 120
    /// Where sessions that ask for `record` are written as `<session>.npz`; `nil` = recording refused.
    public var recordDirectory: URL?
    /// Longest recording kept per session, s of either stream (bounds memory: ≈ 28 KB per second of 800/200 Hz).
    public var maximumRecordedSeconds: Double = 3600
    /// A new connection must complete the TLS handshake (with ``tls``) and begin its first request within this, s;
    /// else it is closed, so that a client that connects and stays silent, or stalls in the TLS handshake, holds no
    /// connection.
    public var handshakeTimeout: Double = 10
    /// A plain HTTP connection (`/healthz`, `/metrics`, a refused upgrade) kept alive after its response is closed
    /// when no further request arrives within this, s, so that an idle keep-alive client holds no connection.
    public var keepAliveTimeout: Double = 30
    /// TLS certificate chain and private key (PEM files); `nil` serves plain `ws://`.
    public var tls: TLSFiles?

    public struct TLSFiles: Sendable {
        public var certificateChain: String
        public var privateKey: String
        public init(certificateChain: String, privateKey: String) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }
    }

    public init(tokens: TokenSet) {
        self.tokens = tokens
    }

    /// The WebSocket path.
    public static let path = "/v1/live"
}
