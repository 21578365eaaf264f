import Foundation
import Testing
import _TestSupport
@testable import MotionRecording

@Suite struct RawBatchedDumpTests {
    @Test func keepsBatchBoundaries() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw/tiny-accelerometer.csv"))
        let accelerometer = try #require(recording.accelerometer)
        #expect(recording.deviceMotion == nil)
        #expect(accelerometer.count == 15)
        #expect(recording.accelerometerBatchEnds == [5, 9, 15])
        #expect(accelerometer.timestamps[0] == 56257.44241896361)
        #expect(accelerometer.x[0] == -0.45)
        #expect(recording.batchRanges().map(\.range) == [0..<5, 5..<9, 9..<15])
        #expect(recording.metadata.sourceFormat == "raw-batched-dump")
        #expect(recording.hygiene.isClean, "\(recording.hygiene.findings)")
    }

    @Test func rotationFileByNameIsRotationOnlyDeviceMotion() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw/tiny-rotation.csv"))
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(recording.accelerometer == nil)
        #expect(deviceMotion.components == .rotationRate)
        #expect(deviceMotion.rotationRateX[0] == -0.07)
        #expect(recording.deviceMotionBatchEnds == [4, 9])
    }

    @Test func unnamedFileIsDecidedFromValuesAndReported() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw/session-17.csv"))
        #expect(recording.accelerometer?.count == 15)
        let finding = try #require(recording.hygiene.findings(ofKind: .streamDetection).first)
        #expect(finding.message.contains("read as accelerometer from the values"))
    }

    @Test func explicitStreamOverridesName() throws {
        let recording = try RecordingImporter.load(
            FixtureFiles.url("raw/tiny-accelerometer.csv"), format: .rawBatchedDump(stream: .deviceMotion))
        #expect(recording.accelerometer == nil)
        #expect(recording.deviceMotion?.rotationRateX.count == 15)
    }

    @Test func directoryPairsBothStreams() throws {
        let recording = try RecordingImporter.load(FixtureFiles.url("raw-directory"))
        #expect(recording.accelerometer?.count == 15)
        #expect(recording.deviceMotion?.count == 9)
        #expect(recording.accelerometerBatchEnds == [5, 9, 15])
        #expect(recording.deviceMotionBatchEnds == [4, 9])
        #expect(try RecordingImporter.detectFormat(FixtureFiles.url("raw-directory")) == .rawBatchedDump(stream: nil))
    }

    /// Two dumps of one stream in a directory cannot be paired: the error names the directory and both files.
    @Test(arguments: [("accelerometer", "watch-accelerometer.csv", "accel-2.csv"), ("device-motion", "watch-rotation.csv", "gyro-2.csv")])
    func aSecondDumpOfAStreamIsAnError(noun: String, original: String, copy: String) throws {
        let directory = FixtureFiles.temporaryDirectory("twoDumps\(copy)")
        for name in ["watch-accelerometer.csv", "watch-rotation.csv"] {
            try FileManager.default.copyItem(
                at: FixtureFiles.url("raw-directory/\(name)"), to: directory.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: FixtureFiles.url("raw-directory/\(original)"), to: directory.appendingPathComponent(copy))
        let error = try #require(throws: RecordingError.self) { try RawBatchedDump.read(directory: directory) }
        #expect("\(error)".contains(directory.path))
        #expect("\(error)".contains("two \(noun) dumps (\(copy), \(original))"), "\(error)")
    }

    @Test(.enabled(if: SharedDatasets.file("tennis-motion/forehand-seven-shots-accelerometer.csv") != nil))
    func realTennisAccelerometer() throws {
        let url = try #require(SharedDatasets.file("tennis-motion/forehand-seven-shots-accelerometer.csv"))
        let recording = try RecordingImporter.load(url)
        let accelerometer = try #require(recording.accelerometer)
        #expect(recording.deviceMotion == nil)
        #expect(accelerometer.count == 15_632)
        #expect(abs(recording.duration - 19.49) < 0.005)
        let summary = try #require(recording.hygiene.accelerometer)
        #expect(abs(summary.estimatedRate - 798.7) < 0.5)
        let ends = try #require(recording.accelerometerBatchEnds)
        let sizes = zip(ends, [0] + ends.dropLast()).map { $0 - $1 }
        #expect(sizes.min() == 392)
        #expect(sizes.max() == 836)
        #expect(ends.last == 15_632)
        #expect(accelerometer.timestamps[0] == 56257.44241896361)
        #expect(recording.hygiene.findings(ofKind: .saturation).isEmpty)
        #expect(recording.hygiene.findings(ofKind: .units).isEmpty)
        #expect(recording.hygiene.findings(ofKind: .nonMonotonic).isEmpty)
    }

    @Test(.enabled(if: SharedDatasets.file("tennis-motion/six-shots-rotation.csv") != nil))
    func realTennisRotation() throws {
        let url = try #require(SharedDatasets.file("tennis-motion/six-shots-rotation.csv"))
        let recording = try RecordingImporter.load(url)
        let deviceMotion = try #require(recording.deviceMotion)
        #expect(recording.accelerometer == nil)
        #expect(deviceMotion.components == .rotationRate)
        #expect(deviceMotion.timestamps[0] == 67782.08207686669)
        let ends = try #require(recording.deviceMotionBatchEnds)
        let sizes = zip(ends, [0] + ends.dropLast()).map { $0 - $1 }
        #expect(sizes.min()! >= 99 && sizes.max()! <= 201)
        #expect(abs((recording.hygiene.deviceMotion?.estimatedRate ?? 0) - 200) < 2)
    }
}
