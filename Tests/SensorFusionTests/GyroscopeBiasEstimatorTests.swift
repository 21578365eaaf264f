import Foundation
import Testing
import _TestSupport

@testable import SensorFusion

@Suite("GyroscopeBiasEstimator")
struct GyroscopeBiasEstimatorTests {
    @Test("At rest: rest detected after 1.5 s, bias within 0.05 °/s per axis after 10 s")
    func biasAtRest() throws {
        var simulation = SimulatedIMU(duration: 10)
        simulation.initialAttitude = tiltedAttitude
        simulation.bias = SIMD3(0.8, -0.5, 0.3) * .pi / 180
        simulation.gyroscopeNoise = 0.005
        simulation.accelerometerNoise = 0.003
        let imu = simulation.generate()
        let (_, _, filter) = try fuse(imu)
        #expect(filter.isAtRest)
        let error = (filter.gyroscopeBias - simulation.bias) * 180 / .pi
        #expect(error.magnitudes.max() < 0.05)
    }

    @Test("In continuous motion (no rest): bias within 0.25 °/s per axis after 120 s, from 1.5 °/s")
    func biasInMotion() throws {
        var simulation = SimulatedIMU(duration: 120, accelerometerRate: 200)
        simulation.rotationRate = wristRotation
        simulation.linearAcceleration = wristTranslation
        simulation.bias = SIMD3(1.5, -1.2, 1.0) * .pi / 180
        simulation.gyroscopeNoise = 0.005
        simulation.accelerometerNoise = 0.003
        let imu = simulation.generate()
        let (_, _, filter) = try fuse(imu)
        #expect(!filter.isAtRest)
        let error = (filter.gyroscopeBias - simulation.bias) * 180 / .pi
        #expect(error.magnitudes.max() < 0.25)
    }
}
