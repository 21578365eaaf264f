import Foundation
import Testing
@testable import MotionRecording

/// Reading a SensorLog export's header.
@Suite struct SensorLogTableTests {
    /// A SensorLog export saved again by a spreadsheet in a decimal-comma locale: read from the file as the
    /// comma-separated export; its bytes given to the table directly (not rewritten), the whole header is one
    /// field and the error names the separator, not "neither accelerometerTimestamp_sinceReboot(s) nor …".
    @Test func aSemicolonSeparatedExportIsReadOrNamesTheSeparator() throws {
        let header = ["loggingTime(txt)", SensorLogTable.accelerometerTimeName] + SensorLogTable.accelerometerNames
        let text = header.joined(separator: ";") + "\n2026-05-05T16:37:36.734+02:00;1820,8313;-0,1297;-0,0952;-1,0013\n"
        let url = FixtureFiles.write(text, named: "sensorlog.csv")
        #expect(try RecordingImporter.detectFormat(url) == .sensorLog)
        let imported = try SensorLog.read(url)
        #expect(imported.accelerometer?.samples.timestamps == [1820.8313])
        #expect(imported.accelerometer?.samples.x == [-0.1297] && imported.accelerometer?.samples.z == [-1.0013])
        #expect(imported.findings.map(\.kind) == ["layout"] && imported.findings.first?.line == 1)
        #expect {
            try Array(text.utf8).withUnsafeBufferPointer { bytes in try SensorLogTable(bytes: bytes, file: "sensorlog.csv") }
        } throws: { error in
            "\(error)" == "sensorlog.csv:1: fields are separated by semicolons, not commas: export the file as comma-separated CSV with decimal points"
        }
    }
}
