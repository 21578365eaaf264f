import MotionRecording
import Testing
import _TestSupport
@testable import SwingAnalysis

/// Rotation along gravity, computed column-wise per batch, is the per-sample `SIMD4<Float>` formula bit for bit:
/// with the sample's gravity, with gravity derived from the attitude, and the |rotation rate| fallback — including
/// zero gravity, ±0 and unnormalised quaternions.
@Suite struct RotationSampleTests {
    /// The per-sample reference: `SIMD4<Float>` arithmetic with lane 3 zero (the analyzer's formula).
    static func reference(_ data: DeviceMotionData, _ i: Int) -> Float {
        let w = SIMD4<Float>(data.rotationRateX[i], data.rotationRateY[i], data.rotationRateZ[i], 0)
        var g: SIMD4<Float>
        if !data.gravityX.isEmpty {
            g = SIMD4(data.gravityX[i], data.gravityY[i], data.gravityZ[i], 0)
        } else if !data.attitudeW.isEmpty {
            let (qw, qx, qy, qz) = (data.attitudeW[i], data.attitudeX[i], data.attitudeY[i], data.attitudeZ[i])
            g = -SIMD4(2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy), 0)
        } else {
            return (w * w).sum().squareRoot()
        }
        let norm = (g * g).sum().squareRoot()
        if norm > 0 { g /= norm }
        return (w * g).sum()
    }

    static func batch(count: Int, seed: UInt64) -> DeviceMotionData {
        var random = SplitMix64(seed: seed)
        func value() -> Float {
            switch random.next() % 8 {
            case 0: return 0
            case 1: return -0.0
            default: return Float(Int64(random.next() % 2_000_001) - 1_000_000) / 250_000  // ±4
            }
        }
        var data = DeviceMotionData(timestamps: (0..<count).map { Double($0) / 200 })
        for keyPath in [\DeviceMotionData.rotationRateX, \.rotationRateY, \.rotationRateZ, \.gravityX, \.gravityY,
            \.gravityZ, \.attitudeW, \.attitudeX, \.attitudeY, \.attitudeZ] as [WritableKeyPath<DeviceMotionData, [Float]>]
        {
            data[keyPath: keyPath] = (0..<count).map { _ in value() }
        }
        return data
    }

    @Test(arguments: [RotationReference.gravity, .attitude, .magnitude])
    func columnwiseRotationIsThePerSampleFormulaBitForBit(reference: RotationReference) {
        var data = Self.batch(count: 3000, seed: 11)
        if reference != .gravity { (data.gravityX, data.gravityY, data.gravityZ) = ([], [], []) }
        if reference == .magnitude { (data.attitudeW, data.attitudeX, data.attitudeY, data.attitudeZ) = ([], [], [], []) }
        let range = 7..<2990
        var output = [Float](repeating: .nan, count: range.count)
        data.withRotationColumns(0..<data.count) { columns in
            #expect(columns.rotationReference == reference)
            output.withUnsafeMutableBufferPointer { columns.rotationAlongGravity(range, into: $0.baseAddress!) }
        }
        var mismatches = 0
        // Equal values, bit for bit when not zero (the sign of an exact zero follows the order of the horizontal sum,
        // which differs between debug and optimised builds of `SIMD4.sum()`; nothing downstream sees it).
        for (k, i) in range.enumerated() where output[k] != Self.reference(data, i) {
            mismatches += 1
        }
        #expect(mismatches == 0)
        #expect(output.contains { $0 != 0 } && !output.contains { $0.isNaN })
    }

    @Test func readComponentsPreferGravityToAttitude() {
        #expect(DeviceMotionComponents.full.readForRotation == [.rotationRate, .gravity])
        #expect(DeviceMotionComponents([.attitude, .rotationRate, .userAcceleration]).readForRotation == [.rotationRate, .attitude])
        #expect(DeviceMotionComponents([.rotationRate, .heading]).readForRotation == .rotationRate)
        #expect(DeviceMotionComponents([.gravity]).readForRotation == .gravity)
    }
}
