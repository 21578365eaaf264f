import Foundation
import Logging

/// What every connection of one server shares: configuration, session store, metrics.
struct LiveServerState: Sendable {
    let configuration: LiveServerConfiguration
    let store: SessionStore
    let metrics: LiveMetrics
    let connections: ConnectionRegistry
    let logger: Logger

    /// Writes a finished session's recording if it asked for one; returns its path (or `nil`).
    func finalize(_ session: LiveSession) -> String? {
        guard let recorder = session.recorder else { return nil }
        do {
            try recorder.write()
            return recorder.url.path
        } catch {
            logger.error("recording not written", metadata: ["session": "\(session.id)", "error": "\(error)"])
            return nil
        }
    }
}
