import Foundation
import Testing
@testable import MotionRecording

/// Reading a SensorLog export's header.
@Suite struct SensorLogTableTests {
    /// A SensorLog export saved again by a spreadsheet in a decimal-comma locale: the whole header is one field. The
    /// error names the separator, not "neither accelerometerTimestamp_sinceReboot(s) nor …" (which it has).
    @Test func aSemicolonSeparatedExportNamesTheSeparator() throws {
        let header = ["loggingTime(txt)", SensorLogTable.accelerometerTimeName] + SensorLogTable.accelerometerNames
        let text = header.joined(separator: ";") + "\n2026-05-05T16:37:36.734+02:00;1820,8313;-0,1297;-0,0952;-1,0013\n"
        let url = FixtureFiles.write(text, named: "sensorlog.csv")
        #expect(try RecordingImporter.detectFormat(url) == .sensorLog)
        #expect {
            try RecordingImporter.load(url)
        } throws: { error in
            "\(error)".hasSuffix(
                "sensorlog.csv:1: fields are separated by semicolons, not commas: export the file as comma-separated CSV with decimal points")
        }
    }
}
