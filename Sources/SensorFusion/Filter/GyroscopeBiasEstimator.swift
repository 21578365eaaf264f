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
    /// Largest bias per axis (rad/s) and largest measurement error per axis (rad/s).
    private let limit: Double
    private let measurementLimit: Double
    private let forgettingTime: Double
    private let motionVariance: Double
    private let verticalFactor: Double
    private let restVariance: Double

    init(configuration c: SensorFusionConfiguration) {
        func scaled(_ radiansPerSecond: Double) -> Double { radiansPerSecond * 180 / .pi * 100 }
        initialVariance = scaled(c.biasSigmaInitial) * scaled(c.biasSigmaInitial)
        covariance = Matrix3.diagonal(SIMD3(repeating: initialVariance))
        limit = c.biasLimit
        measurementLimit = c.biasMeasurementLimit
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

    /// The Kalman measurement update for error = observation · bias + noise, written out for the symmetric
    /// covariance P: with A = P Rᵀ and S = R A + N, the gain is K = A S⁻¹, so bias += A (S⁻¹ e) and P −= A S⁻¹ Aᵀ.
    /// S⁻¹ comes from cofactors with a single division. Every product P v uses P's rows as its columns (P = Pᵀ).
    @inline(__always)
    private mutating func update(error: SIMD3<Double>, observation r: Matrix3, noise: SIMD3<Double>) {
        let e = error.clamped(toMagnitude: measurementLimit)
        let p = covariance
        let a0 = p.r0 * r.r0.x + p.r1 * r.r0.y + p.r2 * r.r0.z  // P r₀: A's first column
        let a1 = p.r0 * r.r1.x + p.r1 * r.r1.y + p.r2 * r.r1.z
        let a2 = p.r0 * r.r2.x + p.r1 * r.r2.y + p.r2 * r.r2.z
        let s00 = (r.r0 * a0).sum() + noise.x, s01 = (r.r0 * a1).sum(), s02 = (r.r0 * a2).sum()
        let s11 = (r.r1 * a1).sum() + noise.y, s12 = (r.r1 * a2).sum(), s22 = (r.r2 * a2).sum() + noise.z
        // S⁻¹ = cofactors / det (S is symmetric positive definite: P ≥ 0 and N > 0).
        let c00 = s11 * s22 - s12 * s12, c01 = s02 * s12 - s01 * s22, c02 = s01 * s12 - s02 * s11
        let c11 = s00 * s22 - s02 * s02, c12 = s01 * s02 - s00 * s12, c22 = s00 * s11 - s01 * s01
        let inverseDeterminant = 1 / (s00 * c00 + s01 * c01 + s02 * c02)
        let m0 = SIMD3(c00, c01, c02) * inverseDeterminant  // S⁻¹ by rows (= columns)
        let m1 = SIMD3(c01, c11, c12) * inverseDeterminant
        let m2 = SIMD3(c02, c12, c22) * inverseDeterminant
        let u = m0 * e.x + m1 * e.y + m2 * e.z  // S⁻¹ e
        bias += a0 * u.x + a1 * u.y + a2 * u.z
        // Gain columns g_j = A S⁻¹ e_j, and P −= Σ_j g_j a_jᵀ row by row.
        let g0 = a0 * m0.x + a1 * m0.y + a2 * m0.z
        let g1 = a0 * m1.x + a1 * m1.y + a2 * m1.z
        let g2 = a0 * m2.x + a1 * m2.y + a2 * m2.z
        covariance = Matrix3(
            r0: p.r0 - (a0 * g0.x + a1 * g1.x + a2 * g2.x),
            r1: p.r1 - (a0 * g0.y + a1 * g1.y + a2 * g2.y),
            r2: p.r2 - (a0 * g0.z + a1 * g1.z + a2 * g2.z))
        bias = bias.clamped(toMagnitude: limit)
    }
}
