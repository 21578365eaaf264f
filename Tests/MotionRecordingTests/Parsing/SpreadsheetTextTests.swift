import Foundation
import Testing
import _TestSupport

@testable import MotionRecording

/// Every text reader reads a recording saved again by a spreadsheet — semicolons with decimal commas, tabs, quotes
/// around every field or around the text fields only, UTF-16 "Unicode Text" — as the clean recording: the same samples, bit for bit, the
/// same findings, plus one `layout` finding per file rewritten naming the file and the first line changed. In
/// memory and through the spill (threshold 0) alike.
@Suite struct SpreadsheetTextTests {
    /// How a spreadsheet saves a plain CSV text again.
    enum Save: String, CaseIterable {
        case semicolonsWithDecimalCommas, tabs, quotesAroundEveryField, quotesAroundText
        /// Excel's "Unicode Text": UTF-16 little-endian with a byte-order mark, tab separated.
        case unicodeText

        /// `text` (plain CSV whose fields hold no comma) saved this way. Only numbers get decimal commas (a
        /// spreadsheet keeps text such as `2026-05-05T16:37:36.734+02:00` as it is); text fields are quoted in the
        /// rows, not in the header.
        func apply(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line -> String in
                if line.isEmpty { return "" }
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let isNumber = { (field: String) in Double(field) != nil }
                switch self {
                case .semicolonsWithDecimalCommas:
                    return fields.map { isNumber($0) ? $0.replacingOccurrences(of: ".", with: ",") : $0 }.joined(separator: ";")
                case .tabs, .unicodeText: return fields.joined(separator: "\t")
                case .quotesAroundEveryField: return fields.map { "\"\($0)\"" }.joined(separator: ",")
                case .quotesAroundText:
                    return fields.map { index == 0 || $0.isEmpty || isNumber($0) ? $0 : "\"\($0)\"" }.joined(separator: ",")
                }
            }.joined(separator: "\n")
        }

        /// `text` saved this way, as bytes.
        func saved(_ text: String) -> Data {
            guard self == .unicodeText else { return Data(apply(text).utf8) }
            return Data([0xFF, 0xFE] + apply(text).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        }
    }

    /// A recording in one text format: its files (name → plain CSV text) and how they are stored.
    enum Format: String, CaseIterable {
        case interchangeDirectory, interchangeFile, sensorLog, sensorLoggerDirectory, sensorLoggerZip, generic
        /// A directory of raw `CMBatchedSensorManager` dumps: header-less rows, an empty line after every batch.
        case rawDumpDirectory

        /// The files' plain texts.
        var files: [String: String] {
            switch self {
            case .interchangeDirectory:
                let basic = FixtureFiles.url("interchange/basic")
                func text(_ name: String) -> String {
                    try! String(contentsOf: basic.appendingPathComponent(name), encoding: .utf8)
                }
                let pressure = (0..<20).map { "\(Double($0) * 0.25 + 0.125),\(101.325 - Double($0) * 0.001)\n" }
                let activity = (0..<6).map { "\(Double($0) + 0.5),\(["walking", "running", "stationary"][$0 % 3]),high\n" }
                return [
                    "accelerometer.csv": text("accelerometer.csv"), "device_motion.csv": text("device_motion.csv"),
                    "pressure.csv": "timestamp,pressure\n" + pressure.joined(),
                    "activity.csv": "timestamp,activity,confidence\n" + activity.joined(),
                ]
            case .interchangeFile:
                return ["accelerometer.csv": Self.interchangeDirectory.files["accelerometer.csv"]!]
            case .sensorLog:
                return ["export.csv": SensorLogSpillTests.Case.basic.text()]
            case .sensorLoggerDirectory, .sensorLoggerZip:
                // Metadata.csv is read with its quotes, field by field: saved as it was.
                return SensorLoggerSpillTests.watch().filter { $0.key != "Metadata.csv" }
            case .rawDumpDirectory:
                // From the first row (the fixtures' blank first line would shift the first line changed).
                let directory = FixtureFiles.url("raw-directory")
                return Dictionary(uniqueKeysWithValues: ["watch-accelerometer.csv", "watch-rotation.csv"].map { name in
                    let text = try! String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                    return (name, String(text.drop { $0 == "\n" }))
                })
            case .generic:
                let rows = (0..<1200).map { index in
                    let t = Double(index) / 100
                    let values = [0.1 * sin(t), 0.2 * cos(t), -9.80665 + sin(3 * t), 30 * sin(t), -12.5, 45 * cos(t)]
                    return "\(index * 10)," + values.map { "\(Float($0))" }.joined(separator: ",") + "\n"
                }
                return ["imu.csv": "t_ms,ax,ay,az,gx,gy,gz\n" + rows.joined()]
            }
        }

        /// The files written into a fresh directory (`transform` giving each text's bytes): the recording's URL.
        func write(_ transform: (String) -> Data, name: String) -> URL {
            let directory = FixtureFiles.temporaryDirectory(name)
            var files = files.mapValues(transform)
            if self == .sensorLoggerDirectory || self == .sensorLoggerZip {
                files["Metadata.csv"] = Data(SensorLoggerSpillTests.metadata(standardised: false, device: "Apple Watch Series 9").utf8)
            }
            if self == .sensorLoggerZip {
                let members = files.sorted { $0.key < $1.key }.map { name, bytes in
                    ZipBuilder.Member(name: name, method: 0, data: Array(bytes), declaredSize: UInt32(bytes.count))
                }
                let url = directory.appendingPathComponent("export.zip")
                try! ZipBuilder.archive(members).write(to: url)
                return url
            }
            for (file, bytes) in files { try! bytes.write(to: directory.appendingPathComponent(file)) }
            if self == .interchangeDirectory {
                let metadata = FixtureFiles.url("interchange/basic/metadata.json")
                try! FileManager.default.copyItem(at: metadata, to: directory.appendingPathComponent("metadata.json"))
            }
            return self == .interchangeDirectory || self == .sensorLoggerDirectory || self == .rawDumpDirectory
                ? directory : directory.appendingPathComponent(files.keys.sorted()[0])
        }
    }

    /// The findings of `source` with the recording's folder written as `ROOT`, so that two copies compare.
    func findings(_ source: RecordingSource, root: URL) -> [HygieneFinding] {
        let folder = root.path.hasSuffix(".csv") || root.path.hasSuffix(".zip") ? root.deletingLastPathComponent().path : root.path
        return source.hygiene.findings.map { finding in
            var finding = finding
            finding.file = finding.file?.replacingOccurrences(of: folder, with: "ROOT")
            finding.message = finding.message.replacingOccurrences(of: folder, with: "ROOT")
            return finding
        }
    }

    @Test(arguments: Format.allCases, Save.allCases)
    func aSpreadsheetSaveReadsAsTheCleanFile(_ format: Format, _ save: Save) throws {
        let clean = format.write({ Data($0.utf8) }, name: "clean\(format)")
        let saved = format.write(save.saved, name: "\(save)\(format)")
        // Files changed by the save, with the first line changed: each is reported once, there (the generic
        // reader reads semicolons, tabs and decimal commas itself; only quotes are rewritten for it).
        let readsLayoutItself = format == .generic && save != .quotesAroundEveryField && save != .quotesAroundText
        var expected: [String: Int] = [:]
        for (name, text) in format.files {
            let (plain, spreadsheet) = (text.split(separator: "\n"), save.apply(text).split(separator: "\n"))
            // UTF-16 is reported at line 1, with the layout read besides.
            guard let first = save == .unicodeText ? 0 : zip(plain, spreadsheet).enumerated().first(where: { $1.0 != $1.1 })?.offset
            else { continue }
            if readsLayoutItself && save != .unicodeText { continue }
            expected[(format == .sensorLoggerZip ? "export.zip/" : "") + name] = first + 1
        }
        #expect(!expected.isEmpty || save == .quotesAroundText || readsLayoutItself)
        #expect(save != .unicodeText || expected.count == format.files.count)
        var opened: [RecordingSource] = []
        for threshold in [Int.max, 0] {
            let (plainSource, savedSource) = (
                try RecordingSource.open(clean, spillThreshold: threshold), try RecordingSource.open(saved, spillThreshold: threshold)
            )
            opened.append(savedSource)
            let spilled = { (source: RecordingSource) in if case .mapped = source.storage { true } else { false } }
            #expect(spilled(plainSource) == spilled(savedSource))
            if format != .generic { #expect(spilled(savedSource) == (threshold == 0), "\(threshold)") }
            let (a, b) = (try savedSource.loaded(), try plainSource.loaded())
            #expect(a.accelerometer == b.accelerometer && a.deviceMotion == b.deviceMotion)
            #expect(a.gyroscope == b.gyroscope && a.magnetometer == b.magnetometer)
            #expect(a.pressure == b.pressure && a.motionActivity == b.motionActivity)
            #expect(a.accelerometer != nil || a.deviceMotion != nil)
            let layout = findings(savedSource, root: saved).filter { $0.kind == HygieneFinding.Kind.layout.rawValue }
            #expect(Dictionary(uniqueKeysWithValues: layout.map { ($0.file!, $0.line!) })
                == Dictionary(uniqueKeysWithValues: expected.map { ("ROOT/" + $0.key, $0.value) }), "\(threshold)")
            let others = findings(savedSource, root: saved).filter { $0.kind != HygieneFinding.Kind.layout.rawValue }
            // The generic reader's detected map names the separator and decimal mark it found: compared above.
            if !readsLayoutItself { #expect(others == findings(plainSource, root: clean), "\(threshold)") }
        }
        // Spilled, the saved file says and serves what it does in memory, findings in the same order.
        try expectSameRecording(opened[1], as: opened[0])
    }

    /// A quoted field that is no number is still an error naming the file, the line, the column and the text, in
    /// memory and spilled alike.
    @Test func aQuotedFieldThatIsNoNumberIsStillAnError() throws {
        let text = "timestamp,acceleration_x,acceleration_y,acceleration_z\n"
            + "\"0.5\",\"0.1\",\"0.2\",\"-1\"\n\"0.50125\",\"zero\",\"0.2\",\"-1\"\n"
        let url = FixtureFiles.write(text, named: "accelerometer.csv")
        let errors = spilledAndImportedErrors(url)
        #expect(errors.count == 2 && errors[0] == errors[1])
        #expect(errors.first?.hasSuffix("accelerometer.csv:3: column 2 \"acceleration_x\": \"zero\" is not a number") == true)
        let semicolons = FixtureFiles.write(
            "timestamp;acceleration_x;acceleration_y;acceleration_z\n0,5;0,1;0,2;-1\n0,50125;0,1;n/a;-1\n", named: "accelerometer.csv")
        #expect(spilledAndImportedErrors(semicolons).first?.hasSuffix(
            "accelerometer.csv:3: column 3 \"acceleration_y\": \"n/a\" is not a number") == true)
    }

    /// `text` and `saved` written as `name` and opened in memory and spilled (threshold 0): the saved file's samples
    /// are the clean one's, bit for bit, and its findings the clean one's after its `layout` finding, which is
    /// returned (the same in both).
    func readAsTheClean(_ text: String, saved: String, named name: String) throws -> HygieneFinding? {
        let (clean, mangled) = (FixtureFiles.write(text, named: name), FixtureFiles.write(saved, named: name))
        var layouts: [HygieneFinding?] = []
        var opened: [RecordingSource] = []
        for threshold in [Int.max, 0] {
            let (a, b) = (try RecordingSource.open(mangled, spillThreshold: threshold), try RecordingSource.open(clean, spillThreshold: threshold))
            opened.append(a)
            let (x, y) = (try a.loaded(), try b.loaded())
            #expect(x.accelerometer == y.accelerometer && x.deviceMotion == y.deviceMotion && x.gyroscope == y.gyroscope)
            #expect(x.accelerometer != nil || x.deviceMotion != nil)
            let layout = a.hygiene.findings.filter { $0.kind == HygieneFinding.Kind.layout.rawValue }
            #expect(layout.count == 1 && layout.first?.file == mangled.path, "\(a.hygiene.findings)")
            layouts.append(layout.first.map { var f = $0; f.file = nil; return f })
            let others = a.hygiene.findings.filter { $0.kind != HygieneFinding.Kind.layout.rawValue }.map(\.message)
            #expect(others == b.hygiene.findings.filter { $0.kind != HygieneFinding.Kind.layout.rawValue }.map(\.message)
                .map { $0.replacingOccurrences(of: clean.path, with: mangled.path) })
        }
        #expect(layouts[0] == layouts[1])
        try expectSameRecording(opened[1], as: opened[0])
        return layouts[0]
    }

    /// The interchange test accelerometer file (110 KB) with its times moved to 56 100 s since boot, so that they
    /// have thousands: its lines as fields.
    static let thousandsLines: [[String]] = {
        let text = try! String(contentsOf: FixtureFiles.url("interchange/basic/accelerometer.csv"), encoding: .utf8)
        return text.split(separator: "\n").enumerated().map { index, line in
            let fields = line.split(separator: ",").map(String.init)
            return index == 0 ? fields : ["56" + fields[0]] + fields.dropFirst()
        }
    }()

    /// Times with thousands separators — `56,100.3` quoted in a comma file, `56.100,3` and `56 100,3` (a
    /// no-break space, a narrow one) in a semicolon file — read as the clean numbers.
    @Test(arguments: [
        ("\"56,", ".", ",", "\""), ("56.", ",", ";", ""), ("56\u{A0}", ",", ";", ""), ("56\u{202F}", ",", ";", ""),
    ])
    func thousandsSeparatorsInATimeColumn(_ group: String, _ decimal: String, _ separator: String, _ close: String) throws {
        let clean = Self.thousandsLines.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        let saved = Self.thousandsLines.enumerated().map { index, fields in
            guard index > 0 else { return fields.joined(separator: separator) }
            let time = group + fields[0].dropFirst(2).replacingOccurrences(of: ".", with: decimal) + close
            return ([time] + fields.dropFirst().map { $0.replacingOccurrences(of: ".", with: decimal) }).joined(separator: separator)
        }.joined(separator: "\n") + "\n"
        let layout = try readAsTheClean(clean, saved: saved, named: "accelerometer.csv")
        let rows = Self.thousandsLines.count - 1
        #expect(layout?.line == (separator == "," ? 2 : 1))
        #expect(layout?.message == (separator == ","
            ? "\(rows) number(s) with thousands separators (1,234.5 or 1.234,5 or 1 234,5), read without them; \(rows) field(s) in quotes, as a spreadsheet or a \"quote every field\" CSV writer saves them: read as plain comma-separated CSV, the same numbers"
            : "fields separated by semicolons with decimal commas, as a spreadsheet saves them in a locale that writes decimal commas; \(rows) number(s) with thousands separators (1,234.5 or 1.234,5 or 1 234,5), read without them: read as plain comma-separated CSV, the same numbers"))
    }

    /// Epoch milliseconds with thousands separators in a generic CSV's time column (`1.700.000.000.123` in a
    /// semicolon file, which the generic reader reads itself): only the separators are removed.
    @Test func thousandsSeparatorsInAGenericEpochTimeColumn() throws {
        let rows: [(time: Int, values: [String])] = (0..<1200).map { index in
            let (a, b) = (Float(sin(Double(index) / 100)), Float(cos(Double(index) / 100)))
            let values: [String] = ["\(a)", "\(b)", "-9.8", "\(a * 30)", "-12.5", "\(b * 45)"]
            return (1_700_000_000_000 + index * 10, values.map { $0.replacingOccurrences(of: ".", with: ",") })
        }
        func text(_ time: (Int) -> String) -> String {
            let lines: [String] = rows.map { row in ([time(row.time)] + row.values).joined(separator: ";") }
            return "t_ms;ax;ay;az;gx;gy;gz\n" + lines.joined(separator: "\n") + "\n"
        }
        func grouped(_ time: Int) -> String {
            let digits = Array(String(time))
            var text = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { text += "." }
                text.append(digit)
            }
            return text
        }
        #expect(grouped(1_700_000_000_010) == "1.700.000.000.010")
        let layout = try readAsTheClean(text { String($0) }, saved: text(grouped), named: "imu.csv")
        #expect(layout?.line == 2)
        #expect(layout?.message == "1200 number(s) with thousands separators (1,234.5 or 1.234,5 or 1 234,5), read without them: read as the same numbers")
    }

    /// Quotes that first appear after the 64 KiB of the head the layout is looked for in (a text field quoted only
    /// where it needs it, rows appended by another writer) are read as they are in the head.
    @Test func quotesFirstFoundAfterTheHead() throws {
        let url = FixtureFiles.url("interchange/basic/accelerometer.csv")
        let clean = try String(contentsOf: url, encoding: .utf8)
        var lines = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var bytes = 0
        var first: Int? = nil
        for index in lines.indices where !lines[index].isEmpty {
            bytes += lines[index].utf8.count + 1
            if bytes > SpreadsheetLayout.headBytes + 1000 {
                first = first ?? index + 1
                lines[index] = lines[index].split(separator: ",").map { "\"\($0)\"" }.joined(separator: ",")
            }
        }
        let quotedRows = lines.filter { $0.hasPrefix("\"") }.count
        #expect(quotedRows > 100)
        let layout = try readAsTheClean(clean, saved: lines.joined(separator: "\n"), named: "accelerometer.csv")
        #expect(layout?.line == first)
        #expect(layout?.message == "\(quotedRows * 4) field(s) in quotes, as a spreadsheet or a \"quote every field\" CSV writer saves them: read as plain comma-separated CSV, the same numbers")
    }

    /// A text field holding a comma in a semicolon file (a note column), which plain CSV without quotes cannot hold,
    /// is read with a semicolon in its place instead of splitting its row.
    @Test func aCommaInATextFieldOfASemicolonFile() throws {
        let lines = Self.thousandsLines.prefix(400).enumerated().map { index, fields in
            fields + [index == 0 ? "note" : index % 100 == 7 ? "left, then right" : "steady"]
        }
        let clean = lines.map { $0.joined(separator: ",").replacingOccurrences(of: "left, then", with: "left; then") }
            .joined(separator: "\n") + "\n"
        let saved = lines.map { $0.map { Double($0) != nil ? $0.replacingOccurrences(of: ".", with: ",") : $0 }.joined(separator: ";") }
            .joined(separator: "\n") + "\n"
        let layout = try readAsTheClean(clean, saved: saved, named: "accelerometer.csv")
        #expect(layout?.line == 1)
        #expect(layout?.message == "fields separated by semicolons with decimal commas, as a spreadsheet saves them in a locale that writes decimal commas; 4 text field(s) holding a comma, read with a semicolon in its place: read as plain comma-separated CSV, the same numbers")
    }
}
