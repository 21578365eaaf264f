import MotionDSP
import Testing
import _TestSupport

@testable import SwingAnalysis

/// ``PrincipalAxis`` (3×3 Jacobi on the scatter matrix) against LAPACK `dgesvd` on the stacked vectors.
@Suite struct PrincipalAxisTests {
    @Test(arguments: [2, 3, 12, 60, 400])
    func agreesWithTheFirstRightSingularVector(count: Int) throws {
        var random = SplitMix64(seed: UInt64(count))
        for trial in 0..<20 {
            // A swing-like cloud: mostly along one random axis, plus noise; some trials nearly isotropic.
            let direction = SIMD3<Double>(
                Double.random(in: -1...1, using: &random), Double.random(in: -1...1, using: &random),
                Double.random(in: -1...1, using: &random))
            let spread = trial % 5 == 0 ? 3.0 : 0.3
            var plane = PrincipalAxis()
            var rows: [Double] = []
            var sum = SIMD3<Double>.zero
            for _ in 0..<count {
                let v = direction * Double.random(in: 0...20, using: &random)
                    + SIMD3(
                        Double.random(in: -spread...spread, using: &random),
                        Double.random(in: -spread...spread, using: &random),
                        Double.random(in: -spread...spread, using: &random))
                plane.add(v)
                rows += [v.x, v.y, v.z]
                sum += v
            }
            let svd = try LinearAlgebra.singularValueDecomposition(
                Matrix(rows: count, columns: 3, rowMajor: rows), fullMatrices: false)
            var expected = SIMD3(svd.vt[0, 0], svd.vt[0, 1], svd.vt[0, 2])
            if (expected * sum).sum() < 0 { expected = -expected }
            // Well-separated singular values pin the vector down; near-ties leave it (legitimately) loose.
            let gap = (svd.singularValues[0] - svd.singularValues[1]) / svd.singularValues[0]
            guard gap > 1e-3 else { continue }
            let axis = try #require(plane.axis(signedAlong: sum))
            let difference = axis - expected
            let error = Swift.max(Swift.abs(difference.x), Swift.abs(difference.y), Swift.abs(difference.z))
            #expect(error < 1e-10 / gap, "count \(count) trial \(trial): \(axis) vs \(expected)")
            #expect(Swift.abs((axis * axis).sum() - 1) < 1e-14)
        }
    }

    @Test func noRotationHasNoAxis() {
        var plane = PrincipalAxis()
        for _ in 0..<5 { plane.add(.zero) }
        #expect(plane.axis(signedAlong: .zero) == nil)
        var nonFinite = PrincipalAxis()
        nonFinite.add(SIMD3(.nan, 1, 0))
        #expect(nonFinite.axis(signedAlong: .zero) == nil)
    }

    @Test func axisAlignedInputGivesTheAxisSignedAlongTheReference() throws {
        var plane = PrincipalAxis()
        for k in 1...10 { plane.add(SIMD3(0, 0, -Double(k))) }
        #expect(try #require(plane.axis(signedAlong: SIMD3(0, 0, -1))) == SIMD3(0, 0, -1))
        #expect(try #require(plane.axis(signedAlong: SIMD3(0, 0, 1))) == SIMD3(0, 0, 1))
    }
}
