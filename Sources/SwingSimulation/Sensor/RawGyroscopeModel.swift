import Foundation
public import MotionRecording

/// A raw MEMS gyroscope beside the simulated device motion, for testing sensor fusion: the true body rotation rate
/// (from the session's true attitude) plus a constant bias, a random-walk bias drift and white noise, clamped at
/// the full-scale range — what `CMGyroData` delivers before Core Motion removes the bias.
public struct RawGyroscopeModel: Sendable, Equatable {
    /// Standard deviation of the constant bias per axis, rad/s (0.02 rad/s ≈ 1.1 °/s, a typical uncalibrated
    /// wrist gyroscope).
    public var bias: Double = 0.02
    /// Bias random walk, rad/s per √s.
    public var biasDrift: Double = 0.0005
    /// White noise per sample, rad/s (standard deviation).
    public var noise: Double = 0.005
    /// Full-scale range per axis, rad/s (2000 °/s); readings are clamped there.
    public var range: Double? = 34.9
    public var seed: UInt64 = 0x6E70

    public init() {}

    /// The raw gyroscope at the device-motion timestamps of `session`: the device motion's rotation rate (Core
    /// Motion's gyroscope with its bias removed: the body rate at the sample's instant, with the simulated sensor's
    /// own noise) plus this model's bias, drift and white noise, clamped at the range. Without rotation-rate columns
    /// the body rate comes from the attitude by the central difference over the two neighbouring samples, which
    /// averages the rate over ±1 sample: it starts a swing's rise half a sample early and moves its onset by about
    /// −2 ms at 200 Hz, so the recorded rate is preferred.
    public func gyroscope(for session: SimulatedSession) -> GyroscopeData {
        guard let motion = session.recording.deviceMotion, motion.count >= 3 else { return GyroscopeData() }
        let hasRate = motion.rotationRateX.count == motion.count
        guard hasRate || !motion.attitudeW.isEmpty else { return GyroscopeData() }
        var random = SimulationRandom(seed: seed)
        var offset = Vector3(bias * random.gaussian(), bias * random.gaussian(), bias * random.gaussian())
        var output = GyroscopeData()
        output.reserveCapacity(motion.count)
        func attitude(_ index: Int) -> Quaternion {
            Quaternion(
                w: Double(motion.attitudeW[index]), x: Double(motion.attitudeX[index]),
                y: Double(motion.attitudeY[index]), z: Double(motion.attitudeZ[index])
            ).normalized
        }
        var previousTime = motion.timestamps[0]
        for index in 0..<motion.count {
            var rate = hasRate
                ? Vector3(
                    Double(motion.rotationRateX[index]), Double(motion.rotationRateY[index]),
                    Double(motion.rotationRateZ[index]))
                : centralDifferenceRate(index)
            let step = motion.timestamps[index] - previousTime
            previousTime = motion.timestamps[index]
            if step > 0 && biasDrift > 0 {
                let walk = biasDrift * step.squareRoot()
                offset += Vector3(walk * random.gaussian(), walk * random.gaussian(), walk * random.gaussian())
            }
            rate += offset
            if noise > 0 { rate += noise * Vector3(random.gaussian(), random.gaussian(), random.gaussian()) }
            if let range { rate = Vector3(clamp(rate.x, range), clamp(rate.y, range), clamp(rate.z, range)) }
            output.append(timestamp: motion.timestamps[index], x: Float(rate.x), y: Float(rate.y), z: Float(rate.z))
        }
        return output

        /// Body rate at sample `index`, rad/s, device frame, from the attitude of its two neighbours.
        func centralDifferenceRate(_ index: Int) -> Vector3 {
            let before = max(0, index - 1)
            let after = min(motion.count - 1, index + 1)
            let span = motion.timestamps[after] - motion.timestamps[before]
            // Device-to-reference attitude q: q(after) = q(before) · exp(r_body), r_body in the device frame.
            var delta = attitude(before).conjugate * attitude(after)
            if delta.w < 0 { delta = Quaternion(w: -delta.w, x: -delta.x, y: -delta.y, z: -delta.z) }
            let sine = (delta.x * delta.x + delta.y * delta.y + delta.z * delta.z).squareRoot()
            let angle = 2 * atan2(sine, delta.w)
            let scale = sine > 1e-12 && span > 0 ? angle / sine / span : (span > 0 ? 2 / span : 0)
            return Vector3(delta.x * scale, delta.y * scale, delta.z * scale)
        }
    }

    /// `session`'s raw accelerometer with this gyroscope and no device motion: what a raw-IMU logger records.
    public func rawIMURecording(for session: SimulatedSession) -> Recording {
        var recording = session.recording
        recording.gyroscope = gyroscope(for: session)
        recording.deviceMotion = nil
        recording.deviceMotionBatchEnds = nil
        return recording
    }

    private func clamp(_ value: Double, _ range: Double) -> Double { max(-range, min(range, value)) }
}
