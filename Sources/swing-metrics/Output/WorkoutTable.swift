import MotionRecording
import Foundation
import WorkoutAnalysis

/// The terminal table of `workout --format table`: a summary line per recording (duration, steps, cadence,
/// distance, swings kept and left out), one row per activity segment, then the left-out swings and the issues.
enum WorkoutTable {
    static func render(_ workout: RecordingWorkout) -> String {
        var out = workout.recording + "\n"
        if let error = workout.error { return out + "  error: \(error)\n" }
        guard let result = workout.result else { return out }
        let summary = result.summary
        let cadence = summary.cadence.map { String(format: "%.2f steps/s", $0) } ?? "no gait"
        var line = String(format: "  %.1f s, ", summary.duration) + SwingTable.plural(summary.steps, "step")
            + " (\(cadence))"
        if let distance = summary.distance { line += String(format: ", %.0f m", distance) }
        line += ", " + SwingTable.plural(result.gate.kept.count, "swing")
        if !result.gate.leftOut.isEmpty { line += " (\(result.gate.leftOut.count) left out)" }
        out += line + " · data: \(summary.dataCase.rawValue)\n"
        if let barometry = summary.barometry {
            var climb = String(format: "  elevation +%.1f m / −%.1f m, ", barometry.elevationGain, barometry.elevationLoss)
            climb += "floors \(barometry.floorsAscended) up / \(barometry.floorsDescended) down"
            if let depth = barometry.maxDepth {
                climb += String(format: ", max depth %.2f m (", depth) + SwingTable.plural(barometry.submersions.count, "dive") + ")"
            }
            out += climb + "\n"
        }
        if let device = summary.device { out += "  device: " + Self.describe(device) + "\n" }
        if !summary.segments.isEmpty {
            let rows = summary.segments.enumerated().map { number, s in
                [
                    String(number + 1), String(format: "%.1f", s.start), String(format: "%.1f", s.end), s.activity.rawValue,
                    String(format: "%.2f", s.confidence), s.cadence == nil ? "—" : String(format: "%.0f", s.steps),
                    s.cadence.map { String(format: "%.2f", $0) } ?? "—",
                ]
            }
            out += SwingTable.formatTable(
                headers: ["#", "start (s)", "end (s)", "activity", "confidence", "steps", "cadence (steps/s)"],
                rows: rows)
        }
        // Left-out swings, one line per reason (the reason names the segment), in time order.
        var reasons: [(reason: String, count: Int)] = []
        for swing in result.gate.leftOut {
            if let last = reasons.last, last.reason == swing.reason {
                reasons[reasons.count - 1].count += 1
            } else {
                reasons.append((swing.reason, 1))
            }
        }
        for (reason, count) in reasons {
            out += "  \(SwingTable.plural(count, "swing")) left out: \(reason)\n"
        }
        if !workout.issues.isEmpty {
            out += "  issues:\n"
            for issue in workout.issues { out += "    - \(issue)\n" }
        }
        return out
    }

    /// Apple's counts and our difference to them, one line.
    static func describe(_ device: DeviceComparison) -> String {
        var parts: [String] = []
        if let steps = device.steps {
            var part = SwingTable.plural(steps, "step")
            if let d = device.stepsDifference {
                part += " (ours \(d >= 0 ? "+" : "")\(d)"
                part += device.stepsDifferencePercent.map { String(format: ", %+.1f %%)", $0) } ?? ")"
            }
            parts.append(part)
        }
        if let distance = device.distance { parts.append(String(format: "%.0f m", distance)) }
        if let up = device.floorsAscended, let down = device.floorsDescended {
            var part = "floors \(up) up / \(down) down"
            if let du = device.floorsAscendedDifference, let dd = device.floorsDescendedDifference {
                part += " (ours \(du >= 0 ? "+" : "")\(du) / \(dd >= 0 ? "+" : "")\(dd))"
            }
            parts.append(part)
        }
        if let agreement = device.activityAgreement {
            parts.append(String(format: "activity agrees %.0f %% of %.0f s", 100 * agreement, device.activityComparedTime ?? 0))
        }
        return parts.isEmpty ? "no counts" : parts.joined(separator: ", ")
    }
}

extension RecordingWorkout: WrittenResult {
    /// One CSV row per activity segment.
    var csvRows: [[(String, JSONValue)]] { segmentObjects }
    static var csvKeys: [String] {
        [
            "start", "end", "activity", "confidence", "steps", "cadence", "elevationGain", "elevationLoss",
            "floorsAscended", "floorsDescended", "maxDepth",
        ]
    }
    static var csvRowName: String { "segment" }
    var table: String { WorkoutTable.render(self) }
}
