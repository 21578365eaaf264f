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
            return self == .interchangeDirectory || self == .sensorLoggerDirectory
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
}
