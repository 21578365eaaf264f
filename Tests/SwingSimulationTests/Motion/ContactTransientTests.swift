import Foundation
import Testing

@testable import SwingSimulation

@Suite struct ContactTransientTests {
    static let transient = ContactTransient(
        time: 10, contactDuration: 0.001,
        modes: [
            .init(frequency: 180, decay: 0.015, vector: Vector3(0.3, -0.2, 1).normalized),
            .init(frequency: 330, decay: 0.005, vector: 0.4 * Vector3(0.5, 0.5, -1).normalized),
        ],
        peak: 30)

    @Test func zeroBeforeContactAndAfterItsEnd() {
        #expect(Self.transient.value(at: 9.9).length == 0)
        #expect(Self.transient.value(at: 10).length == 0)
        #expect(Self.transient.value(at: Self.transient.end + 0.001).length == 0)
        #expect(Self.transient.value(at: 10.0005).length > 0)
    }

    @Test func peakIsTheRequestedMagnitude() {
        var peak = 0.0
        var t = 10.0
        while t < 10.1 {
            peak = max(peak, Self.transient.value(at: t).length)
            t += 2e-5
        }
        #expect(abs(peak - 30) < 0.3)
    }

    @Test func zDominatesAndDecays() {
        var energy = Vector3.zero
        var t = 10.0
        while t < 10.1 {
            let v = Self.transient.value(at: t)
            energy += Vector3(v.x * v.x, v.y * v.y, v.z * v.z)
            t += 1e-4
        }
        #expect(energy.z > energy.x && energy.z > energy.y)
        #expect(energy.x > 0 && energy.y > 0)
        #expect(Self.transient.value(at: 10.06).length < 0.1 * 30)
        #expect(Self.transient.dominantFrequency == 180)
    }

    @Test func shiftingMovesTheWholeTransient() {
        let moved = Self.transient.shifted(by: 2.5)
        #expect(moved.time == 12.5)
        #expect(moved.value(at: 12.503) == Self.transient.value(at: 10.003))
    }
}
