import Foundation
import MotionRecording
import SwingAnalysis

/// A self-contained HTML report for one analysed recording: session summary, time-to-contact distribution, and for
/// every swing time-aligned traces like Apple's figures — raw and high-passed 800 Hz accelerometer z with the impact
/// marked, rotation along gravity with the onset marked and the time to contact annotated — and the hygiene
/// findings. Inline SVG and CSS only: no scripts, no network access.
///
/// The traces are the signals the analysis read (``AnalysisSignals``): the impact detector's high-pass of the
/// accelerometer and its statistic, and the rotation along gravity as the swing logic derives it (from the recorded
/// gravity, else from the attitude, else |rotation rate|).
struct HTMLReport {
    let analysis: RecordingAnalysis
    /// The configuration the analysis ran with (its impact high-pass is plotted).
    let configuration: SwingAnalyzerConfiguration
    /// Accelerometer and device-motion sample counts for the summary, `nil` for a stream the recording lacks.
    let accelerometerCount: Int?
    let deviceMotionCount: Int?
    /// Every swing's traces, read from the recording over the swing's window only.
    let traces: SwingTraces
    /// The workout section (activity segments, cadence, swings on one time axis), when the workout was analysed.
    var timeline: String?

    /// Reads the swings' traces from `source`, the recording the analysis read (memory-mapped or in memory).
    init(analysis: RecordingAnalysis, source: RecordingSource, configuration: SwingAnalyzerConfiguration) {
        self.analysis = analysis
        self.configuration = configuration
        switch source.storage {
        case .inMemory(let recording):
            accelerometerCount = recording.accelerometer?.count
            deviceMotionCount = recording.deviceMotion?.count
        case .mapped(let file):
            accelerometerCount = file.hasAccelerometer ? file.accelerometerCount : nil
            deviceMotionCount = file.hasDeviceMotion ? file.deviceMotionCount : nil
        }
        traces = SwingTraces(swings: analysis.swings, source: source, configuration: configuration)
    }

    /// A report of a recording in memory.
    init(analysis: RecordingAnalysis, recording: Recording, configuration: SwingAnalyzerConfiguration) {
        self.init(analysis: analysis, source: RecordingSource(recording), configuration: configuration)
    }

    func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"/>
            <title>Swing report — \(SVGPlot.escape(analysis.recording))</title>
            <style>
            body { font: 14px/1.45 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 24px auto;
                   max-width: 780px; color: #222; }
            h1 { font-size: 20px; margin-bottom: 4px; } h2 { font-size: 16px; margin-top: 28px; }
            .muted { color: #666; } table { border-collapse: collapse; margin: 8px 0; }
            td, th { padding: 3px 10px; text-align: right; border-bottom: 1px solid #eee; }
            th { font-weight: 600; border-bottom: 1px solid #bbb; }
            .swing { border-top: 1px solid #ddd; margin-top: 18px; padding-top: 6px; }
            .hit { color: #0a7d2c; font-weight: 600; } .miss { color: #b3261e; font-weight: 600; }
            svg { display: block; margin: 6px 0; }
            </style></head><body>
            <h1>Swing report</h1>
            <div class="muted">\(SVGPlot.escape(analysis.recording))</div>

            """
        html += summary()
        html += timeline ?? ""
        html += swingsTable()
        html += distribution()
        for (index, swing) in analysis.swings.enumerated() { html += swingSection(index, swing) }
        html += hygiene()
        html += "</body></html>\n"
        return html
    }

    private func summary() -> String {
        let hits = analysis.swings.filter { $0.contact == true }.count
        let unknown = analysis.swings.filter { $0.contact == nil }.count
        let ttc = analysis.swings.compactMap(\.timeToContact).sorted()
        var text = "<h2>Session</h2><table>"
        func row(_ name: String, _ value: String) { text += "<tr><th>\(name)</th><td>\(value)</td></tr>" }
        row("duration", analysis.duration.map { String(format: "%.1f s", $0) } ?? "—")
        row("data", SVGPlot.escape(analysis.dataCase ?? "—"))
        if let count = accelerometerCount { row("accelerometer", "\(count) samples") }
        if let count = deviceMotionCount { row("device motion", "\(count) samples") }
        if impactsOnly {
            row("impacts", "\(analysis.swings.count) (accelerometer only: no swing start or time to contact)")
        } else {
            row("swings", "\(analysis.swings.count)")
            row("contact", "\(hits)")
            row("no contact", "\(analysis.swings.count - hits - unknown)")
            if unknown > 0 { row("contact unknown", "\(unknown) (accelerometer does not cover them)") }
        }
        if let spread = Spread(ttc) {
            // The season page's median (numpy's linear percentile): an even count gives the two middle values' mean.
            row("time to contact, median", String(format: "%.0f ms", spread.median * 1000))
            row("time to contact, range", String(format: "%.0f–%.0f ms", ttc.first! * 1000, ttc.last! * 1000))
        }
        return text + "</table>\n"
    }

    /// Whether any swing has head measures (a headphone stream covered it): the swings table then has head columns.
    private var hasHeadMotion: Bool { analysis.swings.contains { $0.headRotation != nil } }

    /// The swing's head measures as one line (class `head-motion`), or nothing when it has none.
    static func headMotionLine(_ swing: Swing) -> String {
        guard let rotation = swing.headRotation else { return "" }
        var line = String(format: "head turned %.1f° from start to impact", rotation)
        if let still = swing.headStill { line += still ? " (still)" : " (moved)" }
        if let peak = swing.headPeakRate { line += String(format: ", peak %.0f°/s", peak) }
        if let last = swing.headRotationBeforeImpact {
            line += String(format: ", %.1f° in the last 0.1 s before impact", last)
        }
        return "<div class=\"head-motion\">\(line)</div>"
    }

    /// Accelerometer-only data: every event is an impact without a swing start (SwingDataCase.accelerometerOnly).
    private var impactsOnly: Bool { analysis.dataCase == "accelerometerOnly" }

    private func swingsTable() -> String {
        guard !analysis.swings.isEmpty else { return "<p>No swings found.</p>\n" }
        if impactsOnly {
            var text = "<table><tr><th>#</th><th>impact (s)</th><th>impact peak (g)</th></tr>"
            for (index, swing) in analysis.swings.enumerated() {
                text += "<tr><td><a href=\"#swing-\(index + 1)\">\(index + 1)</a></td>"
                    + "<td>\(swing.impact.map { String(format: "%.3f", $0) } ?? "—")</td>"
                    + "<td>\(swing.impactPeak.map { String(format: "%.1f", $0) } ?? "—")</td></tr>"
            }
            return text + "</table>\n"
        }
        var text = "<table><tr><th>#</th><th>start (s)</th><th>impact (s)</th><th>time to contact</th>"
            + "<th>result</th><th>peak ω (rad/s)</th>" + (hasHeadMotion ? "<th>head (°)</th><th>head</th>" : "")
            + "</tr>"
        for (index, swing) in analysis.swings.enumerated() {
            text += "<tr><td><a href=\"#swing-\(index + 1)\">\(index + 1)</a></td>"
                + "<td>\(String(format: "%.3f", swing.start))</td>"
                + "<td>\(swing.impact.map { String(format: "%.3f", $0) } ?? "—")</td>"
                + "<td>\(swing.timeToContact.map { String(format: "%.0f ms", $0 * 1000) } ?? "—")</td>"
                + "<td class=\"\(Self.contactClass(swing))\">\(Self.contactText(swing))</td>"
                + "<td>\(String(format: "%.1f", swing.peakRotationRate))</td>"
            if hasHeadMotion {
                let rotation = swing.headRotation.map { String(format: "%.1f", $0) } ?? "—"
                text += "<td class=\"head-rotation\">\(rotation)</td>"
                    + "<td>\(swing.headStill.map { $0 ? "still" : "moved" } ?? "—")</td>"
            }
            text += "</tr>"
        }
        return text + "</table>\n"
    }

    /// Histogram of times to contact in 10 ms bins.
    private func distribution() -> String {
        let ttc = analysis.swings.compactMap(\.timeToContact).map { $0 * 1000 }
        guard !ttc.isEmpty else { return "" }
        let binWidth = 10.0
        let low = floor(ttc.min()! / binWidth) * binWidth
        let high = max(low + binWidth, ceil((ttc.max()! + 1e-9) / binWidth) * binWidth)
        let binCount = Int(((high - low) / binWidth).rounded())
        var counts = [Int](repeating: 0, count: binCount)
        for value in ttc { counts[min(binCount - 1, Int((value - low) / binWidth))] += 1 }
        let (width, height, left, bottom) = (720.0, 150.0, 40.0, 26.0)
        let barWidth = (width - left - 10) / Double(binCount)
        let maxCount = Double(counts.max() ?? 1)
        var svg = "<h2>Time to contact</h2><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" "
            + "height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" "
            + "aria-label=\"time to contact histogram\">"
        for (index, count) in counts.enumerated() {
            let barHeight = (height - bottom - 12) * Double(count) / maxCount
            let x = left + Double(index) * barWidth
            svg += String(
                format: "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7bd0\"/>",
                x + 1, height - bottom - barHeight, barWidth - 2, barHeight)
            if count > 0 {
                svg += String(
                    format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">%d</text>",
                    x + barWidth / 2, height - bottom - barHeight - 2, count)
            }
            svg += String(
                format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">%.0f</text>",
                x, height - bottom + 14, low + Double(index) * binWidth)
        }
        svg += String(
            format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" fill=\"#555\">ms</text>",
            width - 4, height - 4)
        return svg + "</svg>\n"
    }

    private func swingSection(_ index: Int, _ swing: Swing) -> String {
        let window = SwingTraces.window(of: swing)
        let origin = swing.impact ?? swing.start
        if impactsOnly {
            return impactSection(index, swing, window: window, origin: origin)
        }
        var html = "<div class=\"swing\" id=\"swing-\(index + 1)\"><h2>Swing \(index + 1) — "
            + "<span class=\"\(Self.contactClass(swing))\">\(Self.contactText(swing))</span>"
        if let ttc = swing.timeToContact { html += String(format: ", time to contact %.0f ms", ttc * 1000) }
        html += "</h2><div class=\"muted\">times in ms relative to the \(swing.impact == nil ? "start" : "impact")</div>"
        html += Self.headMotionLine(swing)

        if traces.accelerometer.indices.contains(index) {
            html += accelerometerPlot(index, traces.accelerometer[index], window: window, origin: origin, impact: swing.impact)
        }
        if traces.rotation.indices.contains(index) {
            let rotation = traces.rotation[index]
            let label = rotationLabel
            var plot = SVGPlot(
                identifier: "r\(index)", title: label + Self.rateLabel(rotation.times), yLabel: "rad/s", timeRange: window,
                timeOrigin: origin)
            plot.traces = [
                SVGPlot.Trace(
                    label: label, color: "#7b3fb5", times: rotation.times, values: rotation.values.map { Double($0) })
            ]
            plot.markers.append(SVGPlot.Marker(time: swing.start, label: "start", color: "#0a7d2c"))
            if let impact = swing.impact {
                plot.markers.append(SVGPlot.Marker(time: impact, label: "impact", color: "#c0392b"))
                plot.spans.append(
                    SVGPlot.Span(
                        from: swing.start, to: impact,
                        label: String(format: "time to contact %.0f ms", (impact - swing.start) * 1000),
                        color: "#333"))
            }
            html += plot.render()
        }
        return html + "</div>\n"
    }

    /// " (800 Hz)": the rate of a plot's samples from their median spacing (a Sensor Logger watch export runs at
    /// 100 Hz, not the batched 800 and 200 Hz), to the nearest 1 Hz; empty with fewer than two samples.
    static func rateLabel(_ times: [Double]) -> String {
        guard times.count >= 2 else { return "" }
        let spacings = zip(times.dropFirst(), times).map { $0 - $1 }.sorted()
        let median = spacings[spacings.count / 2]
        return median > 0 ? String(format: " (%.0f Hz)", 1 / median) : ""
    }

    /// Raw z, the detector's high-passed z and its statistic |high-passed| over `window`, with the impact marked.
    private func accelerometerPlot(
        _ index: Int, _ samples: SwingTraces.AccelerometerWindow, window: ClosedRange<Double>, origin: Double,
        impact: Double?
    ) -> String {
        var plot = SVGPlot(
            identifier: "a\(index)", title: "Accelerometer" + Self.rateLabel(samples.times), yLabel: "g", timeRange: window,
            timeOrigin: origin)
        plot.traces = [
            SVGPlot.Trace(label: "raw z", color: "#9aa5b1", times: samples.times, values: samples.rawZ.map { Double($0) })
        ]
        if let highPassedZ = samples.highPassedZ, let statistic = samples.statistic {
            let cutoff = String(format: "%g", configuration.impactHighPassCutoff)
            plot.traces.append(
                SVGPlot.Trace(
                    label: "high-pass \(cutoff) Hz z", color: "#1f5fbf", times: samples.times,
                    values: highPassedZ.map { Double($0) }))
            plot.traces.append(
                SVGPlot.Trace(
                    label: "impact statistic |high-pass|", color: "#d35400", times: samples.times,
                    values: statistic.map { Double($0) }))
        }
        if let impact { plot.markers.append(SVGPlot.Marker(time: impact, label: "impact", color: "#c0392b")) }
        return plot.render()
    }

    /// An impact of accelerometer-only data: the accelerometer trace only.
    private func impactSection(_ index: Int, _ swing: Swing, window: ClosedRange<Double>, origin: Double) -> String {
        var html = "<div class=\"swing\" id=\"swing-\(index + 1)\"><h2>Impact \(index + 1)"
        if let peak = swing.impactPeak { html += String(format: " — %.1f g", peak) }
        html += "</h2><div class=\"muted\">times in ms relative to the impact</div>"
        if traces.accelerometer.indices.contains(index) {
            html += accelerometerPlot(index, traces.accelerometer[index], window: window, origin: origin, impact: swing.impact)
        }
        return html + "</div>\n"
    }

    /// The rotation plot's label: what the swing logic measures rotation against.
    private var rotationLabel: String {
        switch traces.rotationReference {
        case .gravity: "rotation along gravity"
        case .attitude: "rotation along gravity (from attitude)"
        case .magnitude: "|rotation rate| (no gravity recorded)"
        case nil: "rotation rate"
        }
    }

    private func hygiene() -> String {
        guard !analysis.issues.isEmpty else { return "<h2>Data hygiene</h2><p>No findings.</p>\n" }
        return "<h2>Data hygiene</h2><ul>"
            + analysis.issues.map { "<li>\(SVGPlot.escape($0.description))</li>" }.joined() + "</ul>\n"
    }

    /// The swing's contact as a CSS class and as words: unknown where the accelerometer does not cover it.
    static func contactClass(_ swing: Swing) -> String {
        swing.contact.map { $0 ? "hit" : "miss" } ?? "unknown"
    }

    static func contactText(_ swing: Swing) -> String {
        swing.contact.map { $0 ? "contact" : "no contact" } ?? "contact unknown"
    }
}
