import MotionRecording
import SwingAnalysis
import _TestSupport

/// Feeds a recording's two streams to a fresh analyzer in random ragged pieces (empty and single-sample pieces
/// included) that keep the streams within about a second of each other, as a watch's delivery may; the result must
/// equal the offline analysis for any such cut.
func analyzeInRaggedBatches(
    _ recording: Recording, configuration: SwingAnalyzerConfiguration, seed: UInt64,
    maxAccelerometerPiece: Int, maxDeviceMotionPiece: Int
) -> SwingAnalysisResult {
    let acc = recording.accelerometer!
    let dm = recording.deviceMotion!
    var random = SplitMix64(seed: seed)
    var analyzer = SwingAnalyzer(configuration: configuration)
    var output = SwingAnalysisResult()
    var (i, j) = (0, 0)
    while i < acc.count || j < dm.count {
        let accTime = i < acc.count ? acc.timestamps[i] : .infinity
        let dmTime = j < dm.count ? dm.timestamps[j] : .infinity
        if accTime <= dmTime + Double.random(in: -0.5...0.5, using: &random) {
            let n = Swift.min(acc.count - i, Int.random(in: 0...maxAccelerometerPiece, using: &random))
            analyzer.feed(accelerometer: acc, range: i..<(i + n), into: &output)
            i += n
        } else {
            let n = Swift.min(dm.count - j, Int.random(in: 0...maxDeviceMotionPiece, using: &random))
            analyzer.feed(deviceMotion: dm, range: j..<(j + n), into: &output)
            j += n
        }
    }
    analyzer.finish(into: &output)
    return output
}
