import Foundation
import MotionRecording
import Testing
import _TestSupport

@testable import SwingSimulation

/// `Datasets/` in the package root.
let datasetsDirectory = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets")

@Suite struct DatasetsTests {
    /// Regenerates `Datasets/sample` (run with `GENERATE_DATASETS=1 swift test --filter DatasetsTests`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["GENERATE_DATASETS"] != nil))
    func generateSample() throws {
        let directory = datasetsDirectory.appendingPathComponent("sample")
        try? FileManager.default.removeItem(at: directory)
        try SwingSimulator.simulate(.datasetSample).write(to: directory, format: .interchangeCSV)
    }

    /// The bundled sample is exactly what the package generates from `SimulationConfiguration.datasetSample`.
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["GENERATE_DATASETS"] == nil),
        .enabled(if: FileManager.default.fileExists(atPath: datasetsDirectory.appendingPathComponent("sample").path)))
    func bundledSampleMatchesTheGenerator() throws {
        let directory = datasetsDirectory.appendingPathComponent("sample")
        let session = SwingSimulator.simulate(.datasetSample)
        let truth = try GroundTruth.read(from: directory)
        #expect(truth == session.truth)
        let loaded = try RecordingImporter.load(directory)
        #expect(loaded.accelerometer == session.recording.accelerometer)
        #expect(loaded.deviceMotion == session.recording.deviceMotion)
        #expect(truth.swings.count == 9)
        #expect(truth.swings.filter(\.contact).count == 6)
    }

    /// `Datasets/sample-configuration.json` (for `swing-metrics simulate --config`) is the same configuration.
    @Test func sampleConfigurationFileIsTheSampleConfiguration() throws {
        let data = try Data(contentsOf: datasetsDirectory.appendingPathComponent("sample-configuration.json"))
        #expect(try JSONDecoder().decode(SimulationConfiguration.self, from: data) == .datasetSample)
    }
}
