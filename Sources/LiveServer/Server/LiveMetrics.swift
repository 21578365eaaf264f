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
        sessionsOpen = registry.makeGauge(
            descriptor: .init(metricName: "live_sessions_open", unitName: "", helpText: "Connected sessions"))
        sessionsWaiting = registry.makeGauge(
            descriptor: .init(metricName: "live_sessions_waiting", unitName: "", helpText: "Sessions whose connection dropped, waiting to be resumed"))
        sessionsStarted = registry.makeCounter(
            descriptor: .init(metricName: "live_sessions_started_total", unitName: "", helpText: "Sessions started"))
        sessionsResumed = registry.makeCounter(
            descriptor: .init(metricName: "live_sessions_resumed_total", unitName: "", helpText: "Sessions resumed"))
        batches = registry.makeCounter(
            descriptor: .init(metricName: "live_batches_total", unitName: "", helpText: "Batches applied"))
        swings = registry.makeCounter(
            descriptor: .init(metricName: "live_swings_total", unitName: "", helpText: "Swings pushed"))
        refused = registry.makeCounter(
            descriptor: .init(metricName: "live_connections_refused_total", unitName: "", helpText: "Connections closed for a bad message or a limit"))
        unauthorized = registry.makeCounter(
            descriptor: .init(metricName: "live_unauthorized_total", unitName: "", helpText: "Upgrade requests without a valid bearer token"))
        decisionLatency = registry.makeDurationHistogram(
            descriptor: .init(
                metricName: "live_swing_decision_seconds",
                unitName: "", helpText: "From the arrival of the batch that decided a swing to its message"),
            buckets: [.microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1),
                .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(100)])
    }

    func exposition() -> String { registry.emitToString() }
}
