import MotionRecording

/// One recording's result as the output formats need it; ``AnalysisWriter`` writes any of them.
protocol WrittenResult {
    /// The object of the JSON contract (docs/architecture.md), written by `--format json` and `jsonl`.
    var json: JSONValue { get }
    /// The input path as the user gave it (or as found in a directory); the CSV's first column.
    var recording: String { get }
    /// Why the input could not be read or analysed; `nil` on success.
    var error: String? { get }
    /// `--format csv`: one row per item (a swing, an activity segment), keys in column order.
    var csvRows: [[(String, JSONValue)]] { get }
    /// The CSV columns after `recording` and the row number: every key a row may hold, in order.
    static var csvKeys: [String] { get }
    /// The CSV header of the row-number column ("swing", "segment").
    static var csvRowName: String { get }
    /// `--format table`: the recording's block of the terminal table.
    var table: String { get }
}

extension RecordingAnalysis: WrittenResult {
    var csvRows: [[(String, JSONValue)]] { swings.map(\.json.objectMembers) }
    static var csvKeys: [String] { AnalysisWriter.swingKeys }
    static var csvRowName: String { "swing" }
    var table: String { SwingTable.render(self) }
}
