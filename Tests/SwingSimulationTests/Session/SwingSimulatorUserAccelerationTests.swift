import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

/// Device-motion user acceleration carries the accelerometer's tremor and 200 Hz-averaged white noise, as Core
/// Motion's (derived from that accelerometer) does: compared against the same seed with ideal sensors, where the
/// motion and the sample times are the same and the accelerometer differs only by what it adds.
@Suite struct SwingSimulatorUserAccelerationTests {
    static func session(_ adjust: (inout SensorModel) -> Void) -> SimulatedSession {
        var c = SimulationConfiguration.golf(
            seed: 21, mix: EventMix(hits: 2, foulTips: 0, misses: 0, practiceSwings: 0, clapBursts: 0, tapBursts: 0,
                walkingBouts: 0, armRaises: 0))
        c.sensors = .ideal
        adjust(&c.sensors)
        return SwingSimulator.simulate(c)
    }
    static let ideal = session { _ in }

    /// Per device-motion sample: what the accelerometer added (noisy − ideal, g per axis) at the accelerometer
    /// samples since the previous device-motion sample, and what user acceleration gained.
    static func added(_ noisy: SimulatedSession) throws -> [(accelerometer: [Vector3], user: Vector3)] {
        let a0 = try #require(ideal.recording.accelerometer)
        let a1 = try #require(noisy.recording.accelerometer)
        let m0 = try #require(ideal.recording.deviceMotion)
        let m1 = try #require(noisy.recording.deviceMotion)
        #expect(a1.timestamps == a0.timestamps && m1.timestamps == m0.timestamps)
        #expect(m1.rotationRateX == m0.rotationRateX && m1.gravityZ == m0.gravityZ && m1.attitudeW == m0.attitudeW)
        func difference(_ x1: [Float], _ y1: [Float], _ z1: [Float], _ x0: [Float], _ y0: [Float], _ z0: [Float],
                        _ i: Int) -> Vector3 {
            Vector3(Double(x1[i]) - Double(x0[i]), Double(y1[i]) - Double(y0[i]), Double(z1[i]) - Double(z0[i]))
        }
        var result: [(accelerometer: [Vector3], user: Vector3)] = []
        var i = 0
        for j in 0..<m0.count {
            var since: [Vector3] = []
            while i < a0.count, a0.timestamps[i] <= m0.timestamps[j] {
                since.append(difference(a1.x, a1.y, a1.z, a0.x, a0.y, a0.z, i))
                i += 1
            }
            let user = difference(
                m1.userAccelerationX, m1.userAccelerationY, m1.userAccelerationZ, m0.userAccelerationX,
                m0.userAccelerationY, m0.userAccelerationZ, j)
            result.append((since, user))
        }
        return result
    }

    /// Float storage: half an ulp (6e-8 relative) of each of the four stored values compared, at `magnitude` g of
    /// user acceleration (up to ~30 g in a swing) plus gravity.
    static func tolerance(_ magnitude: Double) -> Double { 5e-7 * (1 + magnitude) }

    @Test func carriesTheTremorOfTheLatestAccelerometerSample() throws {
        let noisy = Self.session { $0.accelerometerTremor = 0.025 }
        let motion = try #require(noisy.recording.deviceMotion)
        var worst = 0.0
        var sumSquares = 0.0
        var count = 0
        for (j, sample) in try Self.added(noisy).enumerated() {
            guard let latest = sample.accelerometer.last else { continue }
            let magnitude = Double(abs(motion.userAccelerationX[j]) + abs(motion.userAccelerationY[j])
                + abs(motion.userAccelerationZ[j]))
            worst = max(worst, (sample.user - latest).length / Self.tolerance(magnitude))
            sumSquares += sample.user.x * sample.user.x
            count += 1
        }
        #expect(count > motion.count - 2)
        #expect(worst <= 1)
        let rms = (sumSquares / Double(count)).squareRoot()
        #expect(abs(rms - 0.025) < 0.003)  // the tremor's RMS per axis, g
    }

    @Test func carriesTheAccelerometersWhiteNoiseAveragedTo200Hz() throws {
        let noisy = Self.session { $0.accelerometerNoise = 0.01 }
        let motion = try #require(noisy.recording.deviceMotion)
        var worst = 0.0
        var sumSquares = 0.0
        var count = 0
        for (j, sample) in try Self.added(noisy).enumerated() {
            let n = sample.accelerometer.count
            guard n > 0 else { continue }
            let mean = (1 / Double(n)) * sample.accelerometer.reduce(Vector3.zero, +)
            let magnitude = Double(abs(motion.userAccelerationX[j]) + abs(motion.userAccelerationY[j])
                + abs(motion.userAccelerationZ[j]))
            worst = max(worst, (sample.user - mean).length / Self.tolerance(magnitude))
            if n == 4 {
                sumSquares += sample.user.y * sample.user.y
                count += 1
            }
        }
        #expect(count > motion.count * 9 / 10)  // 4 : 1 at 801.9 / 200.475 Hz
        #expect(worst <= 1)
        let sigma = (sumSquares / Double(count)).squareRoot()
        #expect(abs(sigma - 0.005) < 0.0003)  // σ/√4, g
    }

    /// Its own white noise comes on top; the other device-motion columns do not move.
    @Test func addsItsOwnNoiseOnTop() throws {
        let noisy = Self.session { $0.userAccelerationNoise = 0.002 }
        var sumSquares = 0.0
        var count = 0
        for sample in try Self.added(noisy) {
            #expect(sample.accelerometer.allSatisfy { $0 == .zero })
            sumSquares += sample.user.z * sample.user.z
            count += 1
        }
        let sigma = (sumSquares / Double(count)).squareRoot()
        #expect(abs(sigma - 0.002) < 0.0002)
    }
}
