import MotionRecording
import SwingAnalysis
import SwingSimulation
import Testing
import _TestSupport

/// Batch invariance where swings start straight out of a load (the zero-crossing onset reads samples on both sides
/// of the crossing): ragged random batches, single samples included, give `==` swings.
@Suite struct SwingAnalyzerLoadReversalBatchInvarianceTests {
    @Test(arguments: [(SimulationConfiguration.Sport.tennis, 3 as UInt64, 40), (.golf, 4, 300), (.baseball, 5, 1)])
    func loadSessionIsBatchInvariant(sport: SimulationConfiguration.Sport, seed: UInt64, maxChunk: Int) {
        let configuration = SimulationConfiguration.preset(sport, seed: seed, mix: .proportional(swings: 10))
            .withLoadReversals(share: 0.5)
        let analyzerConfiguration = SwingAnalyzerConfiguration.preset(named: sport.rawValue)!
        let session = SwingSimulator.simulate(configuration)
        let reference = SwingAnalyzer.analyze(session.recording, configuration: analyzerConfiguration)
        // Every swing but, in the tennis session, one slow practice swing the detector does not take for a swing.
        #expect(reference.swings.count >= 9)
        let output = analyzeInRaggedBatches(
            session.recording, configuration: analyzerConfiguration, seed: seed,
            maxAccelerometerPiece: 4 * maxChunk, maxDeviceMotionPiece: maxChunk)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }
}
