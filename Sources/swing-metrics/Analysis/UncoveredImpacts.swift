import Foundation
import MotionRecording
import SwingAnalysis

/// Impacts the swing analysis found where device motion has no samples — before it starts, after it stops, or in one
/// of its gaps (a watch app that stopped its motion updates early, a gyroscope that stopped) — become one finding.
/// The analyzer reports an impact without a swing's rotation among ``SwingAnalysisResult/unmatchedImpacts`` (a clap
/// or tap while the wrist's rotation is known); where no rotation was recorded, such an impact may be a real contact,
/// and dropping it unsaid would lose it silently.
enum UncoveredImpacts {
    /// The finding for `impacts` (s, recording clock) outside `deviceMotion`'s span and gaps, or `nil` when there
    /// is none (or no device-motion summary to judge by).
    static func finding(_ impacts: [Double], deviceMotion: StreamSummary?) -> HygieneFinding? {
        guard let deviceMotion, deviceMotion.sampleCount > 0 else { return nil }
        let uncovered = impacts.filter { time in
            time < deviceMotion.start || time > deviceMotion.end
                || deviceMotion.gaps.contains { time > $0.start && time < $0.start + $0.duration }
        }
        guard !uncovered.isEmpty else { return nil }
        let listed = uncovered.prefix(10).map { String(format: "%.3f", $0) }.joined(separator: ", ")
        let span = String(format: "%.3f–%.3f s", deviceMotion.start, deviceMotion.end)
        return HygieneFinding(
            kind: "uncovered-impacts",
            message: "\(uncovered.count) impact(s) where device motion has no samples (it spans \(span)\(deviceMotion.gaps.isEmpty ? "" : ", with \(deviceMotion.gaps.count) gap(s)")) at \(listed)\(uncovered.count > 10 ? ", …" : "") s: no rotation to tell a swing from a tap, so not reported as swings")
    }

    /// The device-motion summary of `source`: its own, or for device motion fused from the raw gyroscope (which
    /// carries no summary of its own) the gyroscope's, whose timestamps it has.
    static func deviceMotionSummary(_ source: RecordingSource) -> StreamSummary? {
        if let summary = source.hygiene.deviceMotion { return summary }
        return source.metadata.deviceMotionSource == "fused" ? source.hygiene.gyroscope : nil
    }
}
