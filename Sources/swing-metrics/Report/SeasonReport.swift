import Foundation

/// A self-contained HTML page across the sessions (recordings) of a season: swings and contact rate per session,
/// time to contact and peak rotation rate over time (median and interquartile band per session), the best and worst
/// sessions, and a link to every session's own report. Inline SVG (``SVGPlot``) and CSS only: no scripts, no network.
///
/// Sessions are in time order when every readable recording has a start date in its metadata (the time axis is
/// then days since the first session), else in input order (the axis is the session number). Every row of the
/// sessions table carries its figures in `data-` attributes at full precision (times in s, rates in rad/s), so
/// tools and tests can read the page's numbers without parsing the formatted text.
struct SeasonReport {
    let sessions: [SessionSummary]

    /// `sessions` in the page's order (see the type's description).
    init(sessions: [SessionSummary]) {
        let readable = sessions.filter { $0.error == nil }
        if !readable.isEmpty, readable.allSatisfy({ $0.startDate != nil }) {
            // Unreadable recordings (no date) go last, in input order.
            let dated = sessions.enumerated().sorted { a, b in
                switch (a.element.startDate, b.element.startDate) {
                case let (x?, y?): x != y ? x < y : a.offset < b.offset
                case (.some, .none): true
                case (.none, .some): false
                case (.none, .none): a.offset < b.offset
                }
            }
            self.sessions = dated.map(\.element)
        } else {
            self.sessions = sessions
        }
    }

    /// Whether the time axis is dates (every readable session has a start date).
    var isDated: Bool {
        let readable = sessions.filter { $0.error == nil }
        return !readable.isEmpty && readable.allSatisfy { $0.startDate != nil }
    }

    /// Position of each session on the time axis: days since the first session's start, or the session number.
    var positions: [Double] {
        guard isDated, let first = sessions.compactMap(\.startDate).min() else {
            return sessions.indices.map { Double($0 + 1) }
        }
        return sessions.enumerated().map { index, session in
            session.startDate.map { $0.timeIntervalSince(first) / 86_400 } ?? Double(index + 1)
        }
    }

    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/>
            <title>Season report — \(sessions.count) session\(sessions.count == 1 ? "" : "s")</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px auto;
                   max-width: 900px; color: #222; }
            h1 { font-size: 20px; margin-bottom: 4px; } h2 { font-size: 16px; margin-top: 28px; }
            .muted { color: #666; } table { border-collapse: collapse; margin: 8px 0; }
            td, th { padding: 3px 8px; text-align: right; border-bottom: 1px solid #eee; }
            th { font-weight: 600; border-bottom: 1px solid #bbb; } td.name, th.name { text-align: left; }
            td.name { max-width: 300px; overflow-wrap: anywhere; }
            .error { color: #b3261e; } .best { color: #0a7d2c; } .worst { color: #b3261e; }
            .ranks { display: flex; gap: 32px; } svg { display: block; margin: 6px 0; }
            </style></head><body>
            <h1>Season report</h1>

            """
        if !commonFolder.isEmpty { html += "<div class=\"muted\">\(SVGPlot.escape(commonFolder))</div>\n" }
        html += overview()
        html += bestAndWorst()
        html += plots()
        html += sessionsTable()
        html += "</body></html>\n"
        return html
    }

    private func overview() -> String {
        let readable = sessions.filter { $0.error == nil }
        let swings = readable.reduce(0) { $0 + $1.swings }
        let rated = readable.filter { $0.contactRate != nil }
        let ratedSwings = rated.reduce(0) { $0 + $1.swingsWithKnownContact }
        let contacts = rated.reduce(0) { $0 + $1.contacts }
        var text = "<div class=\"muted\">\(sessions.count) session\(sessions.count == 1 ? "" : "s")"
        if readable.count < sessions.count { text += ", \(sessions.count - readable.count) unreadable" }
        let dates = readable.compactMap(\.startDate).sorted()
        if isDated, let first = dates.first, let last = dates.last {
            text += ", \(Self.day(first)) to \(Self.day(last))"
        }
        text += "</div><table>"
        text += "<tr><th class=\"name\">swings</th><td id=\"season-swings\">\(swings)</td></tr>"
        if ratedSwings > 0 {
            text += "<tr><th class=\"name\">contact</th><td id=\"season-contacts\">\(contacts) of \(ratedSwings) "
                + String(format: "(%.0f %%)", 100 * Double(contacts) / Double(ratedSwings)) + "</td></tr>"
        }
        let allTTC = Spread(readable.compactMap(\.timeToContact).map(\.median))
        if let allTTC {
            text += "<tr><th class=\"name\">time to contact, median of session medians</th><td>"
                + String(format: "%.0f ms", allTTC.median * 1000) + "</td></tr>"
        }
        return text + "</table>\n"
    }

    private func bestAndWorst() -> String {
        let ranked = SessionSummary.ranked(sessions)
        guard ranked.count >= 2 else { return "" }
        let shown = max(1, min(3, ranked.count / 2))
        func table(_ title: String, _ cls: String, _ rows: ArraySlice<SessionSummary>) -> String {
            var text = "<div><h2 class=\"\(cls)\">\(title)</h2><table id=\"\(cls)-sessions\"><tr>"
                + "<th class=\"name\">session</th><th>swings</th><th>contact</th><th>time to contact</th></tr>"
            for session in rows {
                text += "<tr><td class=\"name\">\(link(session))</td><td>\(session.swings)</td>"
                    + "<td>\(Self.percent(session.contactRate))</td>"
                    + "<td>\(session.timeToContact.map { String(format: "%.0f ms", $0.median * 1000) } ?? "—")</td></tr>"
            }
            return text + "</table></div>"
        }
        return "<div class=\"ranks\">" + table("Best sessions", "best", ranked.prefix(shown))
            + table("Worst sessions", "worst", ranked.suffix(shown).reversed()[...]) + "</div>\n"
            + "<div class=\"muted\">Ranked by contact rate, then by the shorter median time to contact; sessions "
            + "with at least \(SessionSummary.minimumRankedSwings) swings.</div>\n"
    }

    private func plots() -> String {
        let x = positions
        let (unit, scale): (String, Double) =
            isDated ? ("days since \(Self.day(sessions.compactMap(\.startDate).min()!))", 1) : ("session", 1)
        let range = ((x.min() ?? 1) - 0.5)...((x.max() ?? 1) + 0.5)
        func plot(_ id: String, _ title: String, _ yLabel: String) -> SVGPlot {
            var plot = SVGPlot(identifier: id, title: title, yLabel: yLabel, width: 860, height: 220)
            plot.timeRange = range
            plot.timeScale = scale
            plot.timeUnit = unit
            return plot
        }
        func indexed(_ value: (SessionSummary) -> Double?) -> (times: [Double], values: [Double]) {
            var times: [Double] = []
            var values: [Double] = []
            for (position, session) in zip(x, sessions) {
                guard let v = value(session) else { continue }
                times.append(position)
                values.append(v)
            }
            return (times, values)
        }
        /// One value per session as points on a short plot.
        func pointPlot(_ base: SVGPlot, label: String, color: String, _ series: (times: [Double], values: [Double]))
            -> String
        {
            var plot = base
            plot.height = 170
            plot.traces = [
                SVGPlot.Trace(label: label, color: color, times: series.times, values: series.values, pointRadius: 2.5)
            ]
            return plot.render()
        }
        var html = "<h2>Over the season</h2>"
        let swings = indexed { $0.error == nil ? Double($0.swings) : nil }
        let rate = indexed { $0.contactRate.map { $0 * 100 } }
        html += pointPlot(plot("season-swings", "Swings per session", "swings"), label: "swings", color: "#4a7bd0", swings)
        if !rate.values.isEmpty {
            html += pointPlot(
                plot("season-contact", "Contact rate per session", "%"), label: "contact rate", color: "#0a7d2c", rate)
        }
        html += spreadPlot(plot("season-ttc", "Time to contact per session: median and quartiles", "ms"),
            label: "time to contact", color: "#c0392b", scale: 1000, \.timeToContact)
        html += spreadPlot(plot("season-peak", "Peak rotation rate per session: median and quartiles", "rad/s"),
            label: "peak rotation rate", color: "#7b3fb5", scale: 1, \.peakRotationRate)
        return html
    }

    private func spreadPlot(
        _ base: SVGPlot, label: String, color: String, scale: Double, _ spread: KeyPath<SessionSummary, Spread?>
    ) -> String {
        var plot = base
        var band = SVGPlot.Band(color: color, times: [], lower: [], upper: [])
        var median: [Double] = []
        for (position, session) in zip(positions, sessions) {
            guard let s = session[keyPath: spread] else { continue }
            band.times.append(position)
            band.lower.append(s.lowerQuartile * scale)
            band.upper.append(s.upperQuartile * scale)
            median.append(s.median * scale)
        }
        guard !median.isEmpty else { return "" }
        plot.bands = [band]
        plot.traces = [
            SVGPlot.Trace(
                label: "\(label), median (band: quartiles)", color: color, times: band.times, values: median,
                strokeWidth: 1.6, pointRadius: 2.5)
        ]
        return plot.render()
    }

    private func sessionsTable() -> String {
        var text = "<h2>Sessions</h2><table id=\"sessions\"><tr><th>#</th><th class=\"name\">recording</th>"
            + (isDated ? "<th>date</th>" : "")
            + "<th>duration</th><th>swings</th><th>contact</th><th>contact rate</th>"
            + "<th>time to contact, median (quartiles)</th><th>peak ω, median (quartiles)</th></tr>\n"
        for (index, session) in sessions.enumerated() {
            text += "<tr\(dataAttributes(session))><td>\(index + 1)</td><td class=\"name\">\(link(session))"
            if let error = session.error { text += "<div class=\"error\">\(SVGPlot.escape(error))</div>" }
            text += "</td>"
            if isDated { text += "<td>\(session.startDate.map(Self.day) ?? "—")</td>" }
            text += "<td>\(session.duration.map { String(format: "%.0f s", $0) } ?? "—")</td>"
            if session.error != nil {
                text += "<td>—</td><td>—</td><td>—</td><td>—</td><td>—</td></tr>\n"
                continue
            }
            let impactsOnly = session.dataCase == "accelerometerOnly"
            text += "<td>\(session.swings)\(impactsOnly ? " impacts" : "")</td>"
                + "<td>\(impactsOnly ? "—" : String(session.contacts))</td>"
                + "<td>\(Self.percent(session.contactRate))</td>"
                + "<td>\(Self.spread(session.timeToContact, scale: 1000, format: "%.0f", unit: " ms"))</td>"
                + "<td>\(Self.spread(session.peakRotationRate, scale: 1, format: "%.1f", unit: " rad/s"))</td></tr>\n"
        }
        return text + "</table>\n"
    }

    /// The row's figures at full precision, for tools and tests.
    private func dataAttributes(_ session: SessionSummary) -> String {
        var attributes = [("recording", SVGPlot.escape(session.recording))]
        if session.error == nil {
            attributes += [("swings", "\(session.swings)"), ("contacts", "\(session.contacts)")]
        }
        func add(_ name: String, _ value: Double?) {
            if let value { attributes.append((name, String(format: "%.17g", value))) }
        }
        add("contact-rate", session.contactRate)
        add("ttc-median", session.timeToContact?.median)
        add("ttc-q1", session.timeToContact?.lowerQuartile)
        add("ttc-q3", session.timeToContact?.upperQuartile)
        add("peak-median", session.peakRotationRate?.median)
        add("peak-q1", session.peakRotationRate?.lowerQuartile)
        add("peak-q3", session.peakRotationRate?.upperQuartile)
        return attributes.map { " data-\($0.0)=\"\($0.1)\"" }.joined()
    }

    /// The session's name on the page: its path without the folder all the sessions share (the full path is the
    /// link's tooltip).
    private func link(_ session: SessionSummary) -> String {
        let shown = session.recording.hasPrefix(commonFolder)
            ? String(session.recording.dropFirst(commonFolder.count)) : session.recording
        return "<a href=\"\(SVGPlot.escape(session.reportLink))\" title=\"\(SVGPlot.escape(session.recording))\">"
            + "\(SVGPlot.escape(shown))</a>"
    }

    /// The longest folder prefix (ending in `/`) of every session's path; empty when they share none.
    var commonFolder: String {
        guard let first = sessions.first?.recording else { return "" }
        var prefix = Substring(first)
        for session in sessions.dropFirst() {
            prefix = prefix.commonPrefix(with: session.recording)[...]
        }
        guard let slash = prefix.lastIndex(of: "/") else { return "" }
        return String(prefix[...slash])
    }

    private static func percent(_ rate: Double?) -> String {
        rate.map { String(format: "%.0f %%", $0 * 100) } ?? "—"
    }

    private static func spread(_ spread: Spread?, scale: Double, format: String, unit: String) -> String {
        guard let spread else { return "—" }
        return String(format: format, spread.median * scale) + unit + " ("
            + String(format: format, spread.lowerQuartile * scale) + "–"
            + String(format: format, spread.upperQuartile * scale) + ")"
    }

    /// `yyyy-MM-dd HH:mm` in UTC.
    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
