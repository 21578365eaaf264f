import Foundation
import MotionDSP
import Testing
import _TestSupport

@Suite struct FFTTests {
    @Test func forwardMatchesNumpyRfft() throws {
        let fixture = try SpectralFixture.load("fft.json")
        let cases = fixture.array("cases")
        try #require(cases.count == 6)
        for testCase in cases {
            let count = try #require(testCase.int("count"))
            let x = testCase.floats("x")
            let plan = RealFFTPlan(count: count, rigor: .estimate)
            let spectrum = plan.forward(x)
            #expect(spectrum.count == count / 2 + 1)
            let realError = ApproximateComparison.maxRelativeError(spectrum.map(\.real), testCase.doubles("real"))
            let imaginaryError = ApproximateComparison.maxRelativeError(
                spectrum.map(\.imaginary), testCase.doubles("imaginary"))
            // Relative to the largest bin (the DC term of a 1 g offset dominates); Float arithmetic.
            #expect(realError < 2e-6, "count \(count): real error \(realError)")
            #expect(imaginaryError < 2e-6 || count <= 2, "count \(count): imaginary error \(imaginaryError)")
        }
    }

    @Test(arguments: [1, 2, 3, 8, 800, 1000, 1024, 4097])
    func roundTripRestoresSignalTimesCount(count: Int) {
        var generator = SplitMix64(seed: UInt64(count))
        let x = (0..<count).map { _ in Float(generator.nextGaussian()) }
        let plan = RealFFTPlan(count: count, rigor: .estimate)
        let back = plan.inverse(plan.forward(x)).map { $0 / Float(count) }
        #expect(ApproximateComparison.maxRelativeError(back, x) < 1e-5)
    }

    @Test func alignedBufferAndUnalignedArraysGiveTheSameSpectrum() {
        let count = 1024
        var generator = SplitMix64(seed: 7)
        let x = (0..<count).map { _ in Float(generator.nextGaussian()) }
        let plan = RealFFTPlan(count: count)
        let buffer = RealFFTBuffer(count: count)
        _ = buffer.samples.update(fromContentsOf: x)
        plan.forward(buffer)
        let fromBuffer = Array(buffer.spectrum)
        // An array slice one Float in: deliberately misaligned for SIMD, so the FFTW_UNALIGNED plan runs.
        let padded = [Float(0)] + x
        var fromArray = [ComplexFloat](repeating: .zero, count: plan.spectrumCount)
        padded.withUnsafeBufferPointer { all in
            fromArray.withUnsafeMutableBufferPointer { out in
                plan.forward(UnsafeBufferPointer(rebasing: all[1...]), into: out)
            }
        }
        let difference = zip(fromBuffer, fromArray).map { Swift.max(abs($0.real - $1.real), abs($0.imaginary - $1.imaginary)) }
        #expect(difference.max()! < 1e-3)
        #expect(ApproximateComparison.maxRelativeError(fromArray.map(\.real), fromBuffer.map(\.real)) < 1e-6)
        plan.inverse(buffer)
        #expect(ApproximateComparison.maxRelativeError(buffer.samples.map { $0 / Float(count) }, x) < 1e-5)
    }

    @Test func concurrentExecutionOnOneSharedPlanIsIdentical() async {
        let count = 4096
        let plan = RealFFTPlan.shared(count: count)
        #expect(RealFFTPlan.shared(count: count) === plan)
        var generator = SplitMix64(seed: 99)
        let inputs = (0..<8).map { _ in (0..<count).map { _ in Float(generator.nextGaussian()) } }
        let reference = inputs.map { plan.forward($0) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<32 {
                group.addTask {
                    let buffer = RealFFTBuffer(count: count)
                    var mismatches = 0
                    for round in 0..<20 {
                        let which = (task + round) % inputs.count
                        _ = buffer.samples.update(fromContentsOf: inputs[which])
                        plan.forward(buffer)
                        if !buffer.spectrum.elementsEqual(reference[which]) { mismatches += 1 }
                        // Array path: aligned or FFTW_UNALIGNED plan depending on where the allocator put the array,
                        // so only equal to rounding there.
                        let viaArray = plan.forward(inputs[which])
                        if ApproximateComparison.maxRelativeError(viaArray.map(\.real), reference[which].map(\.real))
                            > 1e-6
                        {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// The FFTW plans are made on first use: tasks that all make their first calls at once on a fresh plan (racing
    /// to make the same plan; one is kept, the others destroyed) get the results of a plan used serially.
    @Test func firstUseFromManyTasksAtOnceGivesTheSerialResults() async {
        let count = 256
        var generator = SplitMix64(seed: 7)
        let input = (0..<count).map { _ in Float(generator.nextGaussian()) }
        let serial = RealFFTPlan(count: count, rigor: .estimate)
        let spectrum = RealFFTBuffer(count: count)
        _ = spectrum.samples.update(fromContentsOf: input)
        serial.forward(spectrum)
        let reference = Array(spectrum.spectrum)
        serial.inverse(spectrum)
        let roundTrip = Array(spectrum.samples)
        // The serial results themselves are right: the inverse undoes the forward (unnormalised: × count).
        #expect(ApproximateComparison.maxRelativeError(roundTrip.map { $0 / Float(count) }, input) < 1e-5)
        let fresh = RealFFTPlan(count: count, rigor: .estimate)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let buffer = RealFFTBuffer(count: count)
                    _ = buffer.samples.update(fromContentsOf: input)
                    fresh.forward(buffer)
                    var mismatches = buffer.spectrum.elementsEqual(reference) ? 0 : 1
                    fresh.inverse(buffer)
                    if !buffer.samples.elementsEqual(roundTrip) { mismatches += 1 }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test func lengthOneIsTheIdentity() {
        let plan = RealFFTPlan(count: 1, rigor: .estimate)
        #expect(plan.spectrumCount == 1)
        #expect(plan.forward([2.5]) == [ComplexFloat(real: 2.5, imaginary: 0)])
        #expect(plan.inverse([ComplexFloat(real: 2.5, imaginary: 0)]) == [2.5])
    }

    @Test func nanInInputPropagatesWithoutTrapping() {
        let plan = RealFFTPlan(count: 16, rigor: .estimate)
        var x = [Float](repeating: 1, count: 16)
        x[3] = .nan
        let spectrum = plan.forward(x)
        #expect(spectrum[0].real.isNaN)
        #expect(spectrum.allSatisfy { $0.real.isNaN || $0.imaginary.isNaN })
    }
}
