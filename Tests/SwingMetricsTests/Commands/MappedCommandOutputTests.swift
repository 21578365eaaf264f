import Foundation
import SensorFusion
import Testing
import _TestSupport
@testable import MotionRecording
@testable import swing_metrics

/// `inspect`, `convert` and `fuse` of a memory-mapped recording (a native file, or a text recording spilled on
/// opening) read it streaming; their output is byte for byte what the same commands write from the recording loaded
/// whole into memory. Each recording is opened mapped (spilled whatever its size) and compared with a source holding
/// its loaded copy.
@Suite struct MappedCommandOutputTests {
    /// Datasets/sample (interchange CSV: accelerometer and device motion), a simulated session written as a native
    /// file (stored batch ends), and a simulated raw accelerometer + gyroscope session without device motion
    /// (interchange CSV).
    static func recordings(in directory: URL) throws -> [URL] {
        let (simulated, raw) = try FuseCommandTests.sessions(in: directory)
        let npz = directory.appendingPathComponent("sim.npz")
        let convert = try CommandRunner.run(["convert", simulated, npz.path])
        #expect(convert.status == 0, "\(convert.standardError)")
        return [
            SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample"), npz, URL(fileURLWithPath: raw),
        ]
    }

    /// `url` opened memory-mapped (spilled when it is text), and a source holding its loaded copy.
    static func mappedAndLoaded(_ url: URL) throws -> (mapped: RecordingSource, loaded: RecordingSource) {
        let mapped = try RecordingSource.open(url, spillThreshold: 0)
        guard case .mapped = mapped.storage else {
            Issue.record("\(url.path) was not opened mapped")
            return (mapped, mapped)
        }
        let loaded = try RecordingSource.open(url, spillThreshold: 0)
        return (mapped, RecordingSource(try loaded.loaded(), path: loaded.path, format: loaded.format))
    }

    @Test func inspectOfAMappedRecordingDescribesItAsLoaded() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for url in try Self.recordings(in: directory) {
            let (mapped, loaded) = try Self.mappedAndLoaded(url)
            let text = SwingMetrics.Inspect.text(mapped, path: url.path)
            #expect(text == SwingMetrics.Inspect.text(loaded, path: url.path))
            #expect(text.contains(" batches of ") || text.contains(" batch of "), "\(text)")
            #expect(
                SwingMetrics.Inspect.json(mapped, path: url.path).prettySerialized
                    == SwingMetrics.Inspect.json(loaded, path: url.path).prettySerialized)
        }
    }

    @Test func convertOfAMappedRecordingWritesTheSameBytes() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, url) in try Self.recordings(in: directory).enumerated() {
            let (mapped, loaded) = try Self.mappedAndLoaded(url)
            let out = directory.appendingPathComponent("out\(index)")
            try NativeFormat.write(mapped, to: out.appendingPathExtension("mapped.npz"))
            try NativeFormat.write(loaded, to: out.appendingPathExtension("loaded.npz"))
            let npz = try Data(contentsOf: out.appendingPathExtension("mapped.npz"))
            let npzOfLoaded = try Data(contentsOf: out.appendingPathExtension("loaded.npz"))
            #expect(npz.count > 10_000 && npz == npzOfLoaded, "\(url.path)")
            try InterchangeCSVWriter.write(mapped, to: out.appendingPathExtension("mapped"))
            try InterchangeCSVWriter.write(loaded, to: out.appendingPathExtension("loaded"))
            let csv = try directoryContents(out.appendingPathExtension("mapped"))
            #expect(csv.keys.contains("accelerometer.csv") && csv.keys.contains("metadata.json"))
            let csvOfLoaded = try directoryContents(out.appendingPathExtension("loaded"))
            #expect(csv == csvOfLoaded, "\(url.path)")
        }
    }

    @Test func fuseOfAMappedRecordingWritesTheInMemoryFusion() throws {
        let directory = try CommandRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let raw = try Self.recordings(in: directory)[2]
        let (mapped, loaded) = try Self.mappedAndLoaded(raw)
        let streamed = try mapped.fusingDeviceMotion()
        guard case .mapped = streamed.storage else {
            Issue.record("the mapped fusion was not streamed")
            return
        }
        try InterchangeCSVWriter.write(streamed, to: directory.appendingPathComponent("streamed"))
        try InterchangeCSVWriter.write(try loaded.fusingDeviceMotion(), to: directory.appendingPathComponent("in-memory"))
        let written = try directoryContents(directory.appendingPathComponent("streamed"))
        #expect(written.keys.sorted() == ["accelerometer.csv", "device_motion.csv", "gyroscope.csv", "metadata.json"])
        #expect((written["device_motion.csv"]?.count ?? 0) > 100_000)
        let inMemory = try directoryContents(directory.appendingPathComponent("in-memory"))
        #expect(written == inMemory)
    }
}
