import Foundation
import MotionRecording
import Testing
import _TestSupport

@testable import SensorFusion

@Suite("SensorFusionFilter")
struct SensorFusionFilterTests {
    @Test("Face up at rest: gravity (0, 0, −1) g, rotate(q, gravity) = (0, 0, −1), no user acceleration")
    func conventions() throws {
        let imu = SimulatedIMU(duration: 3).generate()
        let (motion, events, _) = try fuse(imu)
        #expect(motion.count == imu.gyroscope.count)
        #expect(events.first == SensorFusionEvent(timestamp: 0, kind: .initialised))
        for i in stride(from: 0, to: motion.count, by: 50) {
            #expect(abs(motion.gravityZ[i] + 1) < 1e-6)
            #expect(abs(motion.userAccelerationZ[i]) < 1e-6)
            let q = SIMD4<Double>(
                Double(motion.attitudeW[i]), Double(motion.attitudeX[i]), Double(motion.attitudeY[i]),
                Double(motion.attitudeZ[i]))
            let g = SIMD3<Double>(Double(motion.gravityX[i]), Double(motion.gravityY[i]), Double(motion.gravityZ[i]))
            let down = Quaternion.rotate(q, g)
            #expect(abs(down.z + 1) < 1e-6 && abs(down.x) < 1e-6 && abs(down.y) < 1e-6)
        }
        #expect(motion.timestamps == imu.gyroscope.timestamps)
    }

    @Test("Starts tilted 40° with bias and noise: inclination within 1° after one second")
    func convergesWithinOneSecond() throws {
        var simulation = SimulatedIMU(duration: 3)
        simulation.initialAttitude = tiltedAttitude
        simulation.bias = SIMD3(0.5, -0.3, 0.2) * .pi / 180
        simulation.gyroscopeNoise = 0.005
        simulation.accelerometerNoise = 0.003
        let imu = simulation.generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu)
        let settled = errors.filter { $0.time >= 1 }.map(\.degrees)
        #expect(settled.max()! < 1.0)
    }

    @Test("Rotating and translating (±0.7 m/s) with bias, drift and noise: inclination RMSE below 1.6°, max below 4°")
    func inclinationDuringMotion() throws {
        var simulation = SimulatedIMU(duration: 60).movingWrist(
            biasDegreesPerSecond: SIMD3(1.0, -0.7, 0.5), gyroscopeNoise: 0.01, accelerometerNoise: 0.005)
        simulation.initialAttitude = tiltedAttitude
        simulation.biasDrift = SIMD3(0.002, 0.001, -0.002) * .pi / 180
        simulation.jitter = 0.1
        let imu = simulation.generate()
        let errors = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 2 }.map(\.degrees)
        // The low-pass in the inertial frame leaves ≈ velocity / (τ g) of tilt: 0.7 m/s / (3 s · 9.81 m/s²) ≈ 1.4°.
        #expect(rootMeanSquare(errors) < 1.6)
        #expect(errors.max()! < 4.0)
    }

    @Test("Unequal rates (50/200, 100/1000, 800/100 Hz accelerometer/gyroscope) with 20 % jitter: RMSE below 1.6°",
        arguments: [(50.0, 200.0), (100.0, 1000.0), (800.0, 100.0)])
    func unequalRates(rates: (Double, Double)) throws {
        let imu = SimulatedIMU(duration: 30, accelerometerRate: rates.0, gyroscopeRate: rates.1, jitter: 0.2)
            .movingWrist(biasDegreesPerSecond: SIMD3(0.5, 0.5, -0.5), gyroscopeNoise: 0.01).generate()
        let (motion, _, _) = try fuse(imu)
        // One output per gyroscope sample from the first accelerometer sample on.
        let first = imu.accelerometer.timestamps[0]
        #expect(motion.count == imu.gyroscope.timestamps.filter { $0 >= first }.count)
        let errors = inclinationErrors(motion, truth: imu).filter { $0.time >= 2 }.map(\.degrees)
        #expect(rootMeanSquare(errors) < 1.6)
    }

    @Test("Bit-identical output and events for random batch splits of both streams")
    func splitInvariance() throws {
        var simulation = SimulatedIMU(duration: 12, jitter: 0.3)
            .movingWrist(biasDegreesPerSecond: SIMD3(1, -1, 0.5), gyroscopeNoise: 0.01, accelerometerNoise: 0.01)
        simulation.gyroscopeGaps = [4.0...4.6]
        let imu = simulation.generate()
        let reference = try fuse(imu)
        var rng = SplitMix64(seed: 7)
        for _ in 0..<8 {
            var filter = try SensorFusionFilter()
            var motion = DeviceMotionData()
            var a = 0
            var g = 0
            // Random cuts, delivered in time order of their last sample (as two sensor queues would).
            while a < imu.accelerometer.count || g < imu.gyroscope.count {
                let nextA = min(imu.accelerometer.count, a + Int(rng.next() % 1200))
                let nextG = min(imu.gyroscope.count, g + Int(rng.next() % 300))
                let aEnd = nextA > a ? imu.accelerometer.timestamps[nextA - 1] : .infinity
                let gEnd = nextG > g ? imu.gyroscope.timestamps[nextG - 1] : .infinity
                if aEnd <= gEnd {
                    filter.append(accelerometer: imu.accelerometer[a..<nextA], into: &motion)
                    a = nextA
                } else {
                    filter.append(gyroscope: imu.gyroscope[g..<nextG], into: &motion)
                    g = nextG
                }
            }
            filter.finish(into: &motion)
            #expect(motion == reference.motion)
            #expect(filter.events == reference.events)
        }
    }

    @Test("A one-second gyroscope gap while turning 90°: reported, and the inclination is back within 2° 0.5 s later")
    func recoveryAfterGap() throws {
        var simulation = SimulatedIMU(duration: 8)
        simulation.rotationRate = { t in t >= 3.2 && t < 3.7 ? SIMD3(.pi, 0, 0) : .zero }
        simulation.gyroscopeGaps = [3.0...4.0]
        let imu = simulation.generate()
        let (motion, events, _) = try fuse(imu)
        let gap = events.first { if case .gap = $0.kind { true } else { false } }
        let gapEvent = try #require(gap)
        #expect(gapEvent.timestamp > 4.0 && gapEvent.timestamp < 4.01)
        let errors = inclinationErrors(motion, truth: imu)
        #expect(errors.filter { $0.time >= 4.5 }.map(\.degrees).max()! < 2)
    }

    @Test("Gyroscope saturation at 10 rad/s during a 25 rad/s turn: reported, and re-initialised within 1 s")
    func recoveryAfterSaturation() throws {
        var simulation = SimulatedIMU(duration: 8)
        simulation.rotationRate = { t in t >= 3 && t < 3.1 ? SIMD3(25, 0, 0) : .zero }
        simulation.gyroscopeRange = 10
        let imu = simulation.generate()
        var configuration = SensorFusionConfiguration()
        configuration.gyroscopeRange = 10
        let (motion, events, _) = try fuse(imu, configuration: configuration)
        let saturation = events.compactMap { event -> Double? in
            if case .gyroscopeSaturation(let duration) = event.kind { duration } else { nil }
        }
        #expect(saturation.count == 1)
        #expect(abs(saturation[0] - 0.1) < 0.011)
        let recovered = inclinationErrors(motion, truth: imu).filter { $0.time >= 4.1 }.map(\.degrees)
        #expect(recovered.max()! < 1)
        // Without knowing the range, the 1.5 rad the gyroscope missed stays in the attitude for seconds.
        let unaware = inclinationErrors(try fuse(imu).motion, truth: imu).filter { $0.time >= 4.1 && $0.time < 5 }
        #expect(unaware.map(\.degrees).max()! > 20)
    }

    @Test("fuse(accelerometer:gyroscope:into:) on whole streams equals one-second live batches")
    func offlineEqualsStreaming() throws {
        var simulation = SimulatedIMU(duration: 10, jitter: 0.2)
        simulation.rotationRate = wristRotation
        simulation.bias = SIMD3(1, 0, -1) * .pi / 180
        let imu = simulation.generate()
        var filter = try SensorFusionFilter()
        var motion = DeviceMotionData()
        filter.fuse(accelerometer: imu.accelerometer, gyroscope: imu.gyroscope, into: &motion)
        #expect(motion == (try fuse(imu).motion))
        let first = imu.accelerometer.timestamps[0]
        #expect(motion.count == imu.gyroscope.timestamps.filter { $0 >= first }.count)
    }

    @Test("Rotation rate output is the gyroscope minus the estimated bias")
    func rotationRateIsBiasCorrected() throws {
        var simulation = SimulatedIMU(duration: 20)
        simulation.bias = SIMD3(0.8, -0.5, 0.3) * .pi / 180
        let imu = simulation.generate()
        let (motion, _, filter) = try fuse(imu)
        let last = motion.count - 1
        #expect(Double(motion.rotationRateX[last]) == Double(Float(Double(imu.gyroscope.x[last]) - filter.gyroscopeBias.x)))
        #expect(abs(Double(motion.rotationRateY[last])) < 0.02 * .pi / 180)
    }
}
