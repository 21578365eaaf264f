#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SyntheticInputs

/// One named workload `dsp-timing` can time. `prepare` builds the inputs (untimed) for `seconds` of 3-axis 800 Hz
/// data and returns the closure to time, which must do the whole workload once per call.
struct TimingCase {
    /// The name `compare_dsp_with_scipy.py` asks for (`dsp-timing <name>`).
    var name: String
    /// What one run processes, in channel-samples (e.g. 3 axes × 2 880 000 samples for one hour).
    var channelSamples: (_ seconds: Double) -> Int
    var prepare: (_ seconds: Double) -> () -> Void
}

/// The shared test signal: 800 Hz, 3 axes in g (gravity −1 g on z, noise, a 1.5 Hz swing), lane w = 0.
/// Deterministic (xorshift), so every run filters the same data.
func timingSignal(seconds: Double, sampleRate: Double = 800) -> [SIMD4<Float>] {
    threeAxisSignal(count: Int(seconds * sampleRate), sampleRate: sampleRate, seed: 0x9E37_79B9_7F4A_7C15)
}

/// Keeps the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// CPU seconds used by this thread: on 2 cores shared by several people it is far steadier than wall time.
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// Monotonic wall-clock seconds.
func monotonicSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
