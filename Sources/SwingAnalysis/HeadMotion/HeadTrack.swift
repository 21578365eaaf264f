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
    /// Per interval between consecutive samples, whether the rotation rate agrees with the attitudes
    /// (``rateAgreement(times:attitudes:rates:locations:)``); empty without rotation rate.
    let rateAgrees: [Bool]

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
        rateAgrees = hasRates
            ? Self.rateAgreement(times: times, attitudes: attitudes, rates: rates, locations: locations) : []
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

    /// The attitude at `time` inside the interval from sample `k` to `k + 1`.
    ///
    /// By slerp (constant angular velocity between the two samples), refined by the rotation rate where the stream
    /// has one that agrees with the attitudes (``rateAgrees``): the rate, linear between the two samples, is
    /// integrated forward from sample `k` and backward from sample `k + 1`, and the two estimates are blended by
    /// slerp, so the result still passes through both samples. At 25 Hz this follows a head that speeds up or
    /// slows down within the 40 ms, which slerp alone cannot.
    func attitude(at time: Double, interval k: Int) -> SIMD4<Double> {
        let spacing = times[k + 1] - times[k]
        let u = min(1, max(0, (time - times[k]) / spacing))
        guard let rates, rateAgrees[k] else { return HeadAttitude.slerp(attitudes[k], attitudes[k + 1], u) }
        // ∫ω from t_k to `time`, and from `time` to t_{k+1}, with ω linear between the samples (rad).
        let forward = spacing * (u * rates[k] + 0.5 * u * u * (rates[k + 1] - rates[k]))
        let backward = 0.5 * spacing * (rates[k] + rates[k + 1]) - forward
        return HeadAttitude.slerp(
            HeadAttitude.product(attitudes[k], HeadAttitude.exponential(forward)),
            HeadAttitude.product(attitudes[k + 1], HeadAttitude.exponential(-backward)), u)
    }

    /// Whether the rotation rate over the interval from sample `k` to `k + 1` agrees with the attitudes: the rate
    /// integrated from sample `k` lands within 0.5° (or a quarter of the interval's rotation) of sample `k + 1`.
    /// A rate in another frame or sign convention, a large bias, or a switch of bud, fails this, and slerp alone
    /// is used there.
    static func rateAgreement(
        times: [Double], attitudes: [SIMD4<Double>], rates: [SIMD3<Double>], locations: [HeadphoneSensorLocation]
    ) -> [Bool] {
        guard times.count >= 2 else { return [] }
        return (0..<(times.count - 1)).map { k in
            guard locations[k] == locations[k + 1] else { return false }
            let step = 0.5 * (times[k + 1] - times[k]) * (rates[k] + rates[k + 1])
            let predicted = HeadAttitude.product(attitudes[k], HeadAttitude.exponential(step))
            let miss = HeadAttitude.angle(HeadAttitude.relative(predicted, attitudes[k + 1]))
            let turn = HeadAttitude.angle(HeadAttitude.relative(attitudes[k], attitudes[k + 1]))
            return miss <= max(0.5 * .pi / 180, 0.25 * turn)
        }
    }

    /// The rotation rate at `time` inside the interval from sample `k` to `k + 1`, linearly interpolated, rad/s.
    func rate(at time: Double, interval k: Int, rates: [SIMD3<Double>]) -> SIMD3<Double> {
        let u = min(1, max(0, (time - times[k]) / (times[k + 1] - times[k])))
        return rates[k] + u * (rates[k + 1] - rates[k])
    }
}
