import Foundation
import MotionRecording
import Testing

@testable import SwingSimulation

@Suite struct RawGyroscopeModelTests {
    static let session = SwingSimulator.simulate(
        SimulationConfiguration.preset(.tennis, seed: 3, mix: .proportional(swings: 2)))

    /// Without bias, drift, noise and range the raw gyroscope is the device motion's rotation rate, sample for
    /// sample: the instantaneous body rate, not an average over neighbouring samples (which would start every swing's
    /// rise half a sample early).
    @Test func withoutErrorsItIsTheDeviceMotionRate() throws {
        var model = RawGyroscopeModel()
        model.bias = 0
        model.biasDrift = 0
        model.noise = 0
        model.range = nil
        let motion = try #require(Self.session.recording.deviceMotion)
        let gyroscope = model.gyroscope(for: Self.session)
        #expect(gyroscope.timestamps == motion.timestamps)
        #expect(gyroscope.x == motion.rotationRateX)
        #expect(gyroscope.y == motion.rotationRateY)
        #expect(gyroscope.z == motion.rotationRateZ)
    }

    /// A constant bias alone adds the same vector (drawn from the model's seed) to every sample, to Float rounding.
    @Test func constantBiasIsAddedToEverySample() throws {
        var model = RawGyroscopeModel()
        model.biasDrift = 0
        model.noise = 0
        model.range = nil
        var random = SimulationRandom(seed: model.seed)
        let bias = (0..<3).map { _ in model.bias * random.gaussian() }
        let motion = try #require(Self.session.recording.deviceMotion)
        let gyroscope = model.gyroscope(for: Self.session)
        try #require(gyroscope.count == motion.count)
        let recorded = [motion.rotationRateX, motion.rotationRateY, motion.rotationRateZ]
        let raw = [gyroscope.x, gyroscope.y, gyroscope.z]
        var largest = 0.0
        for axis in 0..<3 {
            for i in 0..<motion.count {
                let rate = Double(recorded[axis][i])
                let error = abs(Double(raw[axis][i]) - rate - bias[axis])
                largest = max(largest, error / max(1, abs(rate)))
            }
        }
        #expect(bias.contains { abs($0) > 0.01 }, "the seed draws a bias that shows")
        #expect(largest <= 4e-7)  // Float rounding of the sum: half an ulp, 6e-8 relative, plus the bias's own
    }

    /// A recording with an attitude but no rotation-rate columns gets the body rate from the attitude (central
    /// difference): close to the recorded rate (whose white noise is 0.003 rad/s) on most samples.
    @Test func withoutRateColumnsTheAttitudeGivesTheRate() throws {
        var session = Self.session
        let motion = try #require(session.recording.deviceMotion)
        session.recording.deviceMotion?.rotationRateX = []
        session.recording.deviceMotion?.rotationRateY = []
        session.recording.deviceMotion?.rotationRateZ = []
        var model = RawGyroscopeModel()
        model.bias = 0
        model.biasDrift = 0
        model.noise = 0
        let gyroscope = model.gyroscope(for: session)
        try #require(gyroscope.count == motion.count)
        let differences = (0..<motion.count).map { abs(Double(gyroscope.x[$0] - motion.rotationRateX[$0])) }.sorted()
        #expect(differences[differences.count / 2] < 0.01)
    }
}
