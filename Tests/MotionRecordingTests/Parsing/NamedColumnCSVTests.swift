import Foundation
import Testing
@testable import MotionRecording

/// A third-party export's columns found by name in any case, with or without blanks and quotes (never past a unit).
@Suite struct NamedColumnCSVTests {
    @Test func namesAreFoundIgnoringCaseBlanksAndQuotes() throws {
        let text = "Time,\" Seconds_Elapsed \",Z,y,X\n100,0.5,3,2,1\n"
        let requests = ["time", "seconds_elapsed", "x", "y", "z"].map {
            NamedColumnCSV.Request(names: [$0], kind: .double, required: true)
        }
        let table = try Array(text.utf8).withUnsafeBufferPointer { try NamedColumnCSV(bytes: $0, file: "Accelerometer.csv", requests: requests) }
        #expect(table.columns == [[100], [0.5], [1], [2], [3]])
        #expect(table.found == [true, true, true, true, true])
        #expect(throws: RecordingError.self) {
            _ = try Array("time,x (m/s^2)\n1,2\n".utf8).withUnsafeBufferPointer {
                try NamedColumnCSV(bytes: $0, file: "a.csv", requests: [NamedColumnCSV.Request(names: ["x"], kind: .double, required: true)])
            }
        }
    }
}
