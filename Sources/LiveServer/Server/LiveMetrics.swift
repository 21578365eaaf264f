import Prometheus

/// The server's Prometheus metrics (served at `/metrics` in the text exposition format). One registry per server,
/// so that several servers in one process (tests) keep separate counts.
struct LiveMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    /// Connections with a session (announced).
    let sessionsOpen: Gauge
    /// Sessions whose connection dropped, waiting to be resumed.
    let sessionsWaiting: Gauge
    /// Sessions ever started; sessions resumed.
    let sessionsStarted: Counter
    let sessionsResumed: Counter
    /// Batches applied (the rate is batches per second: `rate(live_batches_total[1m])`).
    let batches: Counter
    /// Swings pushed.
    let swings: Counter
    /// Connections closed for a refused message, a limit or a missing token.
    let refused: Counter
    let unauthorized: Counter
    /// From the arrival of the batch that decided a swing to the swing's message being written, s.
    let decisionLatency: DurationHistogram

    init() {
        let registry = registry
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: .init(metricName: name, unitName: "", helpText: help))
        }
        func counter(_ name: String, _ help: String) -> Counter {
            registry.makeCounter(descriptor: .init(metricName: name, unitName: "", helpText: help))
        }
        sessionsOpen = gauge("live_sessions_open", "Connected sessions")
        sessionsWaiting = gauge("live_sessions_waiting", "Sessions whose connection dropped, waiting to be resumed")
        sessionsStarted = counter("live_sessions_started_total", "Sessions started")
        sessionsResumed = counter("live_sessions_resumed_total", "Sessions resumed")
        batches = counter("live_batches_total", "Batches applied")
        swings = counter("live_swings_total", "Swings pushed")
        refused = counter("live_connections_refused_total", "Connections closed for a bad message or a limit")
        unauthorized = counter("live_unauthorized_total", "Upgrade requests without a valid bearer token")
        decisionLatency = registry.makeDurationHistogram(
            descriptor: .init(
                metricName: "live_swing_decision_seconds",
                unitName: "", helpText: "From the arrival of the batch that decided a swing to its message"),
            buckets: [.microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
                .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100)])
    }

    func exposition() -> String { registry.emitToString() }
}
