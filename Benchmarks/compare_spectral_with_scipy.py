#!/usr/bin/env python3
"""scipy/numpy vs MotionDSP (Swift) on the same spectral workloads, in one run, as a table of ratios.

The main comparison is Benchmarks/compare_dsp_with_scipy.py (dsp-timing, thread CPU time, interleaved rounds),
which has the rfft / overlap-save / find_peaks rows. This script adds the package-benchmark view: resample_poly,
savgol_filter and welch rows, and the RealFFT wrapper vs raw fftwf_execute ratio, from one DSPBenchmarks run.

    python3 Benchmarks/compare_spectral_with_scipy.py            # runs the Swift benchmarks too (minutes)
    python3 Benchmarks/compare_spectral_with_scipy.py --jmh FILE # reuse a JMH export of DSPBenchmarks

The Swift side is the package-benchmark suite `DSPBenchmarks` (Benchmarks/DSPBenchmarks/SpectralBenchmarks.swift),
run with `swift package --allow-writing-to-package-directory benchmark --target DSPBenchmarks --filter <regex>
--format jmh`; its wall-clock p50 per benchmark iteration is divided by the benchmark's scaling factor. The Python
side times the equivalent scipy call (median of repeats, `time.perf_counter`) on inputs of the same size and dtype
(float32 samples; scipy computes in float64 where it upcasts). Ratio = scipy time / ours (> 1: ours faster).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
import scipy
import scipy.fft
from scipy import signal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FS = 800.0
HOUR = 3600 * 800


def hour_signal():
    """Same shape as SpectralBenchmarkData.hour: 1 g offset, arm motion, 280 Hz impact ringing every 3 s, noise."""
    t = (np.arange(HOUR) / FS).astype(np.float32)
    since = np.mod(t, 3.0)
    ringing = 2 * np.exp(-since / 0.012) * np.sin(2 * np.pi * 280 * since)
    noise = np.random.default_rng(1).uniform(0, 0.02, HOUR)
    return (1 + 0.4 * np.sin(2 * np.pi * 1.3 * t) + ringing + noise).astype(np.float32)


def timed(function, repeats, inner=1):
    """Median seconds per call over `repeats` timings of `inner` calls."""
    function()
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(inner):
            function()
        samples.append((time.perf_counter() - start) / inner)
    return float(np.median(samples))


def scipy_timings():
    x = hour_signal()
    rows = {}
    for n in (800, 1024, 4096, 16384, 65536):
        segment = np.ascontiguousarray(x[:n])
        inner = max(1, 200_000 // n)
        rows[f"RealFFT-wrapper-{n}"] = (f"scipy.fft.rfft float32 n={n}", timed(lambda: scipy.fft.rfft(segment), 15, inner))
    taps = signal.firwin(101, 40.0, fs=FS, window=("kaiser", 5.0)).astype(np.float32)
    rows["OverlapSave-101-taps-1h-800Hz"] = ("scipy.signal.oaconvolve 1 h, 101 taps",
                                            timed(lambda: signal.oaconvolve(x, taps), 5))
    rows["FindPeaks-1h-800Hz"] = ("scipy.signal.find_peaks 1 h (height, distance, prominence)",
                                  timed(lambda: signal.find_peaks(x, height=1.5, distance=40, prominence=0.5), 5))
    rows["ResamplePoly-800to200-1h"] = ("scipy.signal.resample_poly 1 h, 1/4",
                                        timed(lambda: signal.resample_poly(x, 1, 4), 5))
    rows["SavitzkyGolay-31x3-1h-800Hz"] = ("scipy.signal.savgol_filter 1 h, 31/3",
                                           timed(lambda: signal.savgol_filter(x, 31, 3), 5))
    minute = np.ascontiguousarray(x[:48_000])
    rows["Welch-256-1min-800Hz"] = ("scipy.signal.welch 1 min, nperseg 256", timed(lambda: signal.welch(minute, fs=FS), 15))
    return rows


SCALING = {"RealFFT": 1000}  # benchmarks run with scalingFactor .kilo


def swift_timings(jmh_path):
    if jmh_path is None:  # run the suite, read its export, and remove the export's folder
        with tempfile.TemporaryDirectory(prefix="spectral-jmh-") as out:
            command = ["swift", "package", "--allow-writing-to-package-directory", "benchmark", "--target",
                       "DSPBenchmarks", "--filter", "(RealFFT|OverlapSave|FindPeaks|ResamplePoly|SavitzkyGolay|Welch).*",
                       "--format", "jmh", "--path", out, "--no-progress"]
            print("running:", " ".join(command), file=sys.stderr)
            subprocess.run(command, cwd=ROOT, check=True)
            candidates = glob.glob(os.path.join(out, "**", "*.json"), recursive=True)
            if not candidates:
                sys.exit(f"no JMH export found under {out}")
            return swift_timings(candidates[0])
    with open(jmh_path) as f:
        elements = json.load(f)
    timings = {}
    for element in elements:
        name = element["benchmark"].split(".", 3)[-1]
        wall = element["secondaryMetrics"].get("Time (wall clock)")
        if wall is None:
            continue
        microseconds = wall["scorePercentiles"]["50.0"]
        scale = next((s for prefix, s in SCALING.items() if name.startswith(prefix)), 1)
        timings[name] = microseconds * 1e-6 / scale
    return timings


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--jmh", help="existing JMH export of DSPBenchmarks (skips running Swift)")
    args = parser.parse_args()
    ours = swift_timings(args.jmh)
    theirs = scipy_timings()
    print(f"numpy {np.__version__}, scipy {scipy.__version__}; times are medians (p50), seconds per call\n")
    print(f"| workload | scipy | MotionDSP | scipy / ours |")
    print(f"|---|---:|---:|---:|")
    for key, (label, scipy_seconds) in theirs.items():
        swift_seconds = ours.get(key)
        if swift_seconds is None:
            print(f"| {label} | {scipy_seconds:.3e} | (not run) | |")
            continue
        print(f"| {label} | {scipy_seconds:.3e} | {swift_seconds:.3e} | {scipy_seconds / swift_seconds:.2f}× |")
    raw = {n: ours.get(f"RealFFT-raw-fftwf_execute-{n}") for n in (800, 1024, 4096, 16384, 65536)}
    print("\n| FFT size | wrapper / raw fftwf_execute |\n|---:|---:|")
    for n, raw_seconds in raw.items():
        wrapper = ours.get(f"RealFFT-wrapper-{n}")
        if raw_seconds and wrapper:
            print(f"| {n} | {wrapper / raw_seconds:.2f}× |")


if __name__ == "__main__":
    main()
