import Foundation
import Testing
import _TestSupport

@testable import SensorFusion

@Suite("GyroscopeBiasEstimator")
struct GyroscopeBiasEstimatorTests {
    @Test("At rest: rest detected after 1.5 s, bias within 0.05 °/s per axis after 10 s")
    func biasAtRest() throws {
        let (filter, error, _) = try Self.fusedBiasError(
            Self.restingTilted(duration: 10, biasDegreesPerSecond: SIMD3(0.8, -0.5, 0.3)))
        #expect(filter.isAtRest)
        #expect(error.magnitudes.max() < 0.05)
    }

    @Test("A bias above the 2 °/s measurement limit (3 °/s): found in motion, then measured at rest, within 0.05 °/s")
    func biasAboveTheMeasurementLimit() throws {
        // VQF's rest test (low-passed rate within 2 °/s of zero) never passes with this bias, and its 2 °/s clip
        // leaves at least 1 °/s of it in the rate. The inclination corrections find the horizontal part; once the
        // low-passed rate is within 2 °/s of the estimate, the rest update measures all three axes.
        let simulation = Self.restingTilted(duration: 40, biasDegreesPerSecond: SIMD3(3.0, -0.5, 0.3))
        let (filter, error, imu) = try Self.fusedBiasError(simulation)
        #expect(filter.isAtRest)
        print("bias 3 °/s at rest: error after 40 s \(error) °/s")
        #expect(error.magnitudes.max() < 0.05)

        // With the estimate capped at 2 °/s (VQF's clip), 1 °/s of x stays in the rate.
        var capped = SensorFusionConfiguration()
        capped.biasLimit = capped.biasMeasurementLimit
        let (_, _, cappedFilter) = try fuse(imu, configuration: capped)
        #expect(abs(cappedFilter.gyroscopeBias.x - simulation.bias.x) * 180 / .pi > 0.99)
    }

    /// `simulation` fused: the filter at the end, its bias estimate's error per axis (°/s), and the generated data.
    static func fusedBiasError(_ simulation: SimulatedIMU) throws
        -> (filter: SensorFusionFilter, degreesPerSecond: SIMD3<Double>, imu: SimulatedIMU.Output)
    {
        let imu = simulation.generate()
        let (_, _, filter) = try fuse(imu)
        return (filter, (filter.gyroscopeBias - simulation.bias) * 180 / .pi, imu)
    }

    /// A wrist at rest in a tilted attitude with gyroscope bias `biasDegreesPerSecond` (°/s), gyroscope noise 0.005
    /// rad/s and accelerometer noise 0.003 g.
    static func restingTilted(duration: Double, biasDegreesPerSecond: SIMD3<Double>) -> SimulatedIMU {
        var simulation = SimulatedIMU(duration: duration)
        simulation.initialAttitude = tiltedAttitude
        simulation.bias = biasDegreesPerSecond * .pi / 180
        simulation.gyroscopeNoise = 0.005
        simulation.accelerometerNoise = 0.003
        return simulation
    }

    @Test("In continuous motion (no rest): bias within 0.25 °/s per axis after 120 s, from 1.5 °/s")
    func biasInMotion() throws {
        let (filter, error, _) = try Self.fusedBiasError(SimulatedIMU(duration: 120, accelerometerRate: 200).movingWrist(
            biasDegreesPerSecond: SIMD3(1.5, -1.2, 1.0), gyroscopeNoise: 0.005, accelerometerNoise: 0.003))
        #expect(!filter.isAtRest)
        #expect(error.magnitudes.max() < 0.25)
    }

    @Test("Motion update: the closed form for the symmetric covariance equals the textbook Kalman update to 1e-12")
    func closedFormMatchesTextbookUpdate() {
        let configuration = SensorFusionConfiguration()
        var estimator = GyroscopeBiasEstimator(configuration: configuration)
        estimator.set(bias: SIMD3(0.004, -0.002, 0.001))
        // Two updates through different observations make the covariance full (off-diagonal terms).
        let interval = 0.005
        estimator.updateInMotion(
            error: SIMD3(0.003, -0.001, 0.0005), observation: .rotation(unit(SIMD4(0.9, 0.3, -0.2, 0.1))),
            interval: interval)
        estimator.updateInMotion(
            error: SIMD3(-0.002, 0.004, 0.001), observation: .rotation(unit(SIMD4(0.7, -0.1, 0.5, 0.4))),
            interval: interval)
        let p0 = rows(estimator.covariance)
        #expect(abs(p0[0][1]) > 1e-3 && abs(p0[0][2]) > 1e-3 && abs(p0[1][2]) > 1e-3)
        let b0 = estimator.bias

        // A low-passed rotation is not orthogonal: scale one.
        var observation = Matrix3.rotation(unit(SIMD4(0.5, 0.4, -0.6, 0.3)))
        observation.r1 *= 0.95
        let error = SIMD3<Double>(0.002, -0.003, 0.0004)
        estimator.updateInMotion(error: error, observation: observation, interval: interval)

        // Textbook: K = P Rᵀ (R P Rᵀ + N)⁻¹, b += K e, P −= K R P, with N as updateInMotion documents it
        // (covariances in (0.01 °/s)²).
        let scale = 180 / Double.pi * 100
        let motionVariance = (configuration.biasSigmaMotion * scale) * (configuration.biasSigmaMotion * scale)
        let v = 100 * interval / configuration.biasForgettingTime
        let w = motionVariance * motionVariance / v + motionVariance
        let noise = [[w, 0, 0], [0, w, 0], [0, 0, w / configuration.biasVerticalForgettingFactor]]
        let r = rows(observation)
        let pRt = multiply(p0, transpose(r))
        let gain = multiply(pRt, inverse(add(multiply(r, pRt), noise)))
        let e = [error.x, error.y, error.z]
        let expectedBias = (0..<3).map { i in [b0.x, b0.y, b0.z][i] + (0..<3).map { gain[i][$0] * e[$0] }.reduce(0, +) }
        let krp = multiply(gain, multiply(r, p0))
        let p1 = rows(estimator.covariance)
        for i in 0..<3 {
            #expect(abs([estimator.bias.x, estimator.bias.y, estimator.bias.z][i] - expectedBias[i]) < 1e-12 * 0.01)
            for j in 0..<3 {
                let expected = p0[i][j] - krp[i][j]
                #expect(abs(p1[i][j] - expected) <= 1e-12 * abs(p0[i][i]), "P[\(i)][\(j)] \(p1[i][j]) vs \(expected)")
            }
        }
        // The update moved the estimate (the test is not vacuous).
        #expect(abs(estimator.bias.x - b0.x) > 1e-7)
    }
}

private func unit(_ q: SIMD4<Double>) -> SIMD4<Double> { q / (q * q).sum().squareRoot() }

private func rows(_ m: Matrix3) -> [[Double]] {
    [[m.r0.x, m.r0.y, m.r0.z], [m.r1.x, m.r1.y, m.r1.z], [m.r2.x, m.r2.y, m.r2.z]]
}

private func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { i in (0..<3).map { j in (0..<3).map { a[i][$0] * b[$0][j] }.reduce(0, +) } }
}

private func transpose(_ a: [[Double]]) -> [[Double]] { (0..<3).map { i in (0..<3).map { a[$0][i] } } }

private func add(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
    (0..<3).map { i in (0..<3).map { a[i][$0] + b[i][$0] } }
}

/// Inverse by Gauss–Jordan elimination with partial pivoting (a different method from the filter's cofactors).
private func inverse(_ a: [[Double]]) -> [[Double]] {
    var m = a.enumerated().map { i, row in row + (0..<3).map { $0 == i ? 1.0 : 0.0 } }
    for column in 0..<3 {
        let pivot = (column..<3).max { abs(m[$0][column]) < abs(m[$1][column]) }!
        m.swapAt(column, pivot)
        let p = m[column][column]
        m[column] = m[column].map { $0 / p }
        for row in 0..<3 where row != column {
            let f = m[row][column]
            m[row] = (0..<6).map { m[row][$0] - f * m[column][$0] }
        }
    }
    return m.map { Array($0[3...]) }
}
