import MotionDSP

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Spectral workloads on one channel of impact-like 800 Hz data (`impactSignal`), matching the rows
/// `compare_dsp_with_scipy.py` times against `scipy.fft.rfft`, `scipy.signal.oaconvolve` and
/// `scipy.signal.find_peaks`.
func spectralTimingCases() -> [TimingCase] {
    let oneAxis = { (seconds: Double) in Int(seconds * 800) }
    func fftCase(_ size: Int) -> TimingCase {
        TimingCase(name: "rfft_\(size)_blocks", channelSamples: { seconds in oneAxis(seconds) / size * size }) { seconds in
            let input = impactSignal(seconds: seconds)
            let blocks = input.count / size
            let plan = RealFFTPlan(count: size, rigor: .measure)  // raw speed: a measured plan of our own
            let buffer = RealFFTBuffer(count: size)
            var output = [ComplexFloat](repeating: .zero, count: blocks * plan.spectrumCount)
            return {
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        for block in 0..<blocks {
                            // Copy into the aligned buffer (the SIMD plan), transform, copy the spectrum out.
                            buffer.samples.baseAddress!.update(from: source.baseAddress! + block * size, count: size)
                            plan.forward(buffer)
                            (destination.baseAddress! + block * plan.spectrumCount)
                                .update(from: buffer.spectrum.baseAddress!, count: plan.spectrumCount)
                        }
                    }
                }
                blackHole(output)
            }
        }
    }
    return [
        fftCase(1024),
        fftCase(65536),
        TimingCase(name: "overlap_save_101_taps_full", channelSamples: oneAxis) { seconds in
            let input = impactSignal(seconds: seconds)
            let filter = OverlapSaveFilter(
                taps: KaiserLowpassDesign.taps(count: 101, cutoff: 40.0 / 400.0).map(Float.init))
            var output = [Float](repeating: 0, count: filter.outputCount(inputCount: input.count, range: .full))
            return {
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { filter.apply(source, into: $0, range: .full) }
                }
                blackHole(output)
            }
        },
        TimingCase(name: "find_peaks_height_distance_prominence", channelSamples: oneAxis) { seconds in
            let input = impactSignal(seconds: seconds)
            let criteria = PeakCriteria(height: .atLeast(1.5), distance: 40, prominence: .atLeast(0.5))
            return { blackHole(PeakFinder.findPeaks(in: input, criteria: criteria)) }
        },
    ]
}

/// One channel like an accelerometer magnitude in g at 800 Hz: 1 g offset, 1.3 Hz arm motion, a 280 Hz impact
/// ringing (2 g, 12 ms decay) every 3 s, uniform noise in [0, 0.02) g (deterministic xorshift). The Python side
/// (`impact_signal` in compare_dsp_with_scipy.py) builds the same shape with numpy noise.
func impactSignal(seconds: Double, sampleRate: Double = 800) -> [Float] {
    let count = Int(seconds * sampleRate)
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    return (0..<count).map { n in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        let noise = Double(state >> 11) / Double(1 << 53) * 0.02
        let t = Double(n) / sampleRate
        let since = fmod(t, 3)
        let ringing = 2 * exp(-since / 0.012) * sin(2 * Double.pi * 280 * since)
        return Float(1 + 0.4 * sin(2 * Double.pi * 1.3 * t) + ringing + noise)
    }
}
