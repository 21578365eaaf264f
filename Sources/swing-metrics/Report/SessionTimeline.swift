import Foundation
import WorkoutAnalysis

/// The HTML report's session timeline: activity segments, cadence and swings on one time axis (inline SVG).
///
/// Three rows share the axis, in seconds from the first sample: the segments as coloured bands (labelled where they
/// are wide enough; confidence in the tooltip), the cadence in steps/s of every second of a walking or running
/// segment (the window's step frequency, the quantity the step count integrates), and the swings — kept ones as
/// green ticks, those the swing gate left out as grey crosses with the reason in the tooltip.
struct SessionTimeline {
    var segments: [ActivitySegment]
    /// (second of the recording clock, steps/s) for every second inside a walking or running segment.
    var cadence: [(time: Double, stepsPerSecond: Double)]
    /// Impact (else start) times of the swings kept, s on the recording's clock.
    var keptSwings: [Double]
    /// Impact (else start) times and reasons of the swings left out.
    var leftOutSwings: [(time: Double, reason: String)]
    /// First and last sample, s on the recording's clock.
    var start: Double
    var end: Double

    var width = 720.0

    /// Fill colour per activity (colour-blind-safe Okabe–Ito palette; unknown in grey).
    static let colors: [Activity: String] = [
        .stationary: "#bdbdbd", .walking: "#56b4e9", .running: "#0072b2", .cycling: "#009e73",
        .swimming: "#cc79a7", .swingSport: "#e69f00", .unknown: "#eeeeee",
    ]

    private static let margin = (left: 58.0, right: 12.0)
    private static let rows = (segments: 34.0...64.0, cadence: 84.0...164.0, swings: 180.0...200.0, axis: 216.0)
    private static let height = 262.0

    func render() -> String {
        let plotWidth = width - Self.margin.left - Self.margin.right
        let span = max(end - start, 1)
        func x(_ t: Double) -> Double { Self.margin.left + (t - start) / span * plotWidth }
        func f(_ d: Double) -> String { String(format: "%.1f", d) }
        let rows = Self.rows
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(f(width)) \(f(Self.height))" \
            width="\(f(width))" height="\(f(Self.height))" role="img" aria-label="session timeline">
            <rect x="0" y="0" width="\(f(width))" height="\(f(Self.height))" fill="#fff"/>
            <text x="\(f(Self.margin.left))" y="16" font-size="13" font-weight="600">Activities, cadence and swings</text>

            """
        // Row labels.
        for (label, y) in [
            ("activity", (rows.segments.lowerBound + rows.segments.upperBound) / 2),
            ("steps/s", (rows.cadence.lowerBound + rows.cadence.upperBound) / 2),
            ("swings", (rows.swings.lowerBound + rows.swings.upperBound) / 2),
        ] {
            svg += "<text x=\"\(f(Self.margin.left - 6))\" y=\"\(f(y + 4))\" font-size=\"10\" text-anchor=\"end\" "
                + "fill=\"#555\">\(label)</text>\n"
        }
        // Segments.
        for segment in segments {
            let (a, b) = (x(segment.start), x(segment.end))
            let color = Self.colors[segment.activity] ?? "#eeeeee"
            svg += "<rect class=\"segment\" data-activity=\"\(segment.activity.rawValue)\" x=\"\(f(a))\" "
                + "y=\"\(f(rows.segments.lowerBound))\" width=\"\(f(max(b - a, 0.5)))\" "
                + "height=\"\(f(rows.segments.upperBound - rows.segments.lowerBound))\" fill=\"\(color)\" "
                + "stroke=\"#fff\" stroke-width=\"0.5\"><title>"
                + segment.activity.rawValue
                + String(format: " %.1f–%.1f s, confidence %.2f", segment.start - start, segment.end - start,
                    segment.confidence)
                + "</title></rect>"
            let label = segment.activity.rawValue
            if b - a >= Double(label.count) * 6 + 6 {
                svg += "<text x=\"\(f((a + b) / 2))\" y=\"\(f(rows.segments.lowerBound + 19))\" font-size=\"10\" "
                    + "text-anchor=\"middle\" fill=\"#222\">\(label)</text>"
            }
            svg += "\n"
        }
        // Cadence: one polyline per run of consecutive seconds, on a fixed 0–4 steps/s scale (walking ≈ 1.6–2.2,
        // running ≈ 2.5–3.3).
        let cadenceTop = 4.0
        func y(_ v: Double) -> Double {
            rows.cadence.upperBound - min(v, cadenceTop) / cadenceTop * (rows.cadence.upperBound - rows.cadence.lowerBound)
        }
        for tick in [0.0, 1, 2, 3, 4] {
            svg += "<line x1=\"\(f(Self.margin.left))\" x2=\"\(f(width - Self.margin.right))\" y1=\"\(f(y(tick)))\" "
                + "y2=\"\(f(y(tick)))\" stroke=\"#ececec\"/><text x=\"\(f(Self.margin.left + 3))\" "
                + "y=\"\(f(y(tick) - 2))\" font-size=\"9\" fill=\"#888\">\(Int(tick))</text>\n"
        }
        var run: [(time: Double, stepsPerSecond: Double)] = []
        func flush() {
            defer { run.removeAll() }
            guard !run.isEmpty else { return }
            let points = run.map { "\(f(x($0.time))),\(f(y($0.stepsPerSecond)))" }.joined(separator: " ")
            svg += "<polyline class=\"cadence\" fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"1.5\" "
                + "points=\"\(points)\"/>\n"
        }
        for point in cadence {
            if let last = run.last, point.time - last.time > 1.5 { flush() }
            run.append(point)
        }
        flush()
        // Swings.
        let swingMid = (rows.swings.lowerBound + rows.swings.upperBound) / 2
        for t in keptSwings {
            svg += "<line class=\"swing-kept\" x1=\"\(f(x(t)))\" x2=\"\(f(x(t)))\" y1=\"\(f(rows.swings.lowerBound))\" "
                + "y2=\"\(f(rows.swings.upperBound))\" stroke=\"#0a7d2c\" stroke-width=\"1.5\">"
                + String(format: "<title>swing at %.2f s</title></line>\n", t - start)
        }
        for (t, reason) in leftOutSwings {
            let (cx, d) = (x(t), 4.0)
            svg += "<path class=\"swing-left-out\" d=\"M\(f(cx - d)) \(f(swingMid - d))L\(f(cx + d)) \(f(swingMid + d))"
                + "M\(f(cx - d)) \(f(swingMid + d))L\(f(cx + d)) \(f(swingMid - d))\" stroke=\"#888\" "
                + "stroke-width=\"1.3\"><title>" + String(format: "left out at %.2f s: ", t - start)
                + SVGPlot.escape(reason) + "</title></path>\n"
        }
        // Time axis, s from the first sample.
        svg += "<line x1=\"\(f(Self.margin.left))\" x2=\"\(f(width - Self.margin.right))\" y1=\"\(f(rows.axis))\" "
            + "y2=\"\(f(rows.axis))\" stroke=\"#999\"/>"
        for tick in SVGPlot.ticks(0, span, count: 8) {
            svg += "<line x1=\"\(f(x(start + tick)))\" x2=\"\(f(x(start + tick)))\" y1=\"\(f(rows.axis))\" "
                + "y2=\"\(f(rows.axis + 4))\" stroke=\"#999\"/><text x=\"\(f(x(start + tick)))\" "
                + "y=\"\(f(rows.axis + 15))\" font-size=\"10\" text-anchor=\"middle\" fill=\"#555\">"
                + "\(SVGPlot.number(tick))</text>"
        }
        svg += "<text x=\"\(f(width - Self.margin.right))\" y=\"\(f(rows.axis + 28))\" font-size=\"10\" "
            + "text-anchor=\"end\" fill=\"#555\">s from the first sample</text>\n"
        // Legend: the activities present, then the swing marks.
        var legendX = Self.margin.left
        let legendY = Self.height - 10
        let present = Activity.allCases.filter { activity in segments.contains { $0.activity == activity } }
        for activity in present {
            svg += "<rect x=\"\(f(legendX))\" y=\"\(f(legendY - 8))\" width=\"10\" height=\"10\" "
                + "fill=\"\(Self.colors[activity] ?? "#eee")\" stroke=\"#999\" stroke-width=\"0.5\"/>"
                + "<text x=\"\(f(legendX + 13))\" y=\"\(f(legendY + 1))\" font-size=\"10\">\(activity.rawValue)</text>"
            legendX += 13 + Double(activity.rawValue.count) * 6 + 12
        }
        svg += "<line x1=\"\(f(legendX))\" x2=\"\(f(legendX))\" y1=\"\(f(legendY - 9))\" y2=\"\(f(legendY + 2))\" "
            + "stroke=\"#0a7d2c\" stroke-width=\"1.5\"/><text x=\"\(f(legendX + 4))\" y=\"\(f(legendY + 1))\" "
            + "font-size=\"10\">swing</text>"
        legendX += 44
        svg += "<path d=\"M\(f(legendX - 3)) \(f(legendY - 7))L\(f(legendX + 5)) \(f(legendY + 1))M\(f(legendX - 3)) "
            + "\(f(legendY + 1))L\(f(legendX + 5)) \(f(legendY - 7))\" stroke=\"#888\" stroke-width=\"1.3\"/>"
            + "<text x=\"\(f(legendX + 9))\" y=\"\(f(legendY + 1))\" font-size=\"10\">swing left out</text>\n"
        return svg + "</svg>"
    }

    /// The report's section: a heading, the summary line and the SVG.
    func section(steps: Int, cadence: Double?, distance: Double?) -> String {
        var line = "\(steps) steps"
        if let cadence { line += String(format: ", cadence %.2f steps/s", cadence) }
        if let distance { line += String(format: ", %.0f m", distance) }
        line += ", \(keptSwings.count) swings kept, \(leftOutSwings.count) left out"
        return "<h2>Session timeline</h2><div class=\"muted\">\(line)</div>\n" + render() + "\n"
    }
}

extension SessionTimeline {
    /// The timeline of one analysed recording (`result.windows` must have been recorded for the cadence row).
    init(result: WorkoutAndSwings, start: Double) {
        segments = result.summary.segments
        self.start = start
        end = start + result.summary.duration
        let gait = segments.filter { $0.activity == .walking || $0.activity == .running }
        cadence = result.windows.compactMap { window in
            let t = Double(window.second)
            guard gait.contains(where: { $0.start <= t && t < $0.end }), window.decision.stepFrequency > 0 else {
                return nil
            }
            return (t, window.decision.stepFrequency)
        }
        keptSwings = result.gate.kept.map { $0.impact ?? $0.start }
        leftOutSwings = result.gate.leftOut.map { ($0.impact ?? $0.start, $0.reason) }
    }
}
