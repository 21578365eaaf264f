import Testing

@testable import LiveServer

@Suite struct LiveMetricsTests {
    /// Every metric of a fresh server: its name, Prometheus type and help text, at zero — the names and texts that
    /// dashboards and alerts depend on.
    @Test("a fresh registry exposes every metric with its type and help text, at zero")
    func namesTypesAndHelp() {
        let exposition = LiveMetrics().exposition()
        let expected: [(String, String, String)] = [
            ("live_sessions_open", "gauge", "Connected sessions"),
            ("live_sessions_waiting", "gauge", "Sessions whose connection dropped, waiting to be resumed"),
            ("live_sessions_started_total", "counter", "Sessions started"),
            ("live_sessions_resumed_total", "counter", "Sessions resumed"),
            ("live_batches_total", "counter", "Batches applied"),
            ("live_swings_total", "counter", "Swings pushed"),
            ("live_connections_refused_total", "counter", "Connections closed for a bad message or a limit"),
            ("live_unauthorized_total", "counter", "Upgrade requests without a valid bearer token"),
        ]
        for (name, type, help) in expected {
            #expect(exposition.contains("# HELP \(name) \(help)\n"), "\(name)")
            #expect(exposition.contains("# TYPE \(name) \(type)\n"), "\(name)")
            let zero = type == "gauge" ? "0.0" : "0"  // swift-prometheus writes gauges as Double, counters as Int
            #expect(exposition.contains("\n\(name) \(zero)\n"), "\(name)")
        }
        #expect(exposition.contains("# TYPE live_swing_decision_seconds histogram\n"))
        #expect(exposition.contains("live_swing_decision_seconds_bucket{le=\"0.0001\"} 0\n"))
        #expect(exposition.contains("live_swing_decision_seconds_bucket{le=\"0.1\"} 0\n"))
        #expect(exposition.contains("live_swing_decision_seconds_count 0\n"))
    }
}
