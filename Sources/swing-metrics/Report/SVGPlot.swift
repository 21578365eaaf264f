import Foundation

/// A small, dependency-free SVG line chart for the HTML report: one or more traces over a shared time axis,
/// vertical markers (impact, onset) and a horizontal span annotation (time to contact).
struct SVGPlot {
    struct Trace {
        var label: String
        var color: String
        /// Sample times, s.
        var times: [Double]
        var values: [Double]
        var strokeWidth: Double = 1.2
        /// Radius of a dot drawn at every point (0: none), so a trace of one point still shows.
        var pointRadius: Double = 0
    }

    /// A filled area between a lower and an upper value per time (e.g. the quartiles around a median).
    struct Band {
        var color: String
        var times: [Double]
        var lower: [Double]
        var upper: [Double]
    }

    struct Marker {
        var time: Double
        var label: String
        var color: String
    }

    /// A bracket between two times drawn above the traces, e.g. "time to contact 162 ms".
    struct Span {
        var from: Double
        var to: Double
        var label: String
        var color: String
    }

    /// Unique within the HTML page (used for the clip path's id).
    var identifier: String
    var title: String
    var yLabel: String
    var width = 720.0
    var height = 220.0
    var traces: [Trace] = []
    var markers: [Marker] = []
    var spans: [Span] = []
    /// Time shown at the left and right edges, s (defaults to the traces' extent).
    var timeRange: ClosedRange<Double>?
    /// Times are labelled relative to this instant (e.g. the impact), in ms.
    var timeOrigin: Double = 0
    /// Bands, drawn under the traces.
    var bands: [Band] = []
    /// Time labels are (time − timeOrigin) × timeScale, in timeUnit (default: ms from seconds).
    var timeScale = 1000.0
    var timeUnit = "ms"

    private let margin = (left: 58.0, right: 12.0, top: 34.0, bottom: 34.0)

    func render() -> String {
        let allTimes = traces.flatMap(\.times)
        let t0 = timeRange?.lowerBound ?? allTimes.min() ?? 0
        var t1 = timeRange?.upperBound ?? allTimes.max() ?? 1
        if t1 <= t0 { t1 = t0 + 1 }
        var visible: [Double] = []
        for trace in traces {
            for (t, v) in zip(trace.times, trace.values) where t >= t0 && t <= t1 && v.isFinite { visible.append(v) }
        }
        for band in bands {
            for (t, (low, high)) in zip(band.times, zip(band.lower, band.upper))
            where t >= t0 && t <= t1 && low.isFinite && high.isFinite { visible += [low, high] }
        }
        var (v0, v1) = (visible.min() ?? -1, visible.max() ?? 1)
        if v1 - v0 < 1e-9 { (v0, v1) = (v0 - 1, v1 + 1) }
        let pad = 0.06 * (v1 - v0)
        (v0, v1) = (v0 - pad, v1 + pad)

        let plotWidth = width - margin.left - margin.right
        let plotHeight = height - margin.top - margin.bottom
        func x(_ t: Double) -> Double { margin.left + (t - t0) / (t1 - t0) * plotWidth }
        func y(_ v: Double) -> Double { margin.top + (1 - (v - v0) / (v1 - v0)) * plotHeight }
        func f(_ d: Double) -> String { String(format: "%.1f", d) }

        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(f(width)) \(f(height))" \
            width="\(f(width))" height="\(f(height))" role="img" aria-label="\(Self.escape(title))">
            <rect x="0" y="0" width="\(f(width))" height="\(f(height))" fill="#fff"/>
            <text x="\(f(margin.left))" y="16" font-size="13" font-weight="600">\(Self.escape(title))</text>

            """
        // Grid and axis ticks.
        for tick in Self.ticks(v0, v1, count: 4) {
            svg += "<line x1=\"\(f(margin.left))\" x2=\"\(f(width - margin.right))\" y1=\"\(f(y(tick)))\" "
                + "y2=\"\(f(y(tick)))\" stroke=\"#e5e5e5\"/>"
            svg += "<text x=\"\(f(margin.left - 6))\" y=\"\(f(y(tick) + 4))\" font-size=\"10\" "
                + "text-anchor=\"end\" fill=\"#555\">\(Self.number(tick))</text>\n"
        }
        for tick in Self.ticks((t0 - timeOrigin) * timeScale, (t1 - timeOrigin) * timeScale, count: 6) {
            let tx = x(tick / timeScale + timeOrigin)
            svg += "<line x1=\"\(f(tx))\" x2=\"\(f(tx))\" y1=\"\(f(margin.top))\" "
                + "y2=\"\(f(height - margin.bottom))\" stroke=\"#f0f0f0\"/>"
            svg += "<text x=\"\(f(tx))\" y=\"\(f(height - margin.bottom + 14))\" font-size=\"10\" "
                + "text-anchor=\"middle\" fill=\"#555\">\(Self.number(tick))</text>\n"
        }
        svg += "<text x=\"\(f(width - margin.right))\" y=\"\(f(height - 4))\" font-size=\"10\" "
            + "text-anchor=\"end\" fill=\"#555\">\(Self.escape(timeUnit))</text>"
        svg += "<text x=\"12\" y=\"\(f(margin.top + plotHeight / 2))\" font-size=\"10\" fill=\"#555\" "
            + "transform=\"rotate(-90 12 \(f(margin.top + plotHeight / 2)))\" text-anchor=\"middle\">"
            + "\(Self.escape(yLabel))</text>\n"
        svg += "<rect x=\"\(f(margin.left))\" y=\"\(f(margin.top))\" width=\"\(f(plotWidth))\" "
            + "height=\"\(f(plotHeight))\" fill=\"none\" stroke=\"#999\"/>\n"

        // Traces, clipped to the plot area.
        let clipID = "clip-\(identifier)"
        svg += "<clipPath id=\"\(clipID)\"><rect x=\"\(f(margin.left))\" y=\"\(f(margin.top))\" "
            + "width=\"\(f(plotWidth))\" height=\"\(f(plotHeight))\"/></clipPath>\n"
        for band in bands {
            var upper: [String] = []
            var lower: [String] = []
            for (t, (low, high)) in zip(band.times, zip(band.lower, band.upper))
            where t >= t0 && t <= t1 && low.isFinite && high.isFinite {
                upper.append("\(f(x(t))),\(f(y(high)))")
                lower.append("\(f(x(t))),\(f(y(low)))")
            }
            guard !upper.isEmpty else { continue }
            svg += "<polygon clip-path=\"url(#\(clipID))\" fill=\"\(band.color)\" fill-opacity=\"0.22\" "
                + "stroke=\"\(band.color)\" stroke-opacity=\"0.4\" stroke-width=\"0.8\" "
                + "points=\"\((upper + lower.reversed()).joined(separator: " "))\"/>\n"
        }
        for trace in traces {
            var points = ""
            for (t, v) in zip(trace.times, trace.values) where t >= t0 && t <= t1 && v.isFinite {
                points += "\(f(x(t))),\(f(y(v))) "
            }
            svg += "<polyline clip-path=\"url(#\(clipID))\" fill=\"none\" stroke=\"\(trace.color)\" "
                + "stroke-width=\"\(trace.strokeWidth)\" points=\"\(points)\"/>\n"
            guard trace.pointRadius > 0 else { continue }
            for (t, v) in zip(trace.times, trace.values) where t >= t0 && t <= t1 && v.isFinite {
                svg += "<circle cx=\"\(f(x(t)))\" cy=\"\(f(y(v)))\" r=\"\(f(trace.pointRadius))\" "
                    + "fill=\"\(trace.color)\"/>"
            }
            svg += "\n"
        }
        for marker in markers where marker.time >= t0 && marker.time <= t1 {
            let mx = x(marker.time)
            svg += "<line x1=\"\(f(mx))\" x2=\"\(f(mx))\" y1=\"\(f(margin.top))\" y2=\"\(f(height - margin.bottom))\" "
                + "stroke=\"\(marker.color)\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>"
            svg += "<text x=\"\(f(mx + 3))\" y=\"\(f(margin.top + 11))\" font-size=\"10\" "
                + "fill=\"\(marker.color)\">\(Self.escape(marker.label))</text>\n"
        }
        for span in spans {
            let (a, b) = (x(max(span.from, t0)), x(min(span.to, t1)))
            let sy = margin.top - 8
            svg += "<line x1=\"\(f(a))\" x2=\"\(f(b))\" y1=\"\(f(sy))\" y2=\"\(f(sy))\" stroke=\"\(span.color)\" "
                + "stroke-width=\"1.5\"/>"
            svg += "<line x1=\"\(f(a))\" x2=\"\(f(a))\" y1=\"\(f(sy - 4))\" y2=\"\(f(sy + 4))\" stroke=\"\(span.color)\"/>"
            svg += "<line x1=\"\(f(b))\" x2=\"\(f(b))\" y1=\"\(f(sy - 4))\" y2=\"\(f(sy + 4))\" stroke=\"\(span.color)\"/>"
            svg += "<text x=\"\(f((a + b) / 2))\" y=\"\(f(sy - 4))\" font-size=\"10\" text-anchor=\"middle\" "
                + "fill=\"\(span.color)\">\(Self.escape(span.label))</text>\n"
        }
        // Legend.
        var legendX = width - margin.right
        for trace in traces.reversed() {
            let textWidth = Double(trace.label.count) * 6 + 22
            legendX -= textWidth
            svg += "<line x1=\"\(f(legendX))\" x2=\"\(f(legendX + 14))\" y1=\"12\" y2=\"12\" stroke=\"\(trace.color)\" "
                + "stroke-width=\"2\"/><text x=\"\(f(legendX + 17))\" y=\"16\" font-size=\"10\">"
                + "\(Self.escape(trace.label))</text>\n"
        }
        svg += "</svg>"
        return svg
    }

    /// About `count` round tick values covering [low, high].
    static func ticks(_ low: Double, _ high: Double, count: Int) -> [Double] {
        guard high > low, count > 0 else { return [low] }
        let raw = (high - low) / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        var tick = ceil(low / step) * step
        var result: [Double] = []
        while tick <= high + step * 1e-9 {
            result.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        return result
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
