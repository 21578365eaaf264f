import Foundation
import MotionDSP
import Testing
import _TestSupport

@Suite struct WelchTests {
    /// Translates the fixture's scipy keyword arguments into `WelchOptions` and a sample rate.
    static func options(_ fixture: SpectralFixture) -> (WelchOptions, Double) {
        var options = WelchOptions()
        if let nperseg = fixture.int("nperseg") { options.segmentLength = nperseg }
        options.overlap = fixture.int("noverlap")
        options.fftLength = fixture.int("nfft")
        switch fixture.string("window") {
        case "hamming": options.window = .hamming
        case "boxcar": options.window = .boxcar
        default: options.window = .hann
        }
        if fixture.has("detrend") {
            options.detrend = fixture.string("detrend") == "linear" ? .linear
                : fixture.string("detrend") == "constant" ? .constant : .none
        }
        if fixture.string("scaling") == "spectrum" { options.scaling = .spectrum }
        if fixture.string("average") == "median" { options.average = .median }
        return (options, fixture.double("fs") ?? 1)
    }

    @Test func matchesScipyWelchForEveryOptionCombination() throws {
        let fixture = try SpectralFixture.load("welch.json")
        let cases = fixture.array("cases")
        try #require(cases.count == 15)
        for testCase in cases {
            let (options, sampleRate) = Self.options(testCase["options"])
            let x = fixture.floats(testCase.string("input") ?? "long")
            let psd = Welch.powerSpectralDensity(of: x, sampleRate: sampleRate, options: options)
            let expectedFrequencies = testCase.doubles("frequencies")
            let expected = testCase.doubles("psd")
            #expect(psd.values.count == expected.count)
            #expect(ApproximateComparison.maxRelativeError(psd.frequencies, expectedFrequencies) < 1e-12)
            let error = ApproximateComparison.maxRelativeError(psd.values, expected)
            #expect(error < 1e-5, "options \(options): relative error \(error)")
            // Bin-by-bin too, for bins carrying at least 1e-4 of the peak (Float FFT rounding floor).
            let peak = expected.max() ?? 0
            var worstBin = 0.0
            for (value, reference) in zip(psd.values, expected) where reference > 1e-4 * peak {
                worstBin = Swift.max(worstBin, abs(value - reference) / reference)
            }
            #expect(worstBin < 1e-3, "options \(options): worst significant bin \(worstBin)")
        }
    }

    @Test func parsevalHoldsForOneBoxcarSegment() {
        var generator = SplitMix64(seed: 3)
        let x = (0..<1000).map { _ in Float(1 + 0.5 * generator.nextGaussian()) }
        let meanSquare = x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(x.count)
        for fftLength in [1000, 1001, 2048] {
            let options = WelchOptions(
                segmentLength: x.count, fftLength: fftLength, window: .boxcar, detrend: .none)
            let psd = Welch.powerSpectralDensity(of: x, sampleRate: 800, options: options)
            let integrated = psd.values.reduce(0, +) * psd.frequencyResolution
            #expect(abs(integrated - meanSquare) / meanSquare < 1e-5, "nfft \(fftLength)")
            let band = BandEnergy(spectrum: psd, lower: 0, upper: 400)
            #expect(abs(band.totalPower - meanSquare) / meanSquare < 1e-5)
            #expect(abs(band.fraction - 1) < 1e-12)
        }
    }

    @Test func parsevalHoldsForWindowedWelchOnAverage() {
        // With a window, Σ P·Δf equals the mean of (window-normalised) squared samples; for white noise the
        // expected value is the variance. Long noise makes the average tight.
        var generator = SplitMix64(seed: 4)
        let x = (0..<80_000).map { _ in Float(generator.nextGaussian()) }
        let psd = Welch.powerSpectralDensity(of: x, sampleRate: 800)
        let integrated = psd.values.reduce(0, +) * psd.frequencyResolution
        #expect(abs(integrated - 1) < 0.02)
    }

    @Test func medianBiasMatchesScipy() {
        // scipy.signal._spectral_py._median_bias(1...6)
        let expected = [1.0, 1.0, 0.8333333333333334, 0.8333333333333334, 0.7833333333333333, 0.7833333333333333]
        for (m, value) in zip(1..., expected) {
            #expect(abs(Welch.medianBias(segmentCount: m) - value) < 1e-15)
        }
    }

    @Test func bandEnergyFindsTheImpactRinging() throws {
        // 60 ms after an impact: 1 g offset plus a 280 Hz decaying ringing, at 800 Hz.
        var x = [Float]()
        for i in 0..<48 {
            let t = Double(i) / 800
            let ringing: Double = 2 * exp(-t / 0.015) * sin(2 * Double.pi * 280 * t)
            x.append(Float(1 + ringing))
        }
        let band = BandEnergy(segment: x, sampleRate: 800, lower: 150, upper: 400, fftLength: 512)
        let dominant = try #require(band.dominantFrequency)
        #expect(abs(dominant - 280) <= 800.0 / 512)
        #expect(band.fraction > 0.9)
        let low = BandEnergy(segment: x, sampleRate: 800, lower: 0, upper: 50, fftLength: 512)
        #expect(low.power < 0.05 * band.power)
        #expect(BandEnergy(segment: x, sampleRate: 800, lower: 401, upper: 500).dominantFrequency == nil)
    }

    @Test func emptyShortAndNaNInputs() {
        #expect(Welch.powerSpectralDensity(of: [], sampleRate: 800).values.isEmpty)
        let one = Welch.powerSpectralDensity(of: [3], sampleRate: 800, options: .init(detrend: .none))
        #expect(one.values.count == 1 && one.segmentCount == 1)
        #expect(one.values[0] == 9.0 / 800)
        var x = [Float](repeating: 1, count: 600)
        x[10] = .nan
        let psd = Welch.powerSpectralDensity(of: x, sampleRate: 800)
        #expect(psd.values.allSatisfy { $0.isNaN })  // the first segment's NaN poisons the mean
    }

    @Test func concurrentWelchCallsEqualSerialOnes() async {
        var generator = SplitMix64(seed: 21)
        let signals = (0..<6).map { _ in (0..<4000).map { _ in Float(1 + generator.nextGaussian()) } }
        let options = WelchOptions(segmentLength: 200, average: .median)  // a size no other test plans
        let serial = signals.map { Welch.powerSpectralDensity(of: $0, sampleRate: 800, options: options) }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<24 {
                group.addTask {
                    let which = task % signals.count
                    let psd = Welch.powerSpectralDensity(of: signals[which], sampleRate: 800, options: options)
                    return psd == serial[which] ? 0 : 1
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
