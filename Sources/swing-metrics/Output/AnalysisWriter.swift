import Foundation
import MotionRecording
import SwingAnalysis

/// Renders per-recording results (`RecordingAnalysis` of `analyze`, `RecordingWorkout` of `workout`: any
/// ``WrittenResult``) in one of the output formats, one recording at a time and in input order, so that output can
/// be written while later recordings are still being analysed.
struct AnalysisWriter {
    let format: OutputFormat
    /// Whether several inputs were given (JSON then writes an array).
    let manyInputs: Bool
    private var written = 0
    private var csvColumns: [String]?

    init(format: OutputFormat, manyInputs: Bool) {
        self.format = format
        self.manyInputs = manyInputs
    }

    /// Text to write before the first recording.
    func header() -> String {
        switch format {
        case .json: manyInputs ? "[\n" : ""
        case .table, .jsonl, .csv: ""
        }
    }

    /// Text for one recording.
    mutating func render(_ analysis: some WrittenResult) -> String {
        defer { written += 1 }
        switch format {
        case .json:
            let body = analysis.json.prettySerialized
            if manyInputs {
                let indented = body.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { "  " + $0 }.joined(separator: "\n")
                return (written > 0 ? ",\n" : "") + indented
            }
            return body + "\n"
        case .jsonl:
            return analysis.json.serialized + "\n"
        case .csv:
            return renderCSV(analysis)
        case .table:
            return (written > 0 ? "\n" : "") + analysis.table
        }
    }

    /// Text to write after the last recording.
    func footer() -> String {
        switch format {
        case .json: manyInputs ? "\n]\n" : ""
        case .table, .jsonl, .csv: ""
        }
    }

    /// One row per item (swing, segment); a recording without any gets one row with status `no-swings` (or
    /// `no-segments`), a recording that could not be analysed one row with status `failed` and the reason in
    /// `error`, so every input appears.
    private mutating func renderCSV<Result: WrittenResult>(_ analysis: Result) -> String {
        var out = ""
        let rows = analysis.csvRows
        if csvColumns == nil {
            // Columns: recording, row number, every key of the result's rows in declaration order, then status and
            // error.
            csvColumns = Result.csvKeys
            out += (["recording", Result.csvRowName] + csvColumns! + ["status", "error"]).joined(separator: ",") + "\n"
        }
        let recording = Self.csvEscape(analysis.recording)
        if let error = analysis.error {
            let empty = Array(repeating: "", count: csvColumns!.count + 1)
            return out + ([recording] + empty + ["failed", Self.csvEscape(error)]).joined(separator: ",") + "\n"
        }
        if rows.isEmpty {
            let empty = Array(repeating: "", count: csvColumns!.count + 1)
            return out + ([recording] + empty + ["no-\(Result.csvRowName)s", ""]).joined(separator: ",") + "\n"
        }
        for (number, row) in rows.enumerated() {
            let byKey = Dictionary(row, uniquingKeysWith: { first, _ in first })
            let cells = csvColumns!.map { key in Self.csvEscape(byKey[key]?.cellText ?? "") }
            out += ([recording, String(number + 1)] + cells + ["ok", ""]).joined(separator: ",") + "\n"
        }
        return out
    }

    /// Every key of the JSON contract's swing object (docs/architecture.md §5.1), in its order: the CSV's swing
    /// columns whatever the first recording holds (no swings, or a failure, must not cut the later rows).
    static let swingKeys = Swing(start: 0, impact: nil, timeToContact: nil, contact: nil, peakRotationRate: 0)
        .json.objectMembers.map(\.0)

    static func csvEscape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
