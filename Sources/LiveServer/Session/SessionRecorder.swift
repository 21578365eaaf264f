import Foundation
import MotionRecording

/// Keeps a session's samples, batch by batch, for writing as a native `.npz` recording when the session ends.
///
/// Memory: the samples are held until then — 20 bytes per accelerometer sample (Float64 time, 3 × Float32) and
/// 8 + 4 × columns bytes per device-motion sample, ≈ 16 KB + 12 KB per second of a full 800/200 Hz stream, so
/// ≈ 100 MB per hour. Recording stops (and the summary says so) at ``maximumSeconds`` of accelerometer or device
/// motion, which bounds it; analysis goes on.
struct SessionRecorder: Sendable {
    let url: URL
    let maximumSeconds: Double
    let metadata: RecordingMetadata
    private var accelerometer = AccelerometerData()
    private var deviceMotion = DeviceMotionData()
    private var accelerometerEnds: [Int] = []
    private var deviceMotionEnds: [Int] = []
    /// Set once the bound was reached; later batches are not kept.
    private(set) var truncated = false

    init(url: URL, maximumSeconds: Double, metadata: RecordingMetadata) {
        self.url = url
        self.maximumSeconds = maximumSeconds
        self.metadata = metadata
    }

    mutating func append(_ batch: LiveBatch) {
        guard !truncated else { return }
        switch batch.samples {
        case .accelerometer(let data):
            if let first = accelerometer.timestamps.first, data.timestamps.last! - first > maximumSeconds {
                truncated = true
                return
            }
            accelerometer.timestamps += data.timestamps
            accelerometer.x += data.x
            accelerometer.y += data.y
            accelerometer.z += data.z
            accelerometerEnds.append(accelerometer.count)
        case .deviceMotion(let data):
            if let first = deviceMotion.timestamps.first, data.timestamps.last! - first > maximumSeconds {
                truncated = true
                return
            }
            if deviceMotion.isEmpty {
                deviceMotion = data
            } else {
                guard data.components == deviceMotion.components else {
                    // A change of column groups mid-session cannot be stored in one set of columns.
                    truncated = true
                    return
                }
                deviceMotion.timestamps += data.timestamps
                for (_, column) in BinaryBatchFrame.deviceMotionColumns where !data[keyPath: column].isEmpty {
                    deviceMotion[keyPath: column] += data[keyPath: column]
                }
            }
            deviceMotionEnds.append(deviceMotion.count)
        }
    }

    /// Writes the recording (with the delivered batch boundaries, so that `analyze` feeds the same batches).
    func write() throws(RecordingError) {
        let recording = Recording(
            accelerometer: accelerometer.isEmpty ? nil : accelerometer,
            deviceMotion: deviceMotion.isEmpty ? nil : deviceMotion,
            accelerometerBatchEnds: accelerometer.isEmpty ? nil : accelerometerEnds,
            deviceMotionBatchEnds: deviceMotion.isEmpty ? nil : deviceMotionEnds,
            metadata: metadata)
        try NativeFormat.write(recording, to: url)
    }
}
