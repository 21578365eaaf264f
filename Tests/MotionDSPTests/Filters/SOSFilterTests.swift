import MotionDSP
import Testing
import _TestSupport

@Suite struct SOSFilterTests {
    static let fixture = FilterFixtures.sosfilt
    static let input = fixture.inputSamples

    static func whole(_ sections: SecondOrderSections, _ input: [SIMD4<Float>]) -> [SIMD4<Float>] {
        var filter = SOSFilter(sections)
        var output = input
        filter.process(&output)
        return output
    }

    static func lanes(_ samples: [SIMD4<Float>], _ lane: Int) -> [Float] { samples.map { $0[lane] } }

    /// Float output against scipy's float64 result: the kernel's float64 result differs from scipy's by a few ulps
    /// (its recursion is reassociated), far below the final rounding to Float (≤ 2⁻²⁴ of the value; we allow 2⁻²³
    /// of the scale).
    static let floatTolerance = 0x1p-23

    @Test(arguments: fixture.cases)
    func matchesScipySosfilt(_ reference: FilterFixtures.FilterCase) {
        let output = Self.whole(reference.sections, Self.input)
        FilterFixtures.expectAxes(output, match: reference.output, within: Self.floatTolerance, "\(reference)")
    }

    @Test(arguments: fixture.cases)
    func doubleLanesMatchScipySosfiltToRounding(_ reference: FilterFixtures.FilterCase) {
        var filter = SOSFilter(reference.sections)
        var samples = Self.input.map { SIMD4<Double>($0) }
        filter.process(&samples)
        FilterFixtures.expectAxes(samples, match: reference.output, within: 1e-12, "\(reference)")
    }

    @Test(arguments: fixture.cases)
    func steadyStateStartMatchesSosfiltZi(_ reference: FilterFixtures.FilterCase) throws {
        let zi = try #require(reference.zi)
        let computed = reference.sections.steadyStateForUnitStep
        #expect(computed.count == zi.count)
        for (ours, theirs) in zip(computed, zi) {
            #expect(ApproximateComparison.maxRelativeError([ours.x, ours.y], theirs) <= 1e-12)
        }
        var filter = SOSFilter(reference.sections)
        filter.setSteadyState(for: Self.input[0])
        var output = Self.input
        filter.process(&output)
        let expected = try #require(reference.output_steady_start)
        FilterFixtures.expectAxes(output, match: expected, within: Self.floatTolerance, "\(reference)")
    }

    @Test func designedFilterEqualsFixtureRows() throws {
        for reference in Self.fixture.cases {
            let designed = try SecondOrderSections.butterworth(
                order: reference.order, band: reference.band, sampleRate: Self.fixture.fs)
            for (ours, theirs) in zip(designed.scipyRows, reference.sos) {
                #expect(ApproximateComparison.maxRelativeError(ours, theirs) <= 1e-12)
            }
        }
    }

    /// Chunked processing is bit-identical to one call, for fixed and random ragged chunkings.
    @Test(arguments: [1, 7, 333, 800, 1199, 1200])
    func fixedChunksAreBitIdentical(_ chunkSize: Int) {
        for reference in Self.fixture.cases {
            let expected = Self.whole(reference.sections, Self.input)
            var filter = SOSFilter(reference.sections)
            var output: [SIMD4<Float>] = []
            var start = 0
            while start < Self.input.count {
                let end = min(start + chunkSize, Self.input.count)
                var chunk = Array(Self.input[start..<end])
                filter.process(&chunk)
                output += chunk
                start = end
            }
            #expect(output == expected, "\(reference) chunk \(chunkSize)")
        }
    }

    @Test func randomRaggedChunksAreBitIdentical() {
        var random = SplitMix64(seed: 0x5EED_F11E)
        for reference in Self.fixture.cases {
            let expected = Self.whole(reference.sections, Self.input)
            for trial in 0..<25 {
                let sizes = random.chunkSizes(total: Self.input.count, maxChunk: [3, 40, 900][trial % 3])
                var filter = SOSFilter(reference.sections)
                var output = [SIMD4<Float>](repeating: .zero, count: Self.input.count)
                var start = 0
                Self.input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        for size in sizes {
                            filter.process(
                                UnsafeBufferPointer(rebasing: source[start..<start + size]),
                                into: UnsafeMutableBufferPointer(rebasing: destination[start..<start + size]))
                            start += size
                        }
                    }
                }
                #expect(output == expected, "\(reference) trial \(trial)")
            }
        }
    }

    @Test func sampleBySampleIsBitIdentical() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        var filter = SOSFilter(sections)
        filter.setSteadyState(for: Self.input[0])
        var whole = filter
        var output = Self.input
        whole.process(&output)
        let stepped = Self.input.map { filter.process($0) }
        #expect(stepped == output)
        #expect(filter.state == whole.state)
    }

    @Test func copyCarriesStateExactly() throws {
        let sections = try SecondOrderSections.butterworth(order: 5, band: .lowPass(cutoff: 30), sampleRate: 800)
        var original = SOSFilter(sections)
        var head = Array(Self.input[..<700])
        original.process(&head)
        var copy = original
        #expect(copy.state == original.state)
        var tailA = Array(Self.input[700...])
        var tailB = tailA
        copy.process(&tailA)
        #expect(copy.state != original.state, "processing the copy must not touch the original")
        original.process(&tailB)
        #expect(tailA == tailB)
        #expect(copy.state == original.state)
    }

    @Test func resetAndSetStateRestart() throws {
        let sections = try SecondOrderSections.butterworth(order: 3, band: .bandPass(low: 100, high: 350), sampleRate: 800)
        let fresh = Self.whole(sections, Self.input)
        var filter = SOSFilter(sections)
        var scratch = Self.input
        filter.process(&scratch)
        #expect(filter.state != SOSFilter(sections).state)
        filter.reset()
        var again = Self.input
        filter.process(&again)
        #expect(again == fresh)

        var saved = SOSFilter(sections)
        var head = Array(Self.input[..<500])
        saved.process(&head)
        var restored = SOSFilter(sections)
        restored.setState(saved.state)
        var tailA = Array(Self.input[500...])
        var tailB = tailA
        saved.process(&tailA)
        restored.process(&tailB)
        #expect(tailA == tailB)
    }

    @Test func steadyStateHoldsAConstantInput() throws {
        let lowPass = try SecondOrderSections.butterworth(order: 6, band: .lowPass(cutoff: 20), sampleRate: 800)
        let highPass = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let constant = SIMD4<Float>(0.25, -0.5, -1, 30)
        var low = SOSFilter(lowPass)
        var high = SOSFilter(highPass)
        low.setSteadyState(for: constant)
        high.setSteadyState(for: constant)
        for _ in 0..<200 {
            let lowOutput = low.process(constant)
            let highOutput = high.process(constant)
            for lane in 0..<4 {
                #expect(abs(lowOutput[lane] - constant[lane]) <= 1e-5 * max(1, abs(constant[lane])))
                #expect(abs(highOutput[lane]) <= 1e-5 * max(1, abs(constant[lane])))
            }
        }
    }

    /// NaN in one lane poisons that lane's state (NaN output until reset); the other lanes are untouched.
    @Test func nanStaysInItsLaneUntilReset() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let expected = Self.whole(sections, Self.input)
        var poisoned = Self.input
        poisoned[300].y = .nan
        var filter = SOSFilter(sections)
        filter.process(&poisoned)
        #expect(Self.lanes(poisoned, 0) == Self.lanes(expected, 0))
        #expect(Self.lanes(poisoned, 2) == Self.lanes(expected, 2))
        #expect(Self.lanes(poisoned, 1)[..<300] == Self.lanes(expected, 1)[..<300])
        #expect(Self.lanes(poisoned, 1)[300...].allSatisfy { $0.isNaN })
        #expect(filter.state.allSatisfy { $0.y.isNaN && !$0.x.isNaN })
        filter.reset()
        #expect(filter.process(SIMD4<Float>(1, 1, 1, 1)).y.isFinite)
    }

    @Test func emptyAndSingleSampleInputs() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .lowPass(cutoff: 50), sampleRate: 800)
        #expect(sections.sections.count == 2)
        var filter = SOSFilter(sections)
        var empty: [SIMD4<Float>] = []
        filter.process(&empty)
        #expect(empty.isEmpty)
        #expect(filter.state == SOSFilter(sections).state)
        var one: [SIMD4<Float>] = [SIMD4(1, 2, 3, 4)]
        filter.process(&one)
        let b0 = sections.sections[0].b0
        #expect(one[0] == SIMD4<Float>(SIMD4<Double>(1, 2, 3, 4) * b0 * sections.sections[1].b0))
    }

    @Test func singleChannelConvenienceUsesLaneZero() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let expected = Self.lanes(Self.whole(sections, Self.input), 0)
        var filter = SOSFilter(sections)
        #expect(filter.filter(Self.lanes(Self.input, 0)) == expected)
    }
}

/// Long cascades go through the blocked kernel (pairs of sections, 32-sample blocks between them); these pin it
/// to a plain per-sample loop of the documented recursion, bit for bit, and to scipy's `_sosfilt` loop to rounding.
@Suite struct SOSFilterDeepCascadeTests {
    /// The recursion ``SOSFilter`` documents, one lane at a time in scalar `Double`:
    /// `y = b0·x + s1; s1 = (w1·x + s2) − a1·s1; s2 = w2·x − a2·s1` with `w1 = b1 − a1·b0`, `w2 = b2 − a2·b0`.
    static func referenceCascade(_ sections: SecondOrderSections, _ x: [Double], state: inout [Double]) -> [Double] {
        x.map { sample in
            var value = sample
            for (k, q) in sections.sections.enumerated() {
                let (w1, w2) = (q.b1 - q.a1 * q.b0, q.b2 - q.a2 * q.b0)
                let (s1, s2) = (state[2 * k], state[2 * k + 1])
                let y = q.b0 * value + s1
                state[2 * k] = (w1 * value + s2) - q.a1 * s1
                state[2 * k + 1] = w2 * value - q.a2 * s1
                value = y
            }
            return value
        }
    }

    /// scipy's `_sosfilt` inner loop, one lane at a time, in Double.
    static func referenceSosfilt(_ sections: SecondOrderSections, _ x: [Double], state: inout [Double]) -> [Double] {
        x.map { sample in
            var value = sample
            for (k, q) in sections.sections.enumerated() {
                let y = q.b0 * value + state[2 * k]
                state[2 * k] = q.b1 * value - q.a1 * y + state[2 * k + 1]
                state[2 * k + 1] = q.b2 * value - q.a2 * y
                value = y
            }
            return value
        }
    }

    static let designs: [(Int, FilterBand)] = [
        (1, .lowPass(cutoff: 40)), (2, .highPass(cutoff: 5)), (3, .lowPass(cutoff: 100)),
        (4, .bandStop(low: 45, high: 55)), (9, .lowPass(cutoff: 60)), (12, .bandPass(low: 150, high: 390)),
        (7, .bandPass(low: 2, high: 20)), (12, .highPass(cutoff: 1)),
    ]

    @Test(arguments: designs.indices)
    func doubleLanesEqualPerSampleLoopBitForBit(_ index: Int) throws {
        let (order, band) = Self.designs[index]
        let sections = try SecondOrderSections.butterworth(order: order, band: band, sampleRate: 800)
        let input = SOSFilterTests.input
        var filter = SOSFilter(sections)
        filter.setSteadyState(for: input[0])
        var samples = input.map { SIMD4<Double>($0) }
        let initial = filter.state
        // Ragged chunks through the Double kernel.
        var random = SplitMix64(seed: UInt64(index))
        var start = 0
        for size in random.chunkSizes(total: samples.count, maxChunk: 100) {
            samples.withUnsafeMutableBufferPointer { buffer in
                filter.processInPlace(buffer.baseAddress! + start, count: size)
            }
            start += size
        }
        for lane in 0..<3 {
            let laneInput = input.map { Double($0[lane]) }
            var state = initial.flatMap { [$0[lane]] }
            let expected = Self.referenceCascade(sections, laneInput, state: &state)
            let output = samples.map { $0[lane] }
            #expect(output == expected, "order \(order) \(band) lane \(lane)")
            #expect(filter.state.map { $0[lane] } == state)
            // scipy's operation order: the same filter up to rounding, also for the 12th-order 1 Hz high-pass,
            // whose poles sit closest to z = 1.
            var scipyState = initial.flatMap { [$0[lane]] }
            let scipy = Self.referenceSosfilt(sections, laneInput, state: &scipyState)
            let error = ApproximateComparison.maxRelativeError(output, scipy)
            #expect(error <= 1e-12, "order \(order) \(band) lane \(lane): \(error)")
        }
    }

    @Test(arguments: designs.indices)
    func floatChunkingIsBitIdentical(_ index: Int) throws {
        let (order, band) = Self.designs[index]
        let sections = try SecondOrderSections.butterworth(order: order, band: band, sampleRate: 800)
        let input = SOSFilterTests.input
        let whole = SOSFilterTests.whole(sections, input)
        var random = SplitMix64(seed: 1000 + UInt64(index))
        for maxChunk in [1, 7, 33, 333, 800] {
            var filter = SOSFilter(sections)
            var output: [SIMD4<Float>] = []
            var start = 0
            for size in random.chunkSizes(total: input.count, maxChunk: maxChunk) {
                var chunk = Array(input[start..<start + size])
                filter.process(&chunk)
                output += chunk
                start += size
            }
            #expect(output == whole, "order \(order) \(band) max chunk \(maxChunk)")
        }
        var stepped = SOSFilter(sections)
        #expect(input.map { stepped.process($0) } == whole, "order \(order) \(band) sample by sample")
    }
}

@Suite struct SOSFilterSpanTests {
    @available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
    @Test func spanOverloadsEqualArrayProcessing() throws {
        let sections = try SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
        let expected = SOSFilterTests.whole(sections, SOSFilterTests.input)
        var inPlace = SOSFilterTests.input
        var filter = SOSFilter(sections)
        var span = inPlace.mutableSpan
        filter.process(&span)
        #expect(inPlace == expected)

        var output = [SIMD4<Float>](repeating: .zero, count: SOSFilterTests.input.count)
        var other = SOSFilter(sections)
        var outputSpan = output.mutableSpan
        other.process(SOSFilterTests.input.span, into: &outputSpan)
        #expect(output == expected)
    }
}
