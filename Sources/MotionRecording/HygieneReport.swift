/// What the data-hygiene checks found in a recording and what they repaired (design.md §7): nothing is dropped
/// silently, so every repair is listed here.
///
/// Placeholder shape; the recordings issue fills in the checks.
public struct HygieneReport: Sendable, Equatable {
    /// Findings in the order they were made.
    public var findings: [HygieneFinding]

    public init(findings: [HygieneFinding] = []) { self.findings = findings }
}

/// One finding of the hygiene checks: what, where, and what was done about it.
public struct HygieneFinding: Sendable, Equatable, CustomStringConvertible {
    /// Short machine-readable kind, e.g. "gap", "duplicate-rows", "non-monotonic", "nan", "saturation", "units".
    public var kind: String
    /// File the finding refers to, if any.
    public var file: String?
    /// 1-based line in that file, if any.
    public var line: Int?
    /// Human-readable explanation, including the repair made, if any.
    public var message: String

    public init(kind: String, file: String? = nil, line: Int? = nil, message: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        var location = file ?? ""
        if let line { location += location.isEmpty ? "line \(line)" : ":\(line)" }
        return location.isEmpty ? "\(kind): \(message)" : "\(location): \(kind): \(message)"
    }
}
