/// Where each documented column of a fixed layout (the interchange CSV files) sits in a file's header. Columns are
/// found by name, so a file whose columns a spreadsheet reordered (`z` before `y`), or to which it added columns (a
/// `label`, pandas' row index `Unnamed: 0` or an unnamed first column), reads the same as the file as written;
/// only a missing column (or one named twice) is an error. Worked out once per file, at the header: the row
/// readers then take the fields from ``fields``, and the exact layout keeps their single-pass paths.
struct HeaderColumns: Sendable, Equatable {
    /// 0-based field of each expected column, in the layout's order: the required columns, then the optional
    /// ones present.
    let fields: [Int]
    /// Fields in the header (every data row must have as many).
    let fieldCount: Int
    /// How many of the optional columns are present (they count in order: the second only with the first).
    let optionalCount: Int
    /// The note that the columns were read by name (reordered, or extra columns ignored), or `nil` when the header
    /// is the layout exactly.
    let finding: HygieneFinding?

    /// True when the header is exactly the layout's columns in order, nothing else.
    var isExact: Bool { finding == nil }

    /// Finds `required` (then as many of `optional`, in order, as present) in `names`, the header of `file`
    /// (line 1). Throws naming every required column the header lacks, or a column it names twice.
    init(names: [String], required: [String], optional: [String] = [], file: String) throws(RecordingError) {
        var fields: [Int] = []
        var missing: [String] = []
        for name in required {
            let matches = names.indices.filter { names[$0] == name }
            if matches.count > 1 {
                throw .malformed(
                    file: file, line: 1, column: matches[1] + 1, columnName: name,
                    reason: "column \"\(name)\" appears twice in the header (columns \(matches[0] + 1) and \(matches[1] + 1))")
            }
            if let field = matches.first { fields.append(field) } else { missing.append(name) }
        }
        if !missing.isEmpty {
            let shown = names.joined(separator: ",")
            throw .malformed(
                file: file, line: 1, column: nil, columnName: nil,
                reason: "header lacks column\(missing.count == 1 ? "" : "s") "
                    + missing.map { "\"\($0)\"" }.joined(separator: ", ")
                    + " (header: \"\(shown.prefix(120))\"; columns are found by name: \(required.joined(separator: ",")))")
        }
        var optionalCount = 0
        for name in optional {
            guard let field = names.firstIndex(of: name), !fields.contains(field) else { break }
            fields.append(field)
            optionalCount += 1
        }
        self.fields = fields
        self.fieldCount = names.count
        self.optionalCount = optionalCount
        finding = Self.note(names: names, fields: fields, file: file)
    }

    /// The finding for a header that is not the layout exactly: which columns were taken from where, which ignored.
    private static func note(names: [String], fields: [Int], file: String) -> HygieneFinding? {
        if fields == Array(names.indices) { return nil }
        var parts: [String] = []
        if fields != fields.sorted() {
            let order = fields.sorted().map { names[$0] }.joined(separator: ",")
            parts.append("columns in the order \(order), read by name")
        }
        let ignored = names.indices.filter { !fields.contains($0) }
        if !ignored.isEmpty {
            let shown = ignored.prefix(8).map { "\"\(names[$0].prefix(40))\" (column \($0 + 1))" }.joined(separator: ", ")
            parts.append("\(ignored.count) extra column\(ignored.count == 1 ? "" : "s") ignored: \(shown)\(ignored.count > 8 ? ", …" : "")")
        }
        return HygieneFinding(kind: .columns, file: file, line: 1, message: parts.joined(separator: "; "))
    }
}
