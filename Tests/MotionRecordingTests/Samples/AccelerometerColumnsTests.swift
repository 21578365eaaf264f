import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

/// Borrowed accelerometer columns: from arrays, from a mapped native file written by us (no copy), and from a numpy
/// file with `<f8` values (copied into the scratch) — always the samples `copyAccelerometer` gives.
@Suite struct AccelerometerColumnsTests {
    static func values(_ columns: AccelerometerColumns) -> AccelerometerData {
        AccelerometerData(
            timestamps: Array(columns.timestamps), x: Array(columns.x), y: Array(columns.y), z: Array(columns.z))
    }

    @Test func arraysAndMappedFilesLendTheSamplesTheyWouldCopy() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let accelerometer = try #require(recording.accelerometer)
        let file = try FixtureFiles.openedNativeFile(recording)
        let range = 1..<(accelerometer.count - 1)
        var scratch = AccelerometerData()
        let borrowed = file.withAccelerometerColumns(range, scratch: &scratch) { Self.values($0) }
        #expect(borrowed == accelerometer[range])
        #expect(scratch.count == 0, "a file written by NativeFormat is lent, not copied")
        #expect(recording.withAccelerometerColumns(range, scratch: &scratch) { Self.values($0) } == accelerometer[range])
        #expect(accelerometer.withColumns(0..<0) { $0.count } == 0)
    }

    @Test func otherDtypesAreCopiedIntoTheScratch() throws {
        let file = try NativeFormat.open(FixtureFiles.url("native/numpy-written.npz"))  // accelerometer_x is <f8
        var expected = AccelerometerData()
        file.copyAccelerometer(0..<file.accelerometerCount, into: &expected)
        var scratch = AccelerometerData()
        let lent = file.withAccelerometerColumns(0..<file.accelerometerCount, scratch: &scratch) { Self.values($0) }
        #expect(lent == expected)
        #expect(scratch == expected)
        #expect(expected.count == 4)
    }
}
