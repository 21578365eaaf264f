import MotionDSP
import Testing
import _TestSupport

@Suite struct ButterworthTests {
    @Test(arguments: FilterFixtures.design.cases)
    func matchesScipyButter(_ reference: FilterFixtures.DesignCase) throws {
        let designed = try SecondOrderSections.butterworth(
            order: reference.order, band: reference.band, sampleRate: reference.fs)
        #expect(designed.sections.count == reference.sos.count)
        for (section, row) in zip(designed.scipyRows, reference.sos) {
            // Relative to each polynomial's own scale: numerator gains span 1e-30...1.
            let numeratorError = ApproximateComparison.maxRelativeError(section[0..<3], row[0..<3])
            let denominatorError = ApproximateComparison.maxRelativeError(section[3..<6], row[3..<6])
            #expect(numeratorError <= 1e-12, "\(reference) b: \(section) vs \(row)")
            #expect(denominatorError <= 1e-12, "\(reference) a: \(section) vs \(row)")
        }
    }

    @Test func sectionCountsFollowScipy() throws {
        for order in 1...12 {
            let lowPass = try SecondOrderSections.butterworth(order: order, band: .lowPass(cutoff: 50), sampleRate: 800)
            let bandPass = try SecondOrderSections.butterworth(
                order: order, band: .bandPass(low: 10, high: 60), sampleRate: 800)
            #expect(lowPass.sections.count == (order + 1) / 2)
            #expect(bandPass.sections.count == order)
        }
    }

    @Test func directCurrentGainIsOneForLowPassAndZeroForHighPass() throws {
        let lowPass = try SecondOrderSections.butterworth(order: 6, band: .lowPass(cutoff: 30), sampleRate: 800)
        let highPass = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let bandStop = try SecondOrderSections.butterworth(
            order: 3, band: .bandStop(low: 45, high: 55), sampleRate: 800)
        #expect(abs(lowPass.directCurrentGain - 1) < 1e-12)
        #expect(abs(highPass.directCurrentGain) < 1e-12)
        #expect(abs(bandStop.directCurrentGain - 1) < 1e-12)
    }

    static let invalidDesigns: [(Int, FilterBand, Double, FilterDesignError)] = [
        (0, .lowPass(cutoff: 10), 800, .orderOutOfRange(order: 0)),
        (13, .lowPass(cutoff: 10), 800, .orderOutOfRange(order: 13)),
        (-2, .highPass(cutoff: 10), 800, .orderOutOfRange(order: -2)),
        (4, .lowPass(cutoff: 0), 800, .cutoffOutOfRange(cutoff: 0, nyquist: 400)),
        (4, .lowPass(cutoff: -5), 800, .cutoffOutOfRange(cutoff: -5, nyquist: 400)),
        (4, .highPass(cutoff: 400), 800, .cutoffOutOfRange(cutoff: 400, nyquist: 400)),
        (4, .highPass(cutoff: 1000), 800, .cutoffOutOfRange(cutoff: 1000, nyquist: 400)),
        (4, .bandPass(low: 10, high: 400), 800, .cutoffOutOfRange(cutoff: 400, nyquist: 400)),
        (4, .bandPass(low: 60, high: 10), 800, .bandEdgesReversed(low: 60, high: 10)),
        (4, .bandStop(low: 50, high: 50), 800, .bandEdgesReversed(low: 50, high: 50)),
        (4, .lowPass(cutoff: 10), 0, .invalidSampleRate(sampleRate: 0)),
        (4, .lowPass(cutoff: 10), .infinity, .invalidSampleRate(sampleRate: .infinity)),
    ]

    @Test(arguments: invalidDesigns.indices)
    func rejectsInvalidDesigns(_ index: Int) {
        let (order, band, sampleRate, expected) = Self.invalidDesigns[index]
        #expect(throws: expected) {
            try SecondOrderSections.butterworth(order: order, band: band, sampleRate: sampleRate)
        }
        #expect(!expected.description.isEmpty && !expected.description.contains("\n"))
    }

    @Test func rejectsNaNCutoffsAndSampleRate() {
        let nanCutoff = #expect(throws: FilterDesignError.self) {
            try SecondOrderSections.butterworth(order: 2, band: .lowPass(cutoff: .nan), sampleRate: 800)
        }
        if case .cutoffOutOfRange(let cutoff, _)? = nanCutoff { #expect(cutoff.isNaN) } else {
            Issue.record("expected cutoffOutOfRange, got \(String(describing: nanCutoff))")
        }
        #expect(throws: FilterDesignError.self) {
            try SecondOrderSections.butterworth(order: 2, band: .bandStop(low: 5, high: .nan), sampleRate: 800)
        }
        #expect(throws: FilterDesignError.self) {
            try SecondOrderSections.butterworth(order: 2, band: .lowPass(cutoff: 10), sampleRate: .nan)
        }
    }

    @Test func errorsPrintOneClearLine() {
        #expect(
            FilterDesignError.cutoffOutOfRange(cutoff: 400, nyquist: 400).description
                == "cut-off 400.0 Hz must satisfy 0 < cut-off < Nyquist (400.0 Hz)")
        #expect(FilterDesignError.orderOutOfRange(order: 13).description == "filter order 13 is outside 1...12")
    }
}
