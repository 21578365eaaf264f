/// What a stream of a recording offers, like `CMBatchedSensorManager.isAccelerometerSupported` plus the rate.
public struct StreamAvailability: Sendable, Equatable {
    public var stream: SensorStream
    /// True when the recording has at least one sample of the stream.
    public var isAvailable: Bool
    public var sampleCount: Int
    /// 1 / median sample spacing, Hz (0 when unknown). Never assume 800 or 200: real streams run at ~798.7 Hz.
    public var estimatedRate: Double
    /// Device-motion column groups present (empty for the other streams).
    public var components: DeviceMotionComponents
}

extension Recording {
    public var isAccelerometerAvailable: Bool { !(accelerometer?.isEmpty ?? true) }
    public var isDeviceMotionAvailable: Bool { !(deviceMotion?.isEmpty ?? true) }

    /// Availability of one stream (rate from the hygiene report when present, else measured now).
    public func availability(of stream: SensorStream) -> StreamAvailability {
        switch stream {
        case .accelerometer:
            let timestamps = accelerometer?.timestamps ?? []
            return StreamAvailability(
                stream: stream, isAvailable: !timestamps.isEmpty, sampleCount: timestamps.count,
                estimatedRate: hygiene.accelerometer?.estimatedRate ?? Self.estimatedRate(timestamps),
                components: [])
        case .deviceMotion:
            let timestamps = deviceMotion?.timestamps ?? []
            return StreamAvailability(
                stream: stream, isAvailable: !timestamps.isEmpty, sampleCount: timestamps.count,
                estimatedRate: hygiene.deviceMotion?.estimatedRate ?? Self.estimatedRate(timestamps),
                components: deviceMotion?.components ?? [])
        case .gyroscope, .magnetometer:
            let timestamps = (stream == .gyroscope ? gyroscope?.timestamps : magnetometer?.timestamps) ?? []
            let summary = stream == .gyroscope ? hygiene.gyroscope : hygiene.magnetometer
            return StreamAvailability(
                stream: stream, isAvailable: !timestamps.isEmpty, sampleCount: timestamps.count,
                estimatedRate: summary?.estimatedRate ?? Self.estimatedRate(timestamps), components: [])
        }
    }

    /// The accelerometer stream, or `RecordingError.streamNotAvailable`.
    public func requireAccelerometer() throws(RecordingError) -> AccelerometerData {
        guard let accelerometer, !accelerometer.isEmpty else {
            throw .streamNotAvailable(.accelerometer, reason: "the recording (\(metadata.sourceFormat ?? "unknown source")) has no accelerometer samples")
        }
        return accelerometer
    }

    /// The device-motion stream with at least `components`, or `RecordingError.streamNotAvailable`.
    public func requireDeviceMotion(_ components: DeviceMotionComponents = []) throws(RecordingError) -> DeviceMotionData {
        guard let deviceMotion, !deviceMotion.isEmpty else {
            throw .streamNotAvailable(.deviceMotion, reason: "the recording (\(metadata.sourceFormat ?? "unknown source")) has no device-motion samples")
        }
        let missing = components.subtracting(deviceMotion.components)
        guard missing.isEmpty else {
            let names = [(DeviceMotionComponents.attitude, "attitude"), (.gravity, "gravity"), (.userAcceleration, "user acceleration"),
                         (.rotationRate, "rotation rate"), (.magneticField, "magnetic field"), (.heading, "heading")]
                .filter { missing.contains($0.0) }.map(\.1).joined(separator: ", ")
            throw .streamNotAvailable(.deviceMotion, reason: "device motion lacks \(names)")
        }
        return deviceMotion
    }

    /// 1 / median spacing of strictly increasing neighbours, Hz (0 when fewer than two distinct times).
    static func estimatedRate(_ timestamps: [Double]) -> Double {
        var spacings: [Double] = []
        for index in timestamps.indices.dropFirst() where timestamps[index] > timestamps[index - 1] {
            spacings.append(timestamps[index] - timestamps[index - 1])
        }
        guard !spacings.isEmpty else { return 0 }
        spacings.sort()
        return 1 / spacings[spacings.count / 2]
    }
}
