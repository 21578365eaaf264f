import Foundation
import Testing

@testable import MotionRecording

@Suite struct RecordingSourceTests {
    static let interchange = FixtureFiles.url("interchange/basic")

    @Test func opensAnInterchangeDirectoryIntoMemory() throws {
        let source = try RecordingSource.open(Self.interchange)
        let recording = try RecordingImporter.load(Self.interchange)
        #expect(source.format == .interchangeCSV)
        guard case .inMemory = source.storage else { Issue.record("expected an in-memory recording"); return }
        #expect(source.streams == [.accelerometer, .deviceMotion])
        #expect(source.sampleCount(.accelerometer) == recording.accelerometer?.count)
        #expect(source.sampleCount(.deviceMotion) == recording.deviceMotion?.count)
        #expect(source.duration == recording.duration)
        #expect(source.hygiene == recording.hygiene)
        #expect(source.batchRanges() == recording.batchRanges())
    }

    /// A native file is only mapped, and answers every question as the same recording in memory does.
    @Test func opensANativeFileAsAMappingThatAgreesWithTheRecording() throws {
        let recording = try RecordingImporter.load(Self.interchange)
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("basic.npz")
        try NativeFormat.write(recording, to: url)
        let source = try RecordingSource.open(url)
        #expect(source.format == .native)
        guard case .mapped = source.storage else { Issue.record("expected a mapped native file"); return }
        #expect(source.streams == recording.streams)
        #expect(source.deviceMotionComponents == recording.deviceMotionComponents)
        #expect(source.duration == recording.duration)
        #expect(source.metadata == recording.metadata)
        #expect(source.batchRanges() == recording.batchRanges())
        let loaded = try source.loaded()
        #expect(loaded.accelerometer == recording.accelerometer)
        #expect(loaded.deviceMotion == recording.deviceMotion)
        var buffer = AccelerometerData()
        source.copyAccelerometer(10..<20, into: &buffer)
        #expect(buffer == recording.accelerometer![10..<20])
    }

    @Test func anAccelerometerOnlyFileHasOneStream() throws {
        let source = try RecordingSource.open(FixtureFiles.url("raw/tiny-accelerometer.csv"))
        #expect(source.streams == [.accelerometer])
        #expect(source.sampleCount(.deviceMotion) == 0)
    }

    @Test func aMissingPathIsAnErrorNamingIt() {
        let url = FixtureFiles.url("no/such/recording")
        #expect(throws: RecordingError.self) { try RecordingSource.open(url) }
        do {
            _ = try RecordingSource.open(url)
        } catch {
            #expect("\(error)".contains("no/such/recording"))
        }
    }
}
