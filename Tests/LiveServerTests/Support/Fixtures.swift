import Foundation
import LiveServer
import MotionRecording
import SwingAnalysis
import _TestSupport
@testable import LiveServer

/// The bundled sample recording (54 s, baseball) and what offline analysis gives for it.
enum Fixtures {
    static let sampleURL = SharedDatasets.repositoryRoot.appendingPathComponent("Datasets/sample")
    static let sample: Recording = try! RecordingImporter.load(sampleURL)
    static let sampleBatches = LiveBatch.batches(of: sample)
    /// The offline swings, each as `analyze --format json` writes it (compact).
    static let sampleOfflineSwings: [String] = SwingAnalyzer.analyze(sample, configuration: .baseball).swings
        .map(\.json.serialized)

    static func steps(_ batches: ArraySlice<LiveBatch>) -> [ScriptedClient.Step] { batches.map { .batch($0) } }
}
