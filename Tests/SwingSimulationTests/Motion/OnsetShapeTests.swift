import Foundation
import Testing

@testable import SwingSimulation

@Suite struct OnsetShapeTests {
    static let shapes: [OnsetShape] = [
        .powerLaw(p: 1.5), .powerLaw(p: 3), .gamma(p: 1.5), .gamma(p: 3), .raisedCosine(q: 0.75),
        .raisedCosine(q: 1.5),
    ]

    @Test(arguments: shapes)
    func risesMonotonicallyFromZeroToOne(shape: OnsetShape) {
        #expect(shape.rise(0) == 0 && shape.rise(-1) == 0)
        #expect(abs(shape.rise(1) - 1) < 1e-12)
        var previous = 0.0
        for k in 1...1000 {
            let value = shape.rise(Double(k) / 1000)
            #expect(value >= previous - 1e-12)
            previous = value
        }
        // Zero slope at the peak.
        #expect(abs(shape.rise(1) - shape.rise(0.999)) < 1e-4)
    }

    /// Near the onset the rise behaves like x^p: doubling x multiplies it by about 2^p.
    @Test(arguments: shapes)
    func growsLikeAPowerLawNearTheOnset(shape: OnsetShape) {
        let ratio = shape.rise(0.002) / shape.rise(0.001)
        #expect(abs(log2(ratio) - shape.onsetExponent) < 0.01)
    }
}
