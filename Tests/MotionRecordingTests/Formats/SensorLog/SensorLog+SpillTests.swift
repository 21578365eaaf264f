import Foundation
import Testing

@testable import MotionRecording

/// A long SensorLog export is parsed into a temporary native file and served mapped; it must say and serve exactly
/// what the same text imported into memory does — samples (bit for bit), findings (file and line included) and
/// summaries — whether or not its magnetic field and heading carry data (known only at the end), clean or damaged.
/// Chunks of 3, 97 and 100,000 rows cut the runs of damaged rows at different places (or not at all).
@Suite struct SensorLogSpillTests {
    enum Case: String, CaseIterable {
        case basic, magneticFieldAndHeading, headingOnly, repeatedSamples, rowsWithoutAStream, truncatedLastLine
        // Damage a repair changes: repaired in place in the spill.
        case nan, backwards, milliseconds, gap

        static let rowCount = 2400

        /// The fixture's header and first row (every SensorLog column, 59 of them), as fields.
        static let template: (header: [String], row: [String]) = {
            let text = try! String(contentsOf: FixtureFiles.url("sensorlog/sensorlog-watch.csv"), encoding: .utf8)
            let lines = text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            return (lines[0], lines[1])
        }()

        func text() -> String {
            let (header, template) = Self.template
            func field(_ name: String) -> Int { header.firstIndex(of: name)! }
            let accelerometerTime = field("accelerometerTimestamp_sinceReboot(s)")
            let motionTime = field("motionTimestamp_sinceReboot(s)")
            let accelerometer = SensorLogTable.accelerometerNames.map(field)
            let motion = SensorLogTable.motionNames.map(field)
            var lines = [header.joined(separator: ",")]
            for row in 0..<Self.rowCount {
                var fields = template
                var sample = row
                if self == .repeatedSamples && (600..<640).contains(row) { sample = 600 }  // logging faster than the sensor
                var time = 1820.5 + Double(sample) / 100
                if self == .gap && sample >= 1500 { time += 0.25 }
                if self == .backwards && (1800..<1805).contains(sample) { time -= 0.03 }
                if self == .milliseconds { time *= 1000 }
                let phase = Double(sample) / 30
                fields[accelerometerTime] = time.description
                fields[motionTime] = (time - 0.005).description
                let a = [0.1 * sin(phase), 0.2 * cos(phase), -1 + 0.05 * sin(2 * phase)]
                for axis in 0..<3 { fields[accelerometer[axis]] = a[axis].description }
                if self == .nan && (900..<903).contains(row) { fields[accelerometer[1]] = "nan" }
                let half = phase / 4
                let quaternion = [cos(half), sin(half) * 0.6, sin(half) * 0.8, 0]
                let values = quaternion + [0.1 * sin(phase), -0.1, -0.99, 0.01, 0.02, -0.03, 1.5 * sin(phase), 0.5, -0.25]
                for index in 0..<13 { fields[motion[index]] = values[index].description }
                switch self {
                case .magneticFieldAndHeading:
                    for (index, value) in [20.5 + sin(phase), -4.0, -40.25, 180 + 10 * sin(phase)].enumerated() {
                        fields[motion[13 + index]] = value.description
                    }
                case .headingOnly: fields[motion[16]] = row < 1000 ? "-1" : "12.5"
                default: break
                }
                if self == .rowsWithoutAStream {
                    if row % 3 == 1 { (fields[accelerometerTime], fields[accelerometer[0]], fields[accelerometer[1]], fields[accelerometer[2]]) = ("", "", "", "") }
                    if row % 5 == 2 { fields[motionTime] = "" }
                }
                lines.append(fields.joined(separator: ","))
            }
            var text = lines.joined(separator: "\n") + "\n"
            if self == .truncatedLastLine { text += template.prefix(20).joined(separator: ",") }
            return text
        }

        func url() -> URL { FixtureFiles.write(text(), named: rawValue + ".csv") }
    }

    @Test(arguments: Case.allCases)
    func aSpilledExportIsTheImportedOne(_ recordingCase: Case) throws {
        let url = recordingCase.url()
        let imported = try RecordingSource.open(url, spillThreshold: .max)
        guard case .inMemory = imported.storage else { Issue.record("below the threshold: in memory"); return }
        let spilled = try RecordingSource.open(url, spillThreshold: 0)
        guard case .mapped = spilled.storage else { Issue.record("above the threshold: spilled"); return }
        #expect(spilled.format == .sensorLog)
        try expectSameRecording(spilled, as: imported)
        for chunkRows in [3, 97, 100_000] {
            let file = try #require(try SensorLog.openSpilled(url, spillAbove: 0, chunkRows: chunkRows))
            try expectSameRecording(RecordingSource(path: url.path, format: .sensorLog, storage: .mapped(file)), as: imported)
        }
        let recording = try imported.loaded()
        switch recordingCase {
        case .basic: #expect(recording.deviceMotion?.components == .full)
        case .magneticFieldAndHeading: #expect(recording.deviceMotion?.components == [.full, .magneticField, .heading])
        case .headingOnly: #expect(recording.deviceMotion?.components == [.full, .heading])
        case .repeatedSamples:
            #expect(imported.hygiene.findings(ofKind: .duplicateRows).first?.line == 600 + 3)
            #expect(recording.accelerometer?.count == Case.rowCount - 39)
        case .rowsWithoutAStream:
            #expect(recording.accelerometer?.count == Case.rowCount - Case.rowCount / 3)
            #expect(recording.deviceMotion?.count == Case.rowCount - Case.rowCount / 5)
        case .truncatedLastLine: #expect(imported.hygiene.findings(ofKind: .truncated).contains { $0.line == Case.rowCount + 2 })
        case .nan: #expect(imported.hygiene.findings(ofKind: .nan).first?.line == 900 + 2)
        case .backwards: #expect(!imported.hygiene.findings(ofKind: .nonMonotonic).isEmpty)
        case .milliseconds: #expect(!imported.hygiene.findings(ofKind: .units).isEmpty)
        case .gap: #expect(imported.hygiene.findings(ofKind: .gap).first?.line == 1500 + 2)
        }
    }

    /// A malformed export is the same error through the spill as through the in-memory import: a cell that is not
    /// a number, then (only once every row has parsed) an empty accelerometer value before an empty device-motion
    /// value, wherever each is.
    @Test(arguments: [
        [(1200, "accelerometerAccelerationY(G)", "abc"), (100, "accelerometerAccelerationX(G)", "")],
        [(1900, "accelerometerAccelerationZ(G)", ""), (300, "motionGravityY(G)", "")],
        [(700, "motionHeading(°)", ""), (1500, "motionRotationRateZ(rad/s)", "")],
    ])
    func aMalformedExportIsTheSameError(_ damage: [(Int, String, String)]) throws {
        var lines = Case.basic.text().split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for (row, name, value) in damage { lines[row + 1][lines[0].firstIndex(of: name)!] = value }
        let url = FixtureFiles.write(lines.map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n", named: "bad.csv")
        let errors = spilledAndImportedErrors(url)
        let expectedLine = damage[0].1 == "motionHeading(°)" ? damage[1].0 + 2 : damage[0].0 + 2
        #expect(errors.count == 2 && errors[0] == errors[1] && errors[0].contains(":\(expectedLine):"), "\(errors)")
    }
}
