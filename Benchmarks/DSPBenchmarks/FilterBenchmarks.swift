import Benchmark
import MotionDSP

/// SOS cascade and zero-phase filtering benchmarks.
func registerFilterBenchmarks() {}
