import MotionDSP
import Testing
import _TestSupport

@Suite struct ZeroPhaseFilterTests {
    static let fixture = FilterFixtures.sosfiltfilt
    static let input = fixture.inputSamples

    /// Float output against scipy's float64 `sosfiltfilt` of the same Float32-rounded input. Our arithmetic is
    /// Double throughout (the forward-pass signal is never rounded), so the only Float error is the final rounding:
    /// ≤ 2⁻²⁴ of each value; we allow 2⁻²³ of the signal's scale.
    static let floatTolerance = 0x1p-23
    /// Double lanes: the same float64 operations as scipy except the 2×2 steady-state solve (closed form here,
    /// LAPACK there), which differs in the last bits.
    static let doubleTolerance = 1e-9

    @Test(arguments: fixture.cases)
    func matchesScipySosfiltfilt(_ reference: FilterFixtures.FilterCase) throws {
        let output = try ZeroPhaseFilter.filtfilt(reference.sections, Self.input)
        #expect(output.count == Self.input.count)
        FilterFixtures.expectAxes(output, match: reference.output, within: Self.floatTolerance, "\(reference)")
    }

    @Test(arguments: fixture.cases)
    func doubleLanesMatchScipySosfiltfilt(_ reference: FilterFixtures.FilterCase) throws {
        let output = try ZeroPhaseFilter.filtfilt(reference.sections, Self.input.map { SIMD4<Double>($0) })
        FilterFixtures.expectAxes(output, match: reference.output, within: Self.doubleTolerance, "\(reference)")
    }

    @Test(arguments: fixture.cases)
    func singleChannelOverloadsMatchScipy(_ reference: FilterFixtures.FilterCase) throws {
        let floats = try ZeroPhaseFilter.filtfilt(reference.sections, Self.input.map(\.y))
        let doubles = try ZeroPhaseFilter.filtfilt(reference.sections, Self.input.map { Double($0.y) })
        let expected = FilterFixtures.column(reference.output, 1)
        #expect(ApproximateComparison.maxRelativeError(floats, expected) <= Self.floatTolerance)
        #expect(ApproximateComparison.maxRelativeError(doubles, expected) <= Self.doubleTolerance)
    }

    @Test(arguments: fixture.cases)
    func paddingLengthAndShortestInputMatchScipy(_ reference: FilterFixtures.FilterCase) throws {
        let padlen = try #require(reference.padlen)
        let sections = reference.sections
        #expect(sections.zeroPhasePaddingLength == padlen)
        let shortest = Array(Self.input[...padlen])
        let output = try ZeroPhaseFilter.filtfilt(sections, shortest.map { SIMD4<Double>($0) })
        let expected = try #require(reference.short_output)
        FilterFixtures.expectAxes(output, match: expected, within: Self.doubleTolerance, "\(reference)")
        #expect(throws: FilterError.inputTooShort(count: padlen, paddingLength: padlen)) {
            try ZeroPhaseFilter.filtfilt(sections, Array(Self.input[..<padlen]))
        }
    }

    @Test func paddingCountsFirstOrderSections() throws {
        // Odd low-pass: one first-order section (b2 = a2 = 0) → 3·(2·3 + 1 − 1) = 18, as scipy.
        let odd = try SecondOrderSections.butterworth(order: 5, band: .lowPass(cutoff: 30), sampleRate: 800)
        #expect(odd.zeroPhasePaddingLength == 18)
        let even = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        #expect(even.zeroPhasePaddingLength == 15)
    }

    @Test func emptyAndOneSampleInputsThrow() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        #expect(throws: FilterError.inputTooShort(count: 0, paddingLength: 15)) {
            try ZeroPhaseFilter.filtfilt(sections, [Float]())
        }
        #expect(throws: FilterError.inputTooShort(count: 1, paddingLength: 15)) {
            try ZeroPhaseFilter.filtfilt(sections, [SIMD4<Float>(1, 2, 3, 4)])
        }
        #expect(
            FilterError.inputTooShort(count: 1, paddingLength: 15).description
                == "zero-phase filtering needs more than 15 samples (the edge padding), got 1")
    }

    @Test func constantSignalPassesLowPassUnchanged() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .lowPass(cutoff: 10), sampleRate: 800)
        let constant = [SIMD4<Float>](repeating: SIMD4(0.5, -0.25, -1, 2), count: 100)
        let output = try ZeroPhaseFilter.filtfilt(sections, constant)
        for sample in output {
            let difference = sample - constant[0]
            #expect((0..<4).allSatisfy { abs(difference[$0]) <= 1e-6 })
        }
    }

    /// NaN in one lane makes that lane's whole output NaN (both passes cross it); other lanes are untouched.
    @Test func nanPoisonsOnlyItsLane() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let expected = try ZeroPhaseFilter.filtfilt(sections, Self.input)
        var poisoned = Self.input
        poisoned[800].z = .nan
        let output = try ZeroPhaseFilter.filtfilt(sections, poisoned)
        #expect(output.map(\.x) == expected.map(\.x))
        #expect(output.map(\.y) == expected.map(\.y))
        #expect(output.allSatisfy { $0.z.isNaN })
    }

    @Test func bufferOverloadEqualsArrayOverload() throws {
        let sections = try SecondOrderSections.butterworth(order: 2, band: .bandStop(low: 45, high: 55), sampleRate: 800)
        let expected = try ZeroPhaseFilter.filtfilt(sections, Self.input)
        var output = [SIMD4<Float>](repeating: .zero, count: Self.input.count)
        try Self.input.withUnsafeBufferPointer { (source) throws(FilterError) in
            try output.withUnsafeMutableBufferPointer { (destination) throws(FilterError) in
                try ZeroPhaseFilter.filtfilt(sections, source, into: destination)
            }
        }
        #expect(output == expected)
    }

    /// A reused instance (work buffer kept across calls, inputs of varying length) gives exactly the one-off result.
    @Test func reusedInstanceEqualsOneOffCalls() throws {
        let sections = try SecondOrderSections.butterworth(order: 5, band: .lowPass(cutoff: 30), sampleRate: 800)
        var filter = ZeroPhaseFilter(sections)
        #expect(filter.paddingLength == 18)
        for length in [1200, 19, 700, 1200, 250] {
            let input = Array(Self.input[..<length])
            let expected = try ZeroPhaseFilter.filtfilt(sections, input)
            #expect(try filter.filtfilt(input) == expected, "length \(length)")
            var output = [SIMD4<Float>](repeating: .zero, count: length)
            try input.withUnsafeBufferPointer { (source) throws(FilterError) in
                try output.withUnsafeMutableBufferPointer { (destination) throws(FilterError) in
                    try filter.filtfilt(source, into: destination)
                }
            }
            #expect(output == expected, "length \(length)")
        }
        #expect(throws: FilterError.inputTooShort(count: 18, paddingLength: 18)) {
            try filter.filtfilt(Array(Self.input[..<18]))
        }
    }

    @Test func inPlaceEqualsSeparateOutput() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let expected = try ZeroPhaseFilter.filtfilt(sections, Self.input)
        var samples = Self.input
        try samples.withUnsafeMutableBufferPointer { (buffer) throws(FilterError) in
            try ZeroPhaseFilter.filtfilt(sections, UnsafeBufferPointer(buffer), into: buffer)
        }
        #expect(samples == expected)
    }
}
