import Testing

@testable import SwingSimulation

@Suite struct AccelerometerInheritanceTests {
    /// The latest tremor plus the mean white noise since the previous device-motion sample; the mean starts afresh.
    /// (Values are binary fractions, so the sums are exact.)
    @Test func latestTremorPlusMeanWhiteNoise() {
        let (a, b) = (1.0 / 64, 1.0 / 256)  // g
        var inheritance = AccelerometerInheritance()
        #expect(inheritance.deviceMotionSample() == .zero)
        inheritance.accelerometerSample(tremor: Vector3(a, 0, 0), white: Vector3(b, -b, 0))
        inheritance.accelerometerSample(tremor: Vector3(2 * a, 0, 0), white: Vector3(3 * b, b, 2 * b))
        #expect(inheritance.deviceMotionSample() == Vector3(2 * a + 2 * b, 0, b))
        // No accelerometer sample since: the tremor stays, the white noise's mean is zero.
        #expect(inheritance.deviceMotionSample() == Vector3(2 * a, 0, 0))
        for _ in 0..<4 { inheritance.accelerometerSample(tremor: Vector3(0, 0, -a), white: Vector3(0, 4 * b, 0)) }
        #expect(inheritance.deviceMotionSample() == Vector3(0, 4 * b, -a))
    }
}
