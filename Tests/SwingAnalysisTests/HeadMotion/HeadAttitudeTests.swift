import Foundation
import Testing

@testable import SwingAnalysis

/// ``HeadAttitude``: the quaternion algebra of the head measures, on rotations whose answers are known.
@Suite struct HeadAttitudeTests {
    /// The rotation by `degrees` about the unit `axis`.
    static func rotation(_ degrees: Double, _ axis: SIMD3<Double>) -> SIMD4<Double> {
        HeadAttitude.exponential(degrees * .pi / 180 * axis)
    }

    @Test(arguments: [0.001, 0.5, 5, 45, 90, 179.5])
    func angleOfAKnownRotationForEitherSign(degrees: Double) {
        let q = Self.rotation(degrees, SIMD3(0.6, 0, 0.8))
        #expect(abs(HeadAttitude.angle(q) * 180 / .pi - degrees) < 1e-9)
        #expect(HeadAttitude.angle(-q) == HeadAttitude.angle(q))
    }

    @Test func relativeRotationIgnoresTheReferenceFrame() {
        let a = Self.rotation(30, SIMD3(0, 0, 1))
        let b = HeadAttitude.product(a, Self.rotation(12, SIMD3(1, 0, 0)))
        let reference = Self.rotation(70, SIMD3(0, 1, 0))
        let moved = HeadAttitude.relative(HeadAttitude.product(reference, a), HeadAttitude.product(reference, b))
        #expect(abs(HeadAttitude.angle(moved) * 180 / .pi - 12) < 1e-9)
        #expect(abs(HeadAttitude.angle(HeadAttitude.relative(a, b)) * 180 / .pi - 12) < 1e-9)
    }

    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func slerpTurnsAtConstantRateAndIgnoresTheSign(u: Double) {
        let a = Self.rotation(10, SIMD3(0, 0, 1))
        let b = HeadAttitude.product(a, Self.rotation(40, SIMD3(0, 0, 1)))
        let halfway = HeadAttitude.slerp(a, b, u)
        #expect(abs(HeadAttitude.angle(HeadAttitude.relative(a, halfway)) * 180 / .pi - 40 * u) < 1e-9)
        // The other sign of b is the same rotation: the same path, not the long way round.
        let flipped = HeadAttitude.slerp(a, -b, u)
        #expect(HeadAttitude.angle(HeadAttitude.relative(halfway, flipped)) < 1e-12)
        #expect(HeadAttitude.slerp(-a, b, u) == -halfway)
    }

    @Test func nearlyEqualAttitudesInterpolateWithoutDividingByZero() {
        let a = Self.rotation(20, SIMD3(1, 0, 0))
        let b = HeadAttitude.product(a, Self.rotation(0.01, SIMD3(0, 1, 0)))
        let mid = HeadAttitude.slerp(a, b, 0.5)
        #expect(abs(HeadAttitude.angle(HeadAttitude.relative(a, mid)) * 180 / .pi - 0.005) < 1e-7)
        #expect(HeadAttitude.normalized(.zero) == nil)
        #expect(HeadAttitude.normalized(SIMD4(.nan, 0, 0, 0)) == nil)
    }
}
