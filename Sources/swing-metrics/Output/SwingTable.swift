import MotionRecording
import Foundation
import SwingAnalysis
import WorkoutAnalysis

/// The terminal table of `analyze --format table`: a summary line per recording, one row per swing, then the
/// hygiene findings.
enum SwingTable {
    /// A column: header, the swing key it shows, and how to format the value.
    private struct Column: Sendable {
        let header: String
        let key: String
        let format: @Sendable (JSONValue) -> String
    }

    private static func seconds(_ value: JSONValue) -> String {
        if case .number(let s) = value { return String(format: "%.4f", s) }
        return "—"
    }

    private static func milliseconds(_ value: JSONValue) -> String {
        if case .number(let s) = value { return String(format: "%.1f", s * 1000) }
        return "—"
    }

    private static func oneDecimal(_ value: JSONValue) -> String {
        switch value {
        case .number(let x): String(format: "%.1f", x)
        case .integer(let x): String(x)
        default: "—"
        }
    }

    private static func yesNo(_ value: JSONValue) -> String {
        if case .bool(let b) = value { return b ? "hit" : "miss" }
        return "unknown"
    }

    private static func stillOrMoved(_ value: JSONValue) -> String {
        if case .bool(let b) = value { return b ? "still" : "moved" }
        return "—"
    }

    private static let columns: [Column] = [
        Column(header: "start (s)", key: "start", format: seconds),
        Column(header: "impact (s)", key: "impact", format: seconds),
        Column(header: "TTC (ms)", key: "timeToContact", format: milliseconds),
        Column(header: "contact", key: "contact", format: yesNo),
        Column(header: "peak ω (rad/s)", key: "peakRotationRate", format: oneDecimal),
        Column(header: "impact peak (g)", key: "impactPeak", format: oneDecimal),
        Column(header: "duration (ms)", key: "duration", format: milliseconds),
        Column(header: "head (°)", key: "headRotation", format: oneDecimal),
        Column(header: "head", key: "headStill", format: stillOrMoved),
    ]

    static func render(_ analysis: RecordingAnalysis) -> String {
        var out = analysis.recording + "\n"
        if let error = analysis.error {
            return out + "  error: \(error)\n"
        }
        let hits = analysis.swings.filter { $0.contact == true }.count
        let unknown = analysis.swings.filter { $0.contact == nil }.count
        let duration = analysis.duration.map { String(format: "%.1f s", $0) } ?? "—"
        let impactsOnly = analysis.dataCase == "accelerometerOnly"
        let contactUnknown = analysis.dataCase == "deviceMotionOnly" || analysis.dataCase == "rotationOnly"
        if contactUnknown {
            // Without the accelerometer, contact cannot be seen (SwingDataCase.deviceMotionOnly / .rotationOnly).
            out += "  \(duration), \(plural(analysis.swings.count, "swing")) (no accelerometer: contact unknown)"
        } else if impactsOnly {
            // Without device motion there are no swings to speak of, only impacts (SwingDataCase.accelerometerOnly).
            out += "  \(duration), \(plural(analysis.swings.count, "impact")) (accelerometer only: no swing start)"
        } else {
            out += "  \(duration), \(plural(analysis.swings.count, "swing")): \(hits) contact, "
                + "\(analysis.swings.count - hits - unknown) without contact"
            if unknown > 0 { out += ", \(unknown) unknown (accelerometer does not cover them)" }
        }
        if let dataCase = analysis.dataCase { out += " · data: \(dataCase)" }
        out += "\n"
        if !analysis.swings.isEmpty {
            let rows = analysis.swings.map { swing -> [String] in
                let members = Dictionary(
                    JSONValue(reflecting: swing).objectMembers, uniquingKeysWith: { first, _ in first })
                return columns.map { column in members[column.key].map(column.format) ?? "—" }
            }
            // Drop columns no swing has a value for (e.g. impact peak in device-motion-only data), and those
            // that mean nothing without rotation data.
            let meaningless: Set<String> =
                impactsOnly ? ["start", "peakRotationRate", "contact"] : contactUnknown ? ["contact"] : []
            let shown = columns.indices.filter { index in
                !meaningless.contains(columns[index].key) && rows.contains { $0[index] != "—" }
            }
            let headers = ["#"] + shown.map { columns[$0].header }
            let body = rows.enumerated().map { number, row in [String(number + 1)] + shown.map { row[$0] } }
            out += formatTable(headers: headers, rows: body)
        }
        if let leftOut = analysis.swingsLeftOut, !leftOut.isEmpty {
            out += "  \(plural(leftOut.count, "swing")) left out by the workout gate:\n"
            for swing in leftOut {
                out += "    - \(String(format: "%.2f s", swing.impact ?? swing.start)): \(swing.reason)\n"
            }
        }
        if !analysis.issues.isEmpty {
            out += "  data hygiene:\n"
            for issue in analysis.issues { out += "    - \(issue)\n" }
        }
        return out
    }

    /// "1 swing", "3 swings".
    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Right-aligned columns separated by two spaces, indented by two.
    static func formatTable(headers: [String], rows: [[String]]) -> String {
        let widths = headers.indices.map { column in
            ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "  " + cells.enumerated().map { index, cell in
                String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ") + "\n"
        }
        return line(headers) + line(widths.map { String(repeating: "─", count: $0) }) + rows.map(line).joined()
    }
}
