/// What separates the fields of a delimited text line: a comma (CSV), a semicolon (spreadsheets in locales that
/// write decimal commas), a tab (TSV), or any run of spaces and tabs (fixed-width and logger text output, where
/// leading and trailing blanks are not fields).
public enum FieldSeparator: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case comma = ","
    case semicolon = ";"
    case tab = "\t"
    case whitespace = " "

    /// The separator byte, or `nil` for ``whitespace`` (runs of 0x20/0x09).
    @inlinable
    public var byte: UInt8? {
        switch self {
        case .comma: 0x2C
        case .semicolon: 0x3B
        case .tab: 0x09
        case .whitespace: nil
        }
    }

    /// The name as given on a command line or in a column map (`,`, `;`, `tab`, `whitespace`).
    public var description: String {
        switch self {
        case .comma: ","
        case .semicolon: ";"
        case .tab: "tab"
        case .whitespace: "whitespace"
        }
    }

    /// Parses `,` / `comma`, `;` / `semicolon`, a tab character / `tab` / `\t`, `whitespace` / `space`.
    public init?(name: String) {
        switch name.lowercased() {
        case ",", "comma": self = .comma
        case ";", "semicolon": self = .semicolon
        case "\t", "tab", "\\t": self = .tab
        case " ", "space", "spaces", "whitespace": self = .whitespace
        default: return nil
        }
    }
}
