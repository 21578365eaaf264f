import Foundation
import Testing
import _TestSupport

@testable import SensorFusion

/// Swings: a velocity bump of 15 m/s (peak acceleration ≈ 18 g) with a 12 rad/s turn, every 5 s, the accelerometer
/// clipping at ±8 g.
private func swingSession(seed: UInt64, imperfect: Bool) -> SimulatedIMU {
    var simulation = SimulatedIMU(duration: 32)
    simulation.seed = seed
    simulation.initialAttitude = tiltedAttitude
    let swingTimes = stride(from: 4.0, to: 30, by: 5).map { $0 }
    simulation.rotationRate = { t in
        var w = wristRotation(t) * 0.3
        for s in swingTimes {
            let u = (t - s) / 0.08
            w += SIMD3(0.3, 1, 0.5) * 12 * exp(-u * u / 2)
        }
        return w
    }
    simulation.linearAcceleration = { t in
        var a = SIMD3<Double>.zero
        for s in swingTimes {
            // v(t) = 15 m/s · exp(−u²/2), u = (t − s)/σ, σ = 0.05 s: a = −v · u / σ.
            let u = (t - s) / 0.05
            a += SIMD3(1, 0.3, 0.2) * (-15 * u / 0.05 * exp(-u * u / 2))
        }
        return a
    }
    if imperfect {
        simulation.bias = SIMD3(0.5, -0.5, 0.5) * .pi / 180
        simulation.gyroscopeNoise = 0.01
        simulation.accelerometerNoise = 0.01
    }
    simulation.accelerometerRange = 8
    return simulation
}

@Suite("Acceleration rejection")
struct AccelerationRejectionTests {
    @Test("Ideal sensors, 18 g swings clipping at 8 g: within 0.1° through and after every swing; 1.5°+ without rejection")
    func swingsAreRejected() throws {
        let imu = swingSession(seed: 3, imperfect: false).generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 1 }.map(\.degrees)
        #expect(errors.max()! < 0.1)
        var plain = SensorFusionConfiguration()
        plain.accelerationRejection = .infinity
        let plainErrors = inclinationErrors(try fuse(imu, configuration: plain).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        // Clipping removes part of each swing's velocity change from the low-pass: a lasting tilt of degrees.
        #expect(plainErrors.max()! > 1.5)
    }

    @Test("With bias, noise and clipping: rejection lowers the inclination RMSE over a swing session")
    func swingsWithImperfectSensors() throws {
        let imu = swingSession(seed: 4, imperfect: true).generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 1 }.map(\.degrees)
        var plain = SensorFusionConfiguration()
        plain.accelerationRejection = .infinity
        let plainErrors = inclinationErrors(try fuse(imu, configuration: plain).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        #expect(rootMeanSquare(errors) < 2.5)
        #expect(rootMeanSquare(errors) < rootMeanSquare(plainErrors))
    }

    @Test("Unclipped shaking that crosses 4 g on and off: keeping the low-pass after a hold (restart angle 5°) beats restarting it")
    func unclippedShakingKeepsTheLowpass() throws {
        var simulation = SimulatedIMU(duration: 30)
        simulation.seed = 5
        simulation.initialAttitude = tiltedAttitude
        simulation.rotationRate = { t in wristRotation(t) * 0.5 }
        // 2 Hz shaking whose amplitude swings between 1 and 6 g every 5 s: holds start and end while the hand is
        // still moving, and every cycle's velocity change returns to zero.
        simulation.linearAcceleration = { t in
            let amplitude = 9.80665 * (3.5 + 2.5 * sin(2 * .pi * 0.2 * t))
            return SIMD3(0.8, 0.5, 0.33) * amplitude * sin(2 * .pi * 2 * t)
        }
        simulation.bias = SIMD3(0.5, -0.5, 0.5) * .pi / 180
        simulation.gyroscopeNoise = 0.01
        simulation.accelerometerNoise = 0.01
        let imu = simulation.generate()
        var keeping = SensorFusionConfiguration()
        keeping.rejectionRestartAngle = 5 * .pi / 180
        let kept = inclinationErrors(try fuse(imu, configuration: keeping).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        let restarting = SensorFusionConfiguration()  // the default restarts after every hold
        let restarted = inclinationErrors(try fuse(imu, configuration: restarting).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        print("unclipped shaking: inclination RMSE kept \(rootMeanSquare(kept))°, restarted \(rootMeanSquare(restarted))°")
        #expect(rootMeanSquare(kept) < rootMeanSquare(restarted))
    }
}

