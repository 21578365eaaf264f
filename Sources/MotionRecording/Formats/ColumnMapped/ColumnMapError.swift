/// Why a column map (``ColumnMap/init(parsing:)``, ``ColumnMap/init(json:file:)``) cannot be used: one line naming
/// where the map came from, the entry and the problem, e.g. `--columns: entry "gyro=gx,gy:deg/s": needs 3 columns, found 2`.
public struct ColumnMapError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where the map came from: `--columns`, or the JSON file's path.
    public var source: String
    /// The problem, naming the entry or key.
    public var reason: String

    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "\(source): \(reason)" }
}
