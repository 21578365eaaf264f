import Foundation
import MotionRecording
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
    @Test("Ideal sensors, 18 g swings clipping at 8 g: within 0.1° through and after every swing; 1.5°+ without clipping rejection")
    func swingsAreRejected() throws {
        let imu = swingSession(seed: 3, imperfect: false).generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 1 }.map(\.degrees)
        #expect(errors.max()! < 0.1)
        var plain = SensorFusionConfiguration()
        plain.clippingRejection = false
        plain.accelerationRejection = .infinity
        let plainErrors = inclinationErrors(try fuse(imu, configuration: plain).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        // Clipping removes part of each swing's velocity change from the low-pass: a lasting tilt of degrees.
        #expect(plainErrors.max()! > 1.5)
    }

    @Test("With bias, noise and clipping: clipping rejection lowers the inclination RMSE over a swing session")
    func swingsWithImperfectSensors() throws {
        let imu = swingSession(seed: 4, imperfect: true).generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 1 }.map(\.degrees)
        var plain = SensorFusionConfiguration()
        plain.clippingRejection = false
        plain.accelerationRejection = .infinity
        let plainErrors = inclinationErrors(try fuse(imu, configuration: plain).motion, truth: imu)
            .filter { $0.time >= 1 }.map(\.degrees)
        #expect(rootMeanSquare(errors) < 2.5)
        #expect(rootMeanSquare(errors) < rootMeanSquare(plainErrors))
    }

    @Test("Unclipped shaking between 1 and 6 g: nothing is held (bit for bit), and skipping the violent samples beats plain VQF")
    func unclippedShakingIsNotHeld() throws {
        var simulation = SimulatedIMU(duration: 30)
        simulation.seed = 5
        simulation.initialAttitude = tiltedAttitude
        simulation.rotationRate = { t in wristRotation(t) * 0.5 }
        // 2 Hz shaking whose amplitude swings between 1 and 6 g every 5 s; every cycle's velocity change returns to
        // zero, so the low-pass in the almost-inertial frame cancels it without any hold.
        simulation.linearAcceleration = { t in
            let amplitude = 9.80665 * (3.5 + 2.5 * sin(2 * .pi * 0.2 * t))
            return SIMD3(0.8, 0.5, 0.33) * amplitude * sin(2 * .pi * 2 * t)
        }
        simulation.bias = SIMD3(0.5, -0.5, 0.5) * .pi / 180
        simulation.gyroscopeNoise = 0.01
        simulation.accelerometerNoise = 0.01
        let imu = simulation.generate()
        var plain = SensorFusionConfiguration()
        plain.clippingRejection = false
        plain.accelerationRejection = .infinity
        let plainMotion = try fuse(imu, configuration: plain).motion
        var clippingOnly = SensorFusionConfiguration()
        clippingOnly.accelerationRejection = .infinity
        #expect(try fuse(imu, configuration: clippingOnly).motion == plainMotion)
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 5 }.map(\.degrees)
        let plainErrors = inclinationErrors(plainMotion, truth: imu).filter { $0.time >= 5 }.map(\.degrees)
        print("unclipped shaking: inclination RMSE after 5 s \(rootMeanSquare(errors))°, plain \(rootMeanSquare(plainErrors))°")
        #expect(rootMeanSquare(errors) < rootMeanSquare(plainErrors))
    }

    @Test("A flat top is clipping from the third equal sample at ≥ clippingLevel on one axis, not below the level")
    func flatTopsAreClipping() throws {
        // A device at rest, tilted, noiseless (every axis repeats its reading), at 100 Hz; at 5 s the x axis reads one
        // value for 20 samples.
        var rest = SimulatedIMU(duration: 10, accelerometerRate: 100, gyroscopeRate: 100)
        rest.initialAttitude = tiltedAttitude
        func fusedWithFlatTop(_ value: Float) throws -> DeviceMotionData {
            var imu = rest.generate()
            for i in 500..<520 { imu.accelerometer.x[i] = value }
            return try fuse(imu).motion
        }
        func fusedWithoutRejection(_ value: Float) throws -> DeviceMotionData {
            var imu = rest.generate()
            for i in 500..<520 { imu.accelerometer.x[i] = value }
            var plain = SensorFusionConfiguration()
            plain.clippingRejection = false
            plain.accelerationRejection = .infinity
            return try fuse(imu, configuration: plain).motion
        }
        // Below the level (1.8 g): no clipping, the plain filter's output; at 2 g: held, so the 20 wrong samples tilt
        // the plain filter but not the rejecting one. (Samples are Float: 1.9 reads 1.89999998, under the level.)
        #expect(try fusedWithFlatTop(1.8) == fusedWithoutRejection(1.8))
        let rejected = try fusedWithFlatTop(2), plain = try fusedWithoutRejection(2)
        #expect(rejected != plain)
        let truth = rest.generate()
        let rejectedError = inclinationErrors(rejected, truth: truth).map(\.degrees).max()!
        let plainError = inclinationErrors(plain, truth: truth).map(\.degrees).max()!
        #expect(rejectedError < 0.05)
        #expect(plainError > 0.5)
    }
}

