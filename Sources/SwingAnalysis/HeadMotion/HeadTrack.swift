import MotionRecording

/// A headphone stream prepared for the head measures: attitudes in `Double`, unit length, samples with a strictly
/// increasing time (a sample whose attitude is not a usable quaternion, or whose time does not increase, is left
/// out: the spacing check then sees the hole it leaves).
struct HeadTrack: Sendable {
    /// Sample times, s, recording clock.
    let times: [Double]
    /// Unit attitude quaternions (w, x, y, z), headphones' frame → their reference frame, either sign.
    let attitudes: [SIMD4<Double>]
    /// Rotation rate, rad/s, headphones' frame; `nil` when the stream has none.
    let rates: [SIMD3<Double>]?
    /// The bud that measured each sample.
    let locations: [HeadphoneSensorLocation]
    /// Median spacing of consecutive samples, s (0 with fewer than two).
    let medianSpacing: Double

    /// `nil` when the stream has no attitude.
    init?(_ headphones: HeadphoneMotionData) {
        let motion = headphones.motion
        guard motion.components.contains(.attitude) else { return nil }
        let hasRates = motion.components.contains(.rotationRate)
        var times: [Double] = []
        var attitudes: [SIMD4<Double>] = []
        var rates: [SIMD3<Double>] = []
        var locations: [HeadphoneSensorLocation] = []
        for k in 0..<motion.count {
            let t = motion.timestamps[k]
            guard t.isFinite, t > (times.last ?? -.infinity),
                let q = HeadAttitude.normalized(
                    SIMD4(
                        Double(motion.attitudeW[k]), Double(motion.attitudeX[k]), Double(motion.attitudeY[k]),
                        Double(motion.attitudeZ[k])))
            else { continue }
            times.append(t)
            attitudes.append(q)
            if hasRates {
                rates.append(
                    SIMD3(Double(motion.rotationRateX[k]), Double(motion.rotationRateY[k]),
                        Double(motion.rotationRateZ[k])))
            }
            locations.append(headphones.sensorLocation.isEmpty ? .default : headphones.sensorLocation[k])
        }
        self.times = times
        self.attitudes = attitudes
        self.rates = hasRates ? rates : nil
        self.locations = locations
        var spacings = zip(times.dropFirst(), times).map { $0 - $1 }
        spacings.sort()
        medianSpacing = spacings.isEmpty ? 0 : spacings[spacings.count / 2]
    }

    /// Index of the last sample at or before `time` (`nil` when none).
    func lastIndex(atOrBefore time: Double) -> Int? {
        var low = 0
        var high = times.count
        while low < high {
            let mid = (low + high) / 2
            if times[mid] <= time { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : low - 1
    }

    /// The attitude at `time` inside the interval from sample `k` to `k + 1`, by slerp (constant angular velocity
    /// between the two samples).
    func attitude(at time: Double, interval k: Int) -> SIMD4<Double> {
        let u = (time - times[k]) / (times[k + 1] - times[k])
        return HeadAttitude.slerp(attitudes[k], attitudes[k + 1], min(1, max(0, u)))
    }

    /// The rotation rate at `time` inside the interval from sample `k` to `k + 1`, linearly interpolated, rad/s.
    func rate(at time: Double, interval k: Int, rates: [SIMD3<Double>]) -> SIMD3<Double> {
        let u = min(1, max(0, (time - times[k]) / (times[k + 1] - times[k])))
        return rates[k] + u * (rates[k + 1] - rates[k])
    }
}
