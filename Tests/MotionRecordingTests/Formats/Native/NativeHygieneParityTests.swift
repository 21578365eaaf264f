import Foundation
import Testing

@testable import MotionRecording

/// The native reader runs the hygiene checks and repairs the text readers run: the same samples, as an interchange
/// CSV and as an .npz (written by our writer, or by another tool without a stored report), give the same repaired
/// samples and the same kinds of findings.
@Suite struct NativeHygieneParityTests {
    enum Damage: String, CaseIterable {
        case nan, milliseconds, metresPerSecondSquared, backwards, duplicateRow
    }

    static func damaged(_ damage: Damage) throws -> Recording {
        var recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        var a = recording.accelerometer!
        switch damage {
        case .nan: a.x[100] = .nan
        case .milliseconds: a.timestamps = a.timestamps.map { $0 * 1000 }
        case .metresPerSecondSquared:
            a.x = a.x.map { $0 * 9.80665 }
            a.y = a.y.map { $0 * 9.80665 }
            a.z = a.z.map { $0 * 9.80665 }
        case .backwards: a.timestamps.swapAt(300, 301)
        case .duplicateRow:
            a.timestamps[501] = a.timestamps[500]
            a.x[501] = a.x[500]
            a.y[501] = a.y[500]
            a.z[501] = a.z[500]
        }
        recording.accelerometer = a
        recording.deviceMotion = nil
        recording.accelerometerBatchEnds = nil
        recording.hygiene = HygieneReport()
        return recording
    }

    /// Writes `recording`'s accelerometer as an npz without `metadata_json` (as numpy would).
    static func writeForeign(_ recording: Recording, to url: URL) throws {
        let a = recording.accelerometer!
        try NpzWriter.write(
            [("accelerometer_timestamp", .float64(a.timestamps)), ("accelerometer_x", .float32(a.x)),
             ("accelerometer_y", .float32(a.y)), ("accelerometer_z", .float32(a.z))], to: url)
    }

    @Test(arguments: Damage.allCases)
    func nativeFilesAreRepairedAsTextFilesAre(_ damage: Damage) throws {
        let recording = try Self.damaged(damage)
        let directory = FixtureFiles.temporaryDirectory()
        let text = directory.appendingPathComponent("text")
        try InterchangeCSVWriter.write(recording, to: text)
        let ours = directory.appendingPathComponent("ours.npz")
        try NativeFormat.write(recording, to: ours)
        let foreign = directory.appendingPathComponent("foreign.npz")
        try Self.writeForeign(recording, to: foreign)

        let expected = try RecordingSource.open(text)
        let expectedKinds = Set(expected.hygiene.findings.map(\.kind))
        #expect(!expectedKinds.isEmpty, "the text import finds \(damage)")
        for url in [ours, foreign] {
            let source = try RecordingSource.open(url)
            #expect(Set(source.hygiene.findings.map(\.kind)) == expectedKinds, "\(url.lastPathComponent) \(damage)")
            #expect(source.hygiene.findings.allSatisfy { $0.file?.contains(url.lastPathComponent) == true })
            let repaired = try source.loaded()
            let reference = try expected.loaded()
            #expect(repaired.accelerometer?.timestamps == reference.accelerometer?.timestamps)
            #expect(repaired.accelerometer?.x == reference.accelerometer?.x)
            #expect(repaired.duration == reference.duration)
        }
    }

    /// A clean file from our writer stays memory-mapped (streamed, flat memory); a foreign clean one is described
    /// (stream summaries present, so `inspect` does not call its accelerometer absent).
    @Test func cleanFilesStayMappedAndForeignOnesAreDescribed() throws {
        var recording = try RecordingImporter.load(FixtureFiles.url("interchange/basic"))
        let directory = FixtureFiles.temporaryDirectory()
        let ours = directory.appendingPathComponent("ours.npz")
        try NativeFormat.write(recording, to: ours)
        guard case .mapped = try RecordingSource.open(ours).storage else {
            Issue.record("a clean native file should stay mapped")
            return
        }
        recording.deviceMotion = nil
        let foreign = directory.appendingPathComponent("foreign.npz")
        try Self.writeForeign(recording, to: foreign)
        let source = try RecordingSource.open(foreign)
        #expect(source.hygiene.accelerometer?.sampleCount == recording.accelerometer?.count)
        #expect(source.hygiene.findings.isEmpty)
    }

    @Test func anNpzWithNoneOfOurArraysIsAnError() throws {
        let url = FixtureFiles.temporaryDirectory().appendingPathComponent("other.npz")
        try NpzWriter.write([("weights", .float32([1, 2, 3]))], to: url)
        do {
            _ = try RecordingSource.open(url)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".hasSuffix(
                "other.npz: unrecognised format: not a recording: a numpy archive of 1 array (weights), none of them a recording's (accelerometer_timestamp, device_motion_timestamp)"),
                "\(error)")
        }
    }
}
