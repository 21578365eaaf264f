import MotionRecording
import SensorFusion

/// A recording as the analysis takes it, the fusion decision made: with device motion fused from its raw
/// accelerometer (g) and gyroscope (rad/s) when it has no device motion of its own with rotation rate, or when
/// fusion is forced (`--fuse`); otherwise the opened recording itself (a native file stays mapped).
///
/// Made once per recording, before anything reads it: the analysis, and the HTML report's traces and session
/// timeline, then all see the same device motion, and nothing is fused twice.
struct AnalysisSource: Sendable {
    /// What the analysis reads: fused (``RecordingMetadata/deviceMotionSource`` "fused", with a `fused` finding) or
    /// the opened recording.
    let source: RecordingSource

    /// `opened`, fused when it needs it (``BatchSource/needsFusion(force:)``: decided from its streams and device-motion
    /// column groups, nothing loaded). A recording in memory is fused in memory; a memory-mapped one (a native file,
    /// or a long text recording spilled on opening) is fused streaming into a temporary native file and stays
    /// mapped, so memory stays flat in its length (``RecordingSource/fusingDeviceMotion(configuration:directory:)``).
    init(_ opened: RecordingSource, forceFusion: Bool) throws {
        source = opened.needsFusion(force: forceFusion) ? try opened.fusingDeviceMotion() : opened
    }
}
