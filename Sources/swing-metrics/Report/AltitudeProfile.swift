import Foundation
import MotionRecording
import WorkoutAnalysis

/// The HTML report's altitude section, for a recording with pressure: the relative altitude of every second on the
/// session timeline's time axis, with the workout's elevation gain and loss, floors and dives (inline SVG).
///
/// Two lines, both in m from the first second out of water, on the recording's clock:
/// - **drift removed** (``wearerAltitude``, drawn bold): the workout's own altitude
///   (``BarometrySummary/wearerAltitude``), the smoothed changes with the weather's part taken out — the line the
///   gain, loss and floors in the summary are counted from;
/// - **barometric** (``altitude``, drawn thin and light): the barometer's 1 Hz track as ``BarometricAnalyzer`` makes
///   it (the mean of each whole second, spikes such as a slammed door removed by its running median) through the
///   standard-atmosphere formula (``BarometricFormula``), before weather drift is taken out, so a slow drift shows
///   as the gap between the two lines.
///
/// The seconds under water are left out (a metre of water reads as 800 m of air) and each dive is marked above the
/// plot with its greatest depth.
struct AltitudeProfile {
    /// The barometric altitude before drift removal: (s on the recording's clock, m above the first second) for
    /// every second of the track with a value, at the middle of the second.
    var altitude: [(time: Double, meters: Double)]
    /// The workout's barometric results (gain, loss, floors, dives).
    var barometry: BarometrySummary
    /// The timeline's first and last sample, s on the recording's clock: the plot's time axis.
    var start: Double
    var end: Double

    /// The altitude the summary's gain, loss and floors are counted from: weather drift taken out, m.
    var wearerAltitude: [AltitudePoint] { barometry.wearerAltitude }

    /// The summary line: gain and loss, floors, and the dives when there were any.
    var summaryLine: String {
        var line = String(
            format: "elevation +%.1f m / −%.1f m, floors %d up / %d down", barometry.elevationGain,
            barometry.elevationLoss, barometry.floorsAscended, barometry.floorsDescended)
        if let depth = barometry.maxDepth {
            let count = barometry.submersions.count
            line += ", \(count) dive\(count == 1 ? "" : "s")" + String(format: ", deepest %.1f m", depth)
        }
        return line
    }

    /// Stroke colours: the drift-removed line dark brown, the barometric line a light tan behind it.
    static let driftRemovedColor = "#8c510a"
    static let barometricColor = "#dfc27d"

    func render() -> String {
        var plot = SVGPlot(
            identifier: "altitude", title: "Altitude (barometer, 1 Hz)", yLabel: "m",
            timeRange: start...max(end, start + 1), timeOrigin: start)
        plot.height = 180
        plot.timeScale = 1
        plot.timeUnit = "s from the first sample"
        let barometric = SVGPlot.Trace(
            label: wearerAltitude.isEmpty ? "altitude" : "barometric (before drift removal)",
            color: wearerAltitude.isEmpty ? Self.driftRemovedColor : Self.barometricColor,
            times: altitude.map(\.time), values: altitude.map(\.meters),
            strokeWidth: wearerAltitude.isEmpty ? 1.5 : 1)
        plot.traces = [barometric]
        if !wearerAltitude.isEmpty {
            plot.traces.append(
                SVGPlot.Trace(
                    label: "altitude, drift removed", color: Self.driftRemovedColor,
                    times: wearerAltitude.map(\.time), values: wearerAltitude.map(\.meters), strokeWidth: 1.5))
        }
        plot.spans = barometry.submersions.map { dive in
            SVGPlot.Span(
                from: dive.start, to: dive.end, label: String(format: "dive %.1f m", dive.maxDepth), color: "#0072b2")
        }
        return plot.render()
    }

    /// The report's section: a heading, the summary line (class `altitude-summary`) and the SVG.
    func section() -> String {
        "<h2>Altitude</h2><div class=\"muted altitude-summary\">\(summaryLine)</div>\n" + render() + "\n"
    }
}

extension AltitudeProfile {
    /// The altitude track of `pressure` (kPa, any rate) next to the workout's `barometry`; each second's value is
    /// placed at the middle of its second.
    init(pressure: PressureData, barometry: BarometrySummary, start: Double, end: Double) {
        var analyzer = BarometricAnalyzer()
        var output = BarometryOutput()
        analyzer.feed(pressure: pressure, into: &output)
        analyzer.finish(into: &output)
        let first = Double(output.track.firstSecond ?? 0)
        let seconds = output.track.kilopascals.enumerated().map {
            (time: first + Double($0.offset) + 0.5, kPa: $0.element)
        }
        let inAir = seconds.filter { second in
            second.kPa.isFinite && !barometry.submersions.contains { $0.start <= second.time && second.time < $0.end }
        }
        let reference = inAir.first.map { BarometricFormula.altitude(pressure: $0.kPa) } ?? 0
        altitude = inAir.map { ($0.time, BarometricFormula.altitude(pressure: $0.kPa) - reference) }
        self.barometry = barometry
        self.start = start
        self.end = end
    }
}
