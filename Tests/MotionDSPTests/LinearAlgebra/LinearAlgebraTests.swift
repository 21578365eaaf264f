import MotionDSP
import Testing
import _TestSupport

@Suite struct LinearAlgebraTests {
    static func maxDifference(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count)
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    @Test func leastSquaresMatchesNumpyLstsq() throws {
        let fixture = try SpectralFixture.load("lstsq_svd.json")
        let cases = fixture.array("lstsq")
        try #require(cases.count == 3)
        for testCase in cases {
            let name = testCase.string("name") ?? "?"
            let a = Matrix(rows: testCase.int("rows")!, columns: testCase.int("columns")!,
                           rowMajor: testCase.doubles("a"))
            let result = try LinearAlgebra.leastSquares(a, testCase.doubles("b"))
            #expect(Self.maxDifference(result.solution, testCase.doubles("solution")) < 1e-12, "\(name)")
            #expect(result.rank == testCase.int("rank"), "\(name)")
            #expect(Self.maxDifference(result.singularValues, testCase.doubles("singular_values")) < 1e-12, "\(name)")
            let residuals = testCase.doubles("residual_sum_squares")
            #expect((result.residualSumOfSquares ?? []).count == residuals.count, "\(name)")
            if let actual = result.residualSumOfSquares, actual.count == residuals.count {
                #expect(Self.maxDifference(actual, residuals) < 1e-12, "\(name)")
            }
            if name != "rank_deficient" {
                let qr = try LinearAlgebra.leastSquaresQR(a, testCase.doubles("b"))
                #expect(Self.maxDifference(qr, testCase.doubles("solution")) < 1e-12, "\(name) (QR)")
            }
        }
    }

    @Test func qrRejectsRankDeficientMatrixWithTypedError() throws {
        // An exactly zero column gives an exactly zero R[2,2] (a merely near-singular one passes dgels silently).
        let a = Matrix(rows: 3, columns: 2, rowMajor: [1, 0, 2, 0, 3, 0])
        #expect(throws: LinearAlgebraError.rankDeficient(routine: "dgels", index: 2)) {
            try LinearAlgebra.leastSquaresQR(a, [1, 2, 3])
        }
        // The SVD route handles it: rank 1, minimum-norm solution.
        let solution = try LinearAlgebra.leastSquares(a, [1, 2, 3])
        #expect(solution.rank == 1)
        #expect(abs(solution.solution[0] - 1) < 1e-12 && solution.solution[1] == 0)
    }

    @Test func nonFiniteAndMismatchedInputsThrow() {
        let a = Matrix(rows: 2, columns: 2, rowMajor: [1, .nan, 0, 1])
        #expect(throws: LinearAlgebraError.nonFiniteInput(routine: "dgelsd")) { try LinearAlgebra.leastSquares(a, [1, 1]) }
        #expect(throws: LinearAlgebraError.nonFiniteInput(routine: "dgesvd")) {
            try LinearAlgebra.singularValueDecomposition(a)
        }
        let b = Matrix(rows: 2, columns: 2, rowMajor: [1, 0, 0, 1])
        #expect(throws: LinearAlgebraError.dimensionMismatch(rows: 2, rightHandSide: 3)) {
            try LinearAlgebra.leastSquares(b, [1, 2, 3])
        }
        #expect(LinearAlgebraError.didNotConverge(routine: "dgesvd", count: 2).description
            == "LAPACK dgesvd: SVD did not converge (2 superdiagonals)")
    }

    @Test func svdMatchesNumpyUpToSignAndReconstructs() throws {
        let fixture = try SpectralFixture.load("lstsq_svd.json")
        let cases = fixture.array("svd")
        try #require(cases.count == 6)
        for testCase in cases {
            let rows = testCase.int("rows")!
            let columns = testCase.int("columns")!
            let full = testCase.bool("full_matrices") ?? true
            let label = "\(testCase.string("name") ?? "?") full=\(full)"
            let a = Matrix(rows: rows, columns: columns, rowMajor: testCase.doubles("a"))
            let svd = try LinearAlgebra.singularValueDecomposition(a, fullMatrices: full).withNormalizedSigns()
            let uShape = testCase.ints("u_shape")
            let vtShape = testCase.ints("vt_shape")
            let expected = SingularValueDecomposition(
                u: Matrix(rows: uShape[0], columns: uShape[1], rowMajor: testCase.doubles("u")),
                singularValues: testCase.doubles("s"),
                vt: Matrix(rows: vtShape[0], columns: vtShape[1], rowMajor: testCase.doubles("vt"))
            ).withNormalizedSigns()
            #expect(svd.u.rows == uShape[0] && svd.u.columns == uShape[1], "\(label)")
            #expect(svd.vt.rows == vtShape[0] && svd.vt.columns == vtShape[1], "\(label)")
            #expect(Self.maxDifference(svd.singularValues, expected.singularValues) < 1e-12, "\(label)")
            let k = Swift.min(rows, columns)
            // The first k singular vectors are unique up to sign (distinct singular values).
            for i in 0..<k {
                let uColumn = (0..<rows).map { svd.u[$0, i] }
                let expectedU = (0..<rows).map { expected.u[$0, i] }
                #expect(Self.maxDifference(uColumn, expectedU) < 1e-10, "\(label) u[:, \(i)]")
                let vRow = (0..<columns).map { svd.vt[i, $0] }
                let expectedV = (0..<columns).map { expected.vt[i, $0] }
                #expect(Self.maxDifference(vRow, expectedV) < 1e-10, "\(label) vt[\(i), :]")
            }
            // U and V orthonormal (including the null-space completion of full matrices), and U·S·Vᵀ = A.
            for (q, byColumns) in [(svd.u, true), (svd.vt, false)] {
                let count = byColumns ? q.columns : q.rows
                let length = byColumns ? q.rows : q.columns
                for i in 0..<count {
                    for j in 0..<count {
                        let dot = (0..<length).reduce(0.0) {
                            $0 + (byColumns ? q[$1, i] * q[$1, j] : q[i, $1] * q[j, $1])
                        }
                        #expect(abs(dot - (i == j ? 1 : 0)) < 1e-12, "\(label) orthonormality")
                    }
                }
            }
            for r in 0..<rows {
                for c in 0..<columns {
                    let value = (0..<k).reduce(0.0) { $0 + svd.u[r, $1] * svd.singularValues[$1] * svd.vt[$1, c] }
                    #expect(abs(value - a[r, c]) < 1e-12, "\(label) reconstruction")
                }
            }
        }
    }
}
