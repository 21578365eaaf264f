import Foundation
import Testing

@testable import SwingSimulation

@Suite struct QuaternionTests {
    @Test func rotatesByTheRightHandRule() {
        let q = Quaternion(axis: .unitZ, angle: Double.pi / 2)
        let v = q.rotate(.unitX)
        #expect((v - .unitY).length < 1e-12)
    }

    @Test func productComposesRotations() {
        let a = Quaternion(axis: Vector3(1, 2, 3), angle: 0.7)
        let b = Quaternion(axis: Vector3(-1, 0, 2), angle: 1.9)
        let v = Vector3(0.3, -0.5, 0.8)
        #expect(((a * b).rotate(v) - a.rotate(b.rotate(v))).length < 1e-12)
        #expect((a.conjugate.rotate(a.rotate(v)) - v).length < 1e-12)
    }

    @Test func exponentialAndLogarithmAreInverse() {
        let v = Vector3(0.4, -1.1, 0.6)
        #expect((Quaternion(rotationVector: v).rotationVector - v).length < 1e-12)
        #expect(Quaternion.identity.rotationVector.length == 0)
    }
}
