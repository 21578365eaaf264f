import MotionRecording
import SwingAnalysis

extension RecordingAnalysisJob {
    /// Sets the head measures (`headRotation`, `headPeakRate`, `headStill`, `headRotationBeforeImpact`) of `swings`
    /// from the recording's headphone stream, when it has one, and returns what ``HeadMotionMeter`` reports (swings
    /// left unknown, switches of bud bridged). Without a stream the fields stay `nil` and nothing is reported.
    ///
    /// The headphone stream is slow (≈ 25 Hz) and not batched, so this runs once after the swing analysis on the
    /// swings found. A memory-mapped native file's headphone stream is copied out of the mapping first.
    static func measureHead(_ swings: inout [Swing], of source: RecordingSource) -> [HygieneFinding] {
        guard let headphones = source.slowerStreams.headphoneMotion, !headphones.isEmpty else { return [] }
        return HeadMotionMeter.measure(&swings, headphones: headphones)
    }
}
