import Foundation
import MotionDSP
import Testing
import _TestSupport

@Suite struct BandEnergyMeterTests {
    @Test(arguments: [WelchOptions.Detrend.constant, .linear, .none])
    func meterEqualsTheWelchBasedBandEnergy(detrend: WelchOptions.Detrend) {
        var generator = SplitMix64(seed: 11)
        let x = (0..<48).map { i in
            Float(1 + 0.01 * Double(i) + 1.5 * sin(2 * Double.pi * 250 * Double(i) / 800) + 0.05 * generator.nextGaussian())
        }
        let meter = BandEnergyMeter(segmentLength: 48, fftLength: 256, window: .hann, detrend: detrend)
        let measured = x.withUnsafeBufferPointer { meter.measure($0, sampleRate: 800, lower: 150, upper: 400) }
        let reference = BandEnergy(
            segment: x, sampleRate: 800, lower: 150, upper: 400, window: .hann, detrend: detrend, fftLength: 256)
        #expect(abs(measured.power - reference.power) <= 1e-9 * reference.power)
        #expect(abs(measured.totalPower - reference.totalPower) <= 1e-9 * reference.totalPower)
        #expect(measured.dominantFrequency == reference.dominantFrequency)
        #expect(abs(measured.dominantFrequency! - 250) <= 800.0 / 256)
    }
}
