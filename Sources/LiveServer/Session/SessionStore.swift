import Foundation

/// The server's shared session state: how many sessions each token has (connected or waiting to be resumed),
/// and the sessions whose connection dropped, until they are resumed or expire.
actor SessionStore {
    private var sessionsPerToken: [Int: Int] = [:]
    private var detached: [String: (session: LiveSession, since: ContinuousClock.Instant)] = [:]
    private let limitPerToken: Int

    init(limitPerToken: Int) {
        self.limitPerToken = limitPerToken
    }

    /// Counts a new session for `token`; `false` when the token is at its limit.
    func reserve(token: Int) -> Bool {
        let count = sessionsPerToken[token, default: 0]
        guard count < limitPerToken else { return false }
        sessionsPerToken[token] = count + 1
        return true
    }

    /// Forgets a session of `token` (finished, refused or expired).
    func release(token: Int) {
        let count = sessionsPerToken[token, default: 0] - 1
        sessionsPerToken[token] = count > 0 ? count : nil
    }

    /// Keeps `session` for resumption (its slot stays counted).
    func detach(_ session: LiveSession) {
        detached[session.id] = (session, .now)
    }

    /// Hands the waiting session `id` to a new connection of the same token; `nil` when there is none.
    func claim(id: String, token: Int) -> LiveSession? {
        guard let entry = detached[id], entry.session.tokenIndex == token else { return nil }
        detached[id] = nil
        return entry.session
    }

    /// Removes and returns the sessions that waited longer than `window`, s (their slots are released).
    func expire(olderThan window: Double) -> [LiveSession] {
        let now = ContinuousClock.now
        let old = detached.filter { now - $0.value.since > .seconds(window) }
        for (id, entry) in old {
            detached[id] = nil
            release(token: entry.session.tokenIndex)
        }
        return old.map(\.value.session)
    }

    /// Removes and returns every waiting session (at shutdown).
    func drain() -> [LiveSession] {
        let all = detached.values.map(\.session)
        for session in all { release(token: session.tokenIndex) }
        detached.removeAll()
        return all
    }

    var detachedCount: Int { detached.count }
}
