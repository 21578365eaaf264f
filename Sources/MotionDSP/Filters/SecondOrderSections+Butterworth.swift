#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SecondOrderSections {
    /// Butterworth orders ``butterworth(order:band:sampleRate:)`` accepts.
    public static let supportedButterworthOrders: ClosedRange<Int> = 1...12

    /// A digital Butterworth filter as second-order sections, equal (within ~1e-13 relative) to
    /// `scipy.signal.butter(order, Wn, btype, output="sos", fs=sampleRate)`: bilinear transform with pre-warped
    /// cut-offs, sections paired and ordered by scipy's `zpk2sos(pairing="nearest")` (poles nearest the unit
    /// circle last), overall gain in the first section.
    ///
    /// Band-pass and band-stop designs have `2 × order` poles (`order` sections); low/high-pass designs have
    /// `order` poles (`(order + 1) / 2` sections, the first one first-order when `order` is odd).
    ///
    /// - Parameters:
    ///   - order: 1...12.
    ///   - band: cut-offs in Hz at −3 dB, each in `0 < f < sampleRate / 2`, band edges `low < high`.
    ///   - sampleRate: the rate the filter will run at, in Hz (finite, > 0). The sections assume uniformly
    ///     spaced samples at this rate.
    /// - Throws: ``FilterDesignError`` for an order outside 1...12, a bad sample rate, a cut-off that is NaN,
    ///   `≤ 0` or `≥` Nyquist, or reversed band edges.
    public static func butterworth(order: Int, band: FilterBand, sampleRate: Double) throws(FilterDesignError)
        -> SecondOrderSections
    {
        guard supportedButterworthOrders.contains(order) else { throw .orderOutOfRange(order: order) }
        guard sampleRate.isFinite && sampleRate > 0 else { throw .invalidSampleRate(sampleRate: sampleRate) }
        let nyquist = sampleRate / 2
        for cutoff in band.criticalFrequencies where !(cutoff > 0 && cutoff < nyquist) {
            throw .cutoffOutOfRange(cutoff: cutoff, nyquist: nyquist)
        }
        // scipy: Wn = f / (fs/2); warped = 2 * 2.0 * tan(pi * Wn / 2.0); bilinear with fs = 2.0.
        func warped(_ frequency: Double) -> Double { 2 * 2.0 * tan(Double.pi * (frequency / nyquist) / 2.0) }
        let prototype = ZerosPolesGain.butterworthPrototype(order: order)
        let analog: ZerosPolesGain
        switch band {
        case .lowPass(let cutoff):
            analog = prototype.lowPassToLowPass(wo: warped(cutoff))
        case .highPass(let cutoff):
            analog = prototype.lowPassToHighPass(wo: warped(cutoff))
        case .bandPass(let low, let high), .bandStop(let low, let high):
            guard low / nyquist < high / nyquist else { throw .bandEdgesReversed(low: low, high: high) }
            let (warpedLow, warpedHigh) = (warped(low), warped(high))
            let bandwidth = warpedHigh - warpedLow
            let centre = (warpedLow * warpedHigh).squareRoot()
            if case .bandPass = band {
                analog = prototype.lowPassToBandPass(wo: centre, bw: bandwidth)
            } else {
                analog = prototype.lowPassToBandStop(wo: centre, bw: bandwidth)
            }
        }
        return analog.bilinear(fs: 2.0).secondOrderSections()
    }
}
