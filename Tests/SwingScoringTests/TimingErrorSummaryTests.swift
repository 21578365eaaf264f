import Testing

@testable import SwingScoring
import SwingSimulation

@Suite struct TimingErrorSummaryTests {
    /// numpy.percentile(|e|, [50, 95]) for e = [-3, 1, 2, -0.5, 4] ms: [2.0, 3.8].
    @Test func matchesNumpyLinearPercentiles() {
        let s = TimingErrorSummary(errorsMilliseconds: [-3, 1, 2, -0.5, 4])
        #expect(s.count == 5)
        #expect(abs(s.medianAbsoluteMilliseconds - 2) < 1e-12)
        #expect(abs(s.p95AbsoluteMilliseconds - 3.8) < 1e-12)
        #expect(abs(s.meanMilliseconds - 0.7) < 1e-12)
        #expect(abs(s.medianMilliseconds - 1) < 1e-12)
        #expect(s.maxAbsoluteMilliseconds == 4)
    }

    @Test func secondsAreConvertedAndEmptyIsZero() {
        let s = TimingErrorSummary(errorsSeconds: [0.001, -0.002])
        #expect(abs(s.meanMilliseconds - (-0.5)) < 1e-9)
        let empty = TimingErrorSummary(errorsMilliseconds: [])
        #expect(empty.count == 0 && empty.p95AbsoluteMilliseconds == 0 && empty.meanMilliseconds == 0)
    }
}
