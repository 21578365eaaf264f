import ArgumentParser

/// How `analyze` writes its results.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Human-readable tables, one per recording, for a terminal.
    case table
    /// One JSON object per recording (docs/architecture.md, JSON contract); several inputs give an array.
    case json
    /// One JSON object per line, one line per recording.
    case jsonl
    /// One row per swing, with the recording's path in the first column and `status` (`ok`, `no-swings`,
    /// `failed`) and `error` columns last: a recording without swings or that failed still has its row.
    case csv
}
