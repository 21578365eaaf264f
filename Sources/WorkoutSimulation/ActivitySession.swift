import MotionRecording
import SwingSimulation

/// A simulated recording and its ground truth.
public struct ActivitySession: Sendable {
    public var recording: Recording
    public var truth: ActivityTruth

    public init(recording: Recording, truth: ActivityTruth) {
        self.recording = recording
        self.truth = truth
    }

    /// A swing-practice session from `SwingSimulator`, labelled swing sport from its first to its last sample.
    public init(swingSession session: SimulatedSession) {
        recording = session.recording
        recording.accelerometerBatchEnds = nil
        recording.deviceMotionBatchEnds = nil
        let times = [recording.accelerometer?.timestamps, recording.deviceMotion?.timestamps].compactMap { $0 }
        let start = times.compactMap(\.first).min() ?? 0
        let end = times.compactMap(\.last).max() ?? 0
        truth = ActivityTruth(
            segments: [.init(start: start, end: end, activity: "swingSport", variant: session.truth.sport.rawValue)])
    }

    /// First sample time over both streams, s.
    public var startTime: Double {
        [recording.accelerometer?.timestamps.first, recording.deviceMotion?.timestamps.first].compactMap { $0 }.min() ?? 0
    }

    /// Last sample time over both streams, s.
    public var endTime: Double {
        [recording.accelerometer?.timestamps.last, recording.deviceMotion?.timestamps.last].compactMap { $0 }.max() ?? 0
    }

    /// This session shifted by `offset` s on the clock (samples and truth).
    public func shifted(by offset: Double) -> ActivitySession {
        var copy = self
        if var a = copy.recording.accelerometer {
            a.timestamps = a.timestamps.map { $0 + offset }
            copy.recording.accelerometer = a
        }
        if var d = copy.recording.deviceMotion {
            d.timestamps = d.timestamps.map { $0 + offset }
            copy.recording.deviceMotion = d
        }
        copy.truth.segments = truth.segments.map {
            .init(start: $0.start + offset, end: $0.end + offset, activity: $0.activity, variant: $0.variant)
        }
        copy.truth.stepTimes = truth.stepTimes.map { $0 + offset }
        return copy
    }

    /// `parts` one after the other on one clock: each part is shifted to start `spacing` s after the previous part's
    /// last sample. A stream missing from any part is left out of the result. Batches are cut at whole seconds.
    public static func concatenated(_ parts: [ActivitySession], spacing: Double = 0.01) -> ActivitySession {
        precondition(!parts.isEmpty, "ActivitySession.concatenated: no parts")
        var result = parts[0]
        result.recording.accelerometerBatchEnds = nil
        result.recording.deviceMotionBatchEnds = nil
        for part in parts.dropFirst() {
            let next = part.shifted(by: result.endTime + spacing - part.startTime)
            if var a = result.recording.accelerometer, let b = next.recording.accelerometer {
                a.timestamps += b.timestamps
                a.x += b.x
                a.y += b.y
                a.z += b.z
                result.recording.accelerometer = a
            } else {
                result.recording.accelerometer = nil
            }
            if let a = result.recording.deviceMotion, let b = next.recording.deviceMotion {
                result.recording.deviceMotion = Self.joined(a, b)
            } else {
                result.recording.deviceMotion = nil
            }
            result.truth.segments += next.truth.segments
            result.truth.stepTimes += next.truth.stepTimes
        }
        return result
    }

    private static func joined(_ a: DeviceMotionData, _ b: DeviceMotionData) -> DeviceMotionData {
        func join(_ x: [Float], _ y: [Float]) -> [Float] { x.isEmpty || y.isEmpty ? [] : x + y }
        return DeviceMotionData(
            timestamps: a.timestamps + b.timestamps,
            attitudeW: join(a.attitudeW, b.attitudeW), attitudeX: join(a.attitudeX, b.attitudeX),
            attitudeY: join(a.attitudeY, b.attitudeY), attitudeZ: join(a.attitudeZ, b.attitudeZ),
            gravityX: join(a.gravityX, b.gravityX), gravityY: join(a.gravityY, b.gravityY),
            gravityZ: join(a.gravityZ, b.gravityZ),
            userAccelerationX: join(a.userAccelerationX, b.userAccelerationX),
            userAccelerationY: join(a.userAccelerationY, b.userAccelerationY),
            userAccelerationZ: join(a.userAccelerationZ, b.userAccelerationZ),
            rotationRateX: join(a.rotationRateX, b.rotationRateX), rotationRateY: join(a.rotationRateY, b.rotationRateY),
            rotationRateZ: join(a.rotationRateZ, b.rotationRateZ))
    }
}
