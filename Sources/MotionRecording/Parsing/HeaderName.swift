import Foundation

/// A header field as a spreadsheet or a script may have decorated a documented column name: other letter case
/// (`Timestamp`, `ACCELERATION_X`), blanks or quotes around it (` acceleration_x`, `"acceleration_x"`), a byte-order
/// mark before the first name, and a unit in parentheses or brackets after it (`acceleration_x (g)`,
/// `rotation_rate_x [deg/s]`). ``key`` is the name without all that, lowercased, for matching; ``unit`` the unit's
/// text as written, when there is one.
struct HeaderName: Sendable, Equatable {
    /// The name without decoration, lowercased.
    let key: String
    /// The unit suffix's text (without the parentheses or brackets and blanks), `nil` when there is none.
    let unit: String?

    init(_ field: String) {
        var name = Substring(Self.undecorated(field))
        var unit: String? = nil
        if let last = name.last, last == ")" || last == "]" {
            let open: Character = last == ")" ? "(" : "["
            if let start = name.lastIndex(of: open), start > name.startIndex {
                let inner = name[name.index(after: start)..<name.index(before: name.endIndex)]
                let before = name[..<start]
                let trimmedBefore = before.trimmingCharacters(in: .whitespaces)
                if !trimmedBefore.isEmpty {
                    unit = inner.trimmingCharacters(in: .whitespaces)
                    name = Substring(trimmedBefore)
                    // `acceleration_x_(g)`: the separator before the unit is not part of the name.
                    while name.last == "_" { name = name.dropLast() }
                }
            }
        }
        key = name.lowercased()
        self.unit = unit
    }

    /// `field` without a byte-order mark, surrounding blanks (spaces, tabs, CR) and surrounding quotes.
    static func undecorated(_ field: String) -> String {
        var text = Substring(field)
        while true {
            let before = text
            while let first = text.first, first == "\u{FEFF}" || first == " " || first == "\t" { text = text.dropFirst() }
            while let last = text.last, last == " " || last == "\t" || last == "\r" || last == "\u{FEFF}" { text = text.dropLast() }
            if text.count >= 2, let first = text.first, let last = text.last, first == last, first == "\"" || first == "'" {
                text = text.dropFirst().dropLast()
            }
            if text == before { return String(text) }
        }
    }

    /// The first of `names` (in order of preference) that a field of `header` names, ignoring case, blanks, quotes
    /// and a byte-order mark (not a unit suffix, which a layout without units would read past): its field index.
    static func firstField(naming names: [String], in header: [String]) -> Int? {
        if let exact = names.lazy.compactMap({ header.firstIndex(of: $0) }).first { return exact }
        let keys = header.map { undecorated($0).lowercased() }
        return names.lazy.compactMap { keys.firstIndex(of: $0.lowercased()) }.first
    }
}
