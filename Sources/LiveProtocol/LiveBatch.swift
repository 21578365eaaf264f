import MotionRecording

/// One batch as a client sent it, decoded from a binary or JSON batch frame: the stream, the session-wide sequence
/// number and the samples (a CMBatchedSensorManager batch: about one second — 800 accelerometer samples at 800 Hz or
/// 200 device-motion samples at 200 Hz — though any count from 1 up to the server's limit is accepted).
public struct LiveBatch: Sendable, Equatable {
    /// Sequence number: 0 for a session's first batch, then +1 per batch over both streams together.
    public var sequence: UInt64
    public var samples: Samples

    public enum Samples: Sendable, Equatable {
        /// Timestamps in s (recording clock), acceleration in g.
        case accelerometer(AccelerometerData)
        /// Timestamps in s; the column groups the frame carried (rotation rate required by the server).
        case deviceMotion(DeviceMotionData)
    }

    public init(sequence: UInt64, samples: Samples) {
        self.sequence = sequence
        self.samples = samples
    }

    public var stream: SensorStream {
        switch samples {
        case .accelerometer: .accelerometer
        case .deviceMotion: .deviceMotion
        }
    }

    /// Number of samples.
    public var count: Int {
        switch samples {
        case .accelerometer(let data): data.count
        case .deviceMotion(let data): data.count
        }
    }

    /// First and last timestamp, s.
    package var timeSpan: (first: Double, last: Double)? {
        let timestamps: [Double]
        switch samples {
        case .accelerometer(let data): timestamps = data.timestamps
        case .deviceMotion(let data): timestamps = data.timestamps
        }
        guard let first = timestamps.first, let last = timestamps.last else { return nil }
        return (first, last)
    }
}
