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

    /// `opened`, fused when it needs it (``Recording/needsFusion(force:)``). A recording with both an accelerometer
    /// and a gyroscope is loaded into memory to decide; any other is passed on untouched.
    init(_ opened: RecordingSource, forceFusion: Bool) throws {
        let streams = opened.streams
        guard streams.contains(.accelerometer), streams.contains(.gyroscope) else {
            source = opened
            return
        }
        let recording = try opened.loaded()
        guard recording.needsFusion(force: forceFusion) else {
            source = opened
            return
        }
        source = RecordingSource(try recording.fusingDeviceMotion(), path: opened.path, format: opened.format)
    }
}
