/// Where each documented column of a fixed layout (the interchange CSV files) sits in a file's header. Columns are
/// found by name, so a file whose columns a spreadsheet reordered (`z` before `y`), or to which it added columns (a
/// `label`, pandas' row index `Unnamed: 0` or an unnamed first column), reads the same as the file as written;
/// only a missing column (or one named twice) is an error. A name a spreadsheet decorated (``HeaderName``:
/// `Timestamp`, ` acceleration_x`, `"acceleration_x"`, `acceleration_x (m/s^2)`) is found too and reported, its unit
/// suffix converted from when it is not the documented unit (``ColumnUnit``). Worked out once per file, at the
/// header: the row readers then take the fields from ``fields``, and the exact layout keeps their single-pass paths.
struct HeaderColumns: Sendable, Equatable {
    /// 0-based field of each expected column, in the layout's order: the required columns, then the optional
    /// ones present.
    let fields: [Int]
    /// Fields in the header (every data row must have as many).
    let fieldCount: Int
    /// How many of the optional columns are present (they count in order: the second only with the first).
    let optionalCount: Int
    /// The note that the columns were read by name (renamed, reordered, or extra columns ignored), or `nil` when
    /// the header is the layout exactly.
    let finding: HygieneFinding?
    /// Per column of ``fields``, the factor taking its values to the documented unit (1 unless its header's unit
    /// suffix names a unit converted from, e.g. m/s² → g ÷ 9.80665); and the `units` finding of each such column.
    let factors: [Double]
    let unitFindings: [HygieneFinding]

    /// True when the header is exactly the layout's columns in order, nothing else.
    var isExact: Bool { finding == nil }

    /// The note and the unit findings, in that order.
    var findings: [HygieneFinding] { (finding.map { [$0] } ?? []) + unitFindings }

    /// `values` of the column at `position` (in the layout's order) in its documented unit: multiplied by its
    /// factor in `Double` and rounded once, unless the factor is 1.
    func converted(_ values: inout [Float], position: Int) {
        let factor = factors[position]
        guard factor != 1 else { return }
        for index in values.indices { values[index] = Float(Double(values[index]) * factor) }
    }

    /// `values` of the column at `position` in its documented unit (as ``converted(_:position:)``).
    func converted(_ values: inout [Double], position: Int) {
        let factor = factors[position]
        guard factor != 1 else { return }
        for index in values.indices { values[index] *= factor }
    }

    /// The columns of a timestamp, x, y, z layout (accelerometer, gyroscope, magnetometer: positions 0–3) in their
    /// documented units (as ``converted(_:position:)``).
    func convertedTimeXYZ(_ timestamps: inout [Double], _ x: inout [Float], _ y: inout [Float], _ z: inout [Float]) {
        converted(&timestamps, position: 0)
        converted(&x, position: 1)
        converted(&y, position: 2)
        converted(&z, position: 3)
    }

    /// Whether any column is converted (``factors``).
    var converts: Bool { factors.contains { $0 != 1 } }

    /// Finds `required` (then as many of `optional`, in order, as present) in `names`, the header of `file`
    /// (line 1). A name is found as written or decorated (``HeaderName``: other case, blanks, quotes, a byte-order
    /// mark, a unit suffix); a unit suffix must name the column's documented unit (``ColumnUnit``) or one that is
    /// converted (m/s², °/s, ms, …: ``factors``, reported in ``unitFindings``). Throws naming every required column
    /// the header lacks, a column it names twice, or a unit that is neither.
    init(names: [String], required: [String], optional: [String] = [], file: String) throws(RecordingError) {
        var fields: [Int] = []
        var missing: [String] = []
        let keys = names.map(HeaderName.init)
        /// The fields naming `name`: exactly as written, else decorated (a decorated field that is exactly another
        /// expected name is not taken).
        func matches(_ name: String) -> [Int] {
            let exact = names.indices.filter { names[$0] == name }
            if !exact.isEmpty { return exact }
            let key = name.lowercased()
            return names.indices.filter { keys[$0].key == key && !(required + optional).contains(names[$0]) }
        }
        for name in required {
            let matches = matches(name)
            if matches.count > 1 {
                throw .malformed(
                    file: file, line: 1, column: matches[1] + 1, columnName: name,
                    reason: "column \"\(name)\" appears twice in the header (columns \(matches[0] + 1) and \(matches[1] + 1)"
                        + (names[matches[0]] == name ? ")" : ": \"\(names[matches[0]].prefix(40))\", \"\(names[matches[1]].prefix(40))\")"))
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
            guard let field = matches(name).first, !fields.contains(field) else { break }
            fields.append(field)
            optionalCount += 1
        }
        let expected = required + optional.prefix(optionalCount)
        var factors: [Double] = []
        var converted: [(header: String, column: Int, from: String, to: String, factor: Double)] = []
        for (position, field) in fields.enumerated() {
            let conversion = try Self.unit(
                of: names[field], stated: keys[field].unit, column: expected[position], field: field, file: file)
            factors.append(conversion?.factor ?? 1)
            if let conversion { converted.append((names[field], field + 1, conversion.from, conversion.to, conversion.factor)) }
        }
        self.fields = fields
        self.fieldCount = names.count
        self.optionalCount = optionalCount
        self.factors = factors
        // One `units` finding per conversion (m/s² → g), naming its columns.
        var unitFindings: [HygieneFinding] = []
        var conversions: [(from: String, to: String, factor: Double)] = []
        for column in converted where !conversions.contains(where: { $0.from == column.from && $0.to == column.to }) {
            conversions.append((column.from, column.to, column.factor))
        }
        for (from, to, factor) in conversions {
            let columns = converted.filter { $0.from == from && $0.to == to }
            let listed = columns.map { "\"\($0.header.prefix(40))\" (column \($0.column))" }.joined(separator: ", ")
            let factorText = factor == Double.pi / 180 ? "× π/180"
                : factor < 1 ? String(format: "÷ %.9g", 1 / factor) : String(format: "× %.9g", factor)
            unitFindings.append(HygieneFinding(
                kind: .units, file: file, line: 1, column: columns[0].column,
                message: "\(columns.count == 1 ? "column" : "columns") \(listed) \(columns.count == 1 ? "is" : "are") in \(from), as the header says: converted to \(to) (\(factorText)) while reading"))
        }
        self.unitFindings = unitFindings
        finding = Self.note(names: names, fields: fields, expected: expected, file: file)
    }

    /// The conversion of column `column` whose header field `header` (field `field`, 0-based) states the unit
    /// `stated` (`nil`: none): `nil` when its values are in the documented unit, else the factor to it and the two
    /// units' names. Throws for a unit that is neither the documented one nor converted, or a unit on a label column.
    private static func unit(of header: String, stated: String?, column: String, field: Int, file: String)
        throws(RecordingError) -> (factor: Double, from: String, to: String)?
    {
        guard let stated else { return nil }
        guard let unit = ColumnUnit.of(column: column) else {
            throw .malformed(
                file: file, line: 1, column: field + 1, columnName: header,
                reason: "the header states a unit (\(stated)), but \(column) holds labels, not numbers")
        }
        guard let (factor, name) = unit.factor(stated: stated) else {
            let convertible = Set(unit.conversions.values.map(\.name)).sorted()
            throw .malformed(
                file: file, line: 1, column: field + 1, columnName: header,
                reason: "the header's unit \(stated) is not \(column)'s unit (\(unit.name))"
                    + (convertible.isEmpty ? " and is not converted" : " nor one converted to it (\(convertible.joined(separator: ", ")))")
                    + ": give the values in \(unit.name)")
        }
        return factor == 1 ? nil : (factor, name, unit.name)
    }

    /// The finding for a header that is not the layout exactly: which columns were found under another spelling,
    /// which were taken from where, which ignored. `expected`: the layout's name of each of `fields`.
    private static func note(names: [String], fields: [Int], expected: [String], file: String) -> HygieneFinding? {
        let renamed = fields.indices.filter { names[fields[$0]] != expected[$0] }
        if fields == Array(names.indices) && renamed.isEmpty { return nil }
        var parts: [String] = []
        if !renamed.isEmpty {
            let shown = renamed.map { "\"\(names[fields[$0]].prefix(40))\" (column \(fields[$0] + 1)) as \(expected[$0])" }
            parts.append("header names read ignoring case, blanks, quotes and unit: " + shown.joined(separator: ", "))
        }
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
