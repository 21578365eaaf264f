import Benchmark
import MotionDSP

/// FFT, overlap-save, Welch, find_peaks benchmarks.
func registerSpectralBenchmarks() {}
