import MotionDSP

/// SOS cascade and zero-phase filtering on 3-axis data (lanes x, y, z of `SIMD4<Float>`; lane w unused and not
/// counted): the workloads of `scipy.signal.sosfilt` / `sosfiltfilt(sos, x, axis=0)` on an `(n, 3)` array.
func filterTimingCases() -> [TimingCase] {
    let highPass = try! SecondOrderSections.butterworth(order: 4, band: .highPass(cutoff: 20), sampleRate: 800)
    let threeAxes = { (seconds: Double) in 3 * Int(seconds * 800) }
    return [
        TimingCase(name: "sosfilt_hp4_20Hz_3axis", channelSamples: threeAxes) { seconds in
            let input = timingSignal(seconds: seconds)
            var output = [SIMD4<Float>](repeating: .zero, count: input.count)
            return {
                var filter = SOSFilter(highPass)
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        filter.process(source, into: destination)
                    }
                }
                blackHole(output)
            }
        },
        TimingCase(name: "sosfiltfilt_hp4_20Hz_3axis", channelSamples: threeAxes) { seconds in
            let input = timingSignal(seconds: seconds)
            return { blackHole(try! ZeroPhaseFilter.filtfilt(highPass, input)) }
        },
        // One sample per call (how a streaming detector may drive it).
        TimingCase(name: "sosfilt_hp4_20Hz_3axis_per_sample", channelSamples: threeAxes) { seconds in
            let input = timingSignal(seconds: seconds)
            var output = [SIMD4<Float>](repeating: .zero, count: input.count)
            return {
                var filter = SOSFilter(highPass)
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        for i in source.indices { destination[i] = filter.process(source[i]) }
                    }
                }
                blackHole(output)
            }
        },
        // The same with a reused ZeroPhaseFilter (work buffer kept) writing into a caller-supplied output.
        TimingCase(name: "sosfiltfilt_hp4_20Hz_3axis_reused", channelSamples: threeAxes) { seconds in
            let input = timingSignal(seconds: seconds)
            var output = [SIMD4<Float>](repeating: .zero, count: input.count)
            var filter = ZeroPhaseFilter(highPass)
            return {
                input.withUnsafeBufferPointer { source in
                    output.withUnsafeMutableBufferPointer { destination in
                        try! filter.filtfilt(source, into: destination)
                    }
                }
                blackHole(output)
            }
        },
    ]
}
