/// The gyroscope-bias Kalman filter of VQF (Laidig & Seel 2023, section 3.4): a three-state random walk observed at
/// rest through the low-passed gyroscope and in motion through the inclination corrections.
///
/// Covariances are kept in (0.01 °/s)², as in the paper, so that the Double arithmetic stays well scaled; the bias
/// itself is in rad/s.
struct GyroscopeBiasEstimator: Sendable {
    /// Bias estimate, rad/s, device frame.
    private(set) var bias = SIMD3<Double>.zero
    /// Covariance, (0.01 °/s)².
    private(set) var covariance: Matrix3
    private let initialVariance: Double
    private let limit: Double
    private let forgettingTime: Double
    private let motionVariance: Double
    private let verticalFactor: Double
    private let restVariance: Double

    init(configuration c: SensorFusionConfiguration) {
        func scaled(_ radiansPerSecond: Double) -> Double { radiansPerSecond * 180 / .pi * 100 }
        initialVariance = scaled(c.biasSigmaInitial) * scaled(c.biasSigmaInitial)
        covariance = Matrix3.diagonal(SIMD3(repeating: initialVariance))
        limit = c.biasLimit
        forgettingTime = c.biasForgettingTime
        motionVariance = scaled(c.biasSigmaMotion) * scaled(c.biasSigmaMotion)
        verticalFactor = c.biasVerticalForgettingFactor
        restVariance = scaled(c.biasSigmaRest) * scaled(c.biasSigmaRest)
    }

    /// Bias uncertainty in the worst direction (1 σ), rad/s: square root of a Gershgorin bound on the covariance.
    var sigma: Double {
        let p = covariance
        let bound = max(p.r0.magnitudes.sum(), p.r1.magnitudes.sum(), p.r2.magnitudes.sum())
        return min(bound, initialVariance).squareRoot() / 100 * .pi / 180
    }

    /// Process noise for an interval of `interval` s: the variance grows by (0.1 °/s)² per forgetting time.
    @inline(__always)
    private func processNoise(_ interval: Double) -> Double { 100 * interval / forgettingTime }

    /// Prediction for an interval of `interval` s without a measurement.
    @inline(__always)
    mutating func predict(interval: Double) {
        let v = processNoise(interval)
        if covariance.r0.x < initialVariance { covariance.r0.x += v }
        if covariance.r1.y < initialVariance { covariance.r1.y += v }
        if covariance.r2.z < initialVariance { covariance.r2.z += v }
    }

    /// Rest update: the low-passed gyroscope (rad/s) measures the bias directly.
    @inline(__always)
    mutating func updateAtRest(lowpassedRate: SIMD3<Double>, interval: Double) {
        let v = max(processNoise(interval), 1e-12)
        let w = restVariance * restVariance / v + restVariance
        update(error: lowpassedRate - bias, observation: .identity, noise: SIMD3(repeating: w))
    }

    /// Motion update: `error` (rad/s) is the inclination-correction rate in the earth frame (x, y) and zero (z) minus
    /// `observation` · bias, with `observation` the low-passed device-to-earth rotation.
    @inline(__always)
    mutating func updateInMotion(error: SIMD3<Double>, observation: Matrix3, interval: Double) {
        let v = max(processNoise(interval), 1e-12)
        let w = motionVariance * motionVariance / v + motionVariance
        update(error: error, observation: observation, noise: SIMD3(w, w, w / max(verticalFactor, 1e-10)))
    }

    /// Sets the bias (rad/s) and, when `sigma` (rad/s) is given, a matching isotropic covariance.
    mutating func set(bias newBias: SIMD3<Double>, sigma: Double? = nil) {
        bias = newBias
        if let sigma {
            let s = sigma * 180 / .pi * 100
            covariance = Matrix3.diagonal(SIMD3(repeating: s * s))
        }
    }

    @inline(__always)
    private mutating func update(error: SIMD3<Double>, observation r: Matrix3, noise: SIMD3<Double>) {
        let e = error.clamped(lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit))
        let rt = r.transposed
        let pRt = covariance * rt
        let gain = pRt * (Matrix3.diagonal(noise) + r * pRt).inverse
        bias += gain * e
        covariance = covariance - gain * (r * covariance)
        bias.clamp(lowerBound: SIMD3(repeating: -limit), upperBound: SIMD3(repeating: limit))
    }
}
