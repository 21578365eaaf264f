import Foundation
import MotionRecording
import SwingAnalysis
import Testing
import _TestSupport

@testable import swing_metrics

/// The report reads its recording without loading it: each swing's traces over its window, the session timeline
/// from a streaming workout pass. Its traces are the whole-recording signals at the same samples, bit for bit, and
/// its page is byte for byte the one written from the loaded recording — for the bundled sample, a simulated raw-IMU
/// session (fused) and a native file, served from memory and memory-mapped.
@Suite struct SwingTracesTests {
    static let sample = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")

    /// What `report` writes for `opened` (one pass, ``RecordingAnalysisJob/analyzeWithTimeline(_:path:)``, written
    /// by ``SwingMetrics/Report/writeRecordingReport(_:timeline:of:to:job:)``), and the page made as the report was
    /// made before it streamed: the recording loaded, analysed by `analyze`, the traces and the timeline (a second
    /// pass) taken from the loaded copy.
    static func pages(_ opened: RecordingSource, job: RecordingAnalysisJob) throws -> (written: String, loaded: String) {
        let prepared = try job.analysisSource(opened)
        let (written, timeline) = job.analyzeWithTimeline(prepared, path: "session")
        let result = job.analyze(prepared, path: "session")
        #expect(written.json == result.json, "one pass gives analyze's row")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: path) }
        try SwingMetrics.Report.writeRecordingReport(written, timeline: timeline, of: prepared, to: path.path, job: job)
        let page = try String(contentsOf: path, encoding: .utf8)
        let recording = try prepared.source.loaded()
        var report = HTMLReport(
            analysis: result, recording: recording, configuration: job.configuration(for: recording.metadata))
        report.timeline = job.timelineSection(recording)
        return (page, report.render())
    }

    /// `traces` against the whole-recording signals of `recording`, sliced at each swing's window.
    static func expectWholeRecordingValues(_ traces: SwingTraces, swings: [Swing], recording: Recording,
        configuration: SwingAnalyzerConfiguration) throws
    {
        let accelerometer = try #require(recording.accelerometer)
        let deviceMotion = try #require(recording.deviceMotion)
        let impact = AnalysisSignals.impactHighPass(accelerometer, configuration: configuration)
        let rotation = try #require(AnalysisSignals.rotationAlongGravity(deviceMotion))
        #expect(traces.rotationReference == rotation.reference)
        #expect(traces.accelerometer.count == swings.count && traces.rotation.count == swings.count)
        for (index, swing) in swings.enumerated() {
            let window = SwingTraces.window(of: swing)
            let a = BinarySearch.firstIndex(in: accelerometer.timestamps, atOrAfter: window.lowerBound)
                ..< BinarySearch.firstIndex(in: accelerometer.timestamps, atOrAfter: window.upperBound)
            #expect(a.count > 100, "swing \(index): \(a.count) accelerometer samples")
            #expect(traces.accelerometer[index].times == Array(accelerometer.timestamps[a]))
            #expect(traces.accelerometer[index].rawZ == Array(accelerometer.z[a]))
            #expect(traces.accelerometer[index].highPassedZ == a.map { impact.highPassed[$0].z })
            #expect(traces.accelerometer[index].statistic == Array(impact.magnitude[a]))
            let d = BinarySearch.firstIndex(in: deviceMotion.timestamps, atOrAfter: window.lowerBound)
                ..< BinarySearch.firstIndex(in: deviceMotion.timestamps, atOrAfter: window.upperBound)
            #expect(d.count > 25, "swing \(index): \(d.count) device-motion samples")
            #expect(traces.rotation[index].times == Array(deviceMotion.timestamps[d]))
            #expect(traces.rotation[index].values == Array(rotation.values[d]))
        }
    }

    @Test func sampleTracesAreTheWholeRecordingSignals() throws {
        let opened = try RecordingSource.open(Self.sample, spillThreshold: 0)
        guard case .mapped = opened.storage else {
            Issue.record("Datasets/sample was not spilled")
            return
        }
        let job = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        let result = job.analyze(opened, path: "sample")
        #expect(result.swings.count >= 5, "\(result.swings.count) swings")
        let configuration = job.configuration(for: opened.metadata)
        let traces = SwingTraces(swings: result.swings, source: opened, configuration: configuration)
        try Self.expectWholeRecordingValues(
            traces, swings: result.swings, recording: try opened.loaded(), configuration: configuration)
    }

    @Test func sampleReportIsByteIdenticalMappedAndInMemory() throws {
        let job = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        let mapped = try Self.pages(RecordingSource.open(Self.sample, spillThreshold: 0), job: job)
        let inMemory = try Self.pages(RecordingSource.open(Self.sample, spillThreshold: .max), job: job)
        #expect(mapped.written == mapped.loaded)
        #expect(mapped.written == inMemory.written)
        #expect(inMemory.written == inMemory.loaded)
        #expect(mapped.written.contains("id=\"swing-5\"") && mapped.written.contains("Session timeline"))
    }

    /// A raw accelerometer + gyroscope session (no device motion): fused for the analysis, in memory or streaming
    /// into a temporary native file; the report shows the fused device motion either way, byte for byte alike.
    @Test func rawIMUReportIsByteIdenticalFusedMappedAndInMemory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-raw-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try InterchangeCSVWriter.write(AnalysisSourceTests.rawIMU, to: directory)
        let job = RecordingAnalysisJob(sport: nil, fileConfiguration: nil)
        let mapped = try Self.pages(RecordingSource.open(directory, spillThreshold: 0), job: job)
        let inMemory = try Self.pages(RecordingSource.open(directory, spillThreshold: .max), job: job)
        #expect(mapped.written == mapped.loaded)
        #expect(mapped.written == inMemory.written)
        #expect(mapped.written.contains("id=\"swing-1\"") && mapped.written.contains("fused"))

        let prepared = try job.analysisSource(RecordingSource.open(directory, spillThreshold: 0))
        let result = job.analyze(prepared, path: "raw")
        let configuration = job.configuration(for: prepared.source.metadata)
        let traces = SwingTraces(swings: result.swings, source: prepared.source, configuration: configuration)
        try Self.expectWholeRecordingValues(
            traces, swings: result.swings, recording: try prepared.source.loaded(), configuration: configuration)
    }

    /// A native file (memory-mapped) and the same recording in memory.
    @Test func nativeFileReportIsByteIdenticalToTheRecordingInMemory() throws {
        let npz = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).npz")
        defer { try? FileManager.default.removeItem(at: npz) }
        let recording = AnalysisSourceTests.recording
        try NativeFormat.write(recording, to: npz)
        let job = RecordingAnalysisJob(sport: .baseball, fileConfiguration: nil)
        let opened = try RecordingSource.open(npz)
        guard case .mapped = opened.storage else {
            Issue.record("the native file was not mapped")
            return
        }
        let mapped = try Self.pages(opened, job: job)
        let inMemory = try Self.pages(RecordingSource(try RecordingSource.open(npz).loaded()), job: job)
        #expect(mapped.written == mapped.loaded)
        #expect(mapped.written == inMemory.written)
        #expect(mapped.written.contains("id=\"swing-1\""))
    }
}
