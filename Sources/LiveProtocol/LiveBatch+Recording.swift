import MotionRecording

extension LiveBatch {
    /// A stored recording as a client would send it live: its batches in delivery order
    /// (``Recording/batchRanges()``: by each batch's last timestamp, accelerometer first on ties), numbered from 0.
    /// Device motion without rotation rate is left out (the analyzer does not read it), as `analyze` does.
    public static func batches(of recording: Recording) -> [LiveBatch] {
        let sendsDeviceMotion = recording.deviceMotion.map { !$0.rotationRateX.isEmpty } ?? false
        var batches: [LiveBatch] = []
        for range in recording.batchRanges() {
            switch range.stream {
            case .accelerometer:
                guard let data = recording.accelerometer else { continue }
                batches.append(LiveBatch(sequence: UInt64(batches.count), samples: .accelerometer(data[range.range])))
            case .deviceMotion:
                guard sendsDeviceMotion, let data = recording.deviceMotion else { continue }
                batches.append(LiveBatch(sequence: UInt64(batches.count), samples: .deviceMotion(data[range.range])))
            case .gyroscope, .magnetometer:
                continue  // never batched: a raw-IMU recording is fused into device motion before it is sent
            }
        }
        return batches
    }

    /// The streams a recording's batches carry, as `announce` names them.
    public static func streams(of recording: Recording) -> Set<SensorStream> {
        var streams: Set<SensorStream> = []
        if let a = recording.accelerometer, !a.isEmpty { streams.insert(.accelerometer) }
        if let d = recording.deviceMotion, !d.isEmpty, !d.rotationRateX.isEmpty { streams.insert(.deviceMotion) }
        return streams
    }
}
