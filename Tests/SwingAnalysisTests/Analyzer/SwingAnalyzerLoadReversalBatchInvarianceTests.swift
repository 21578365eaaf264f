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
        let acc = session.recording.accelerometer!
        let dm = session.recording.deviceMotion!
        var random = SplitMix64(seed: seed)
        var analyzer = SwingAnalyzer(configuration: analyzerConfiguration)
        var output = SwingAnalysisResult()
        var (i, j) = (0, 0)
        while i < acc.count || j < dm.count {
            let accTime = i < acc.count ? acc.timestamps[i] : .infinity
            let dmTime = j < dm.count ? dm.timestamps[j] : .infinity
            if accTime <= dmTime + Double.random(in: -0.5...0.5, using: &random) {
                let n = Swift.min(acc.count - i, Int.random(in: 0...(4 * maxChunk), using: &random))
                analyzer.feed(accelerometer: acc, range: i..<(i + n), into: &output)
                i += n
            } else {
                let n = Swift.min(dm.count - j, Int.random(in: 0...maxChunk, using: &random))
                analyzer.feed(deviceMotion: dm, range: j..<(j + n), into: &output)
                j += n
            }
        }
        analyzer.finish(into: &output)
        #expect(output.swings == reference.swings)
        #expect(output.unmatchedImpacts == reference.unmatchedImpacts)
    }
}
