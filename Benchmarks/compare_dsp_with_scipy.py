#!/usr/bin/env python3
"""Times MotionDSP against scipy on the same workloads, in one run, and prints throughput ratios.

    python3 Benchmarks/compare_dsp_with_scipy.py                      # default build flags
    python3 Benchmarks/compare_dsp_with_scipy.py --swift-flags "-Xswiftc -target-cpu -Xswiftc haswell"
    python3 Benchmarks/compare_dsp_with_scipy.py --rounds 5 --seconds 3600 --only sosfilt

Our side is the `dsp-timing` executable (Benchmarks/Tools/DSPTiming), built in release here (into
`.build-dsp-timing[-<flags>]` so that flagged builds never disturb `.build`). Each round times scipy and then
dsp-timing on the same data size, `--repeats` calls each after a warm-up; rounds interleave the two so that both
see the same machine load. Throughput is channel-samples per second (one channel-sample = one axis of one sample;
3-axis data counts 3 per sample). Times are thread CPU time (steady on a shared machine) and wall time; the table
gives the median over all calls and the min–max of the per-round median ratios.

To add a workload: add a `Row` to ROWS (a scipy factory returning (callable, channel_samples) plus the name of a
dsp-timing case), and the matching `TimingCase` in Benchmarks/Tools/DSPTiming/.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Callable

import numpy as np
import scipy
import scipy.fft
from scipy import signal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FS = 800.0


def three_axis_signal(seconds):
    """The same kind of data as dsp-timing's `timingSignal`: 800 Hz, 3 axes in g, gravity -1 g on z."""
    n = int(seconds * FS)
    t = np.arange(n) / FS
    swing = 0.3 * np.sin(2 * np.pi * 1.5 * t)
    rng = np.random.default_rng(1)
    x = np.stack([swing, 0.6 * swing, -1 - 0.4 * swing], axis=1) + rng.uniform(-0.025, 0.025, (n, 3))
    return x.astype(np.float32)


def fastest_of(variants):
    """Times each scipy variant once and keeps the fastest: we compare with the best a good Python user gets."""
    best = None
    for label, fn in variants:
        fn()
        start = time.thread_time()
        fn()
        elapsed = time.thread_time() - start
        if best is None or elapsed < best[0]:
            best = (elapsed, label, fn)
    return best[1], best[2]


def scipy_sosfilt_hp4(seconds):
    sos = signal.butter(4, 20.0, "highpass", output="sos", fs=FS)
    x32 = three_axis_signal(seconds)
    x64 = x32.astype(np.float64)
    channels = [np.ascontiguousarray(x64[:, axis]) for axis in range(3)]
    label, fn = fastest_of([
        ("float64 (n,3) axis=0", lambda: signal.sosfilt(sos, x64, axis=0)),
        ("float32 (n,3) axis=0", lambda: signal.sosfilt(sos, x32, axis=0)),
        ("float64 per channel", lambda: [signal.sosfilt(sos, c) for c in channels]),
    ])
    return label, fn, x32.size


def scipy_sosfiltfilt_hp4(seconds):
    sos = signal.butter(4, 20.0, "highpass", output="sos", fs=FS)
    x32 = three_axis_signal(seconds)
    x64 = x32.astype(np.float64)
    channels = [np.ascontiguousarray(x64[:, axis]) for axis in range(3)]
    label, fn = fastest_of([
        ("float64 (n,3) axis=0", lambda: signal.sosfiltfilt(sos, x64, axis=0)),
        ("float32 (n,3) axis=0", lambda: signal.sosfiltfilt(sos, x32, axis=0)),
        ("float64 per channel", lambda: [signal.sosfiltfilt(sos, c) for c in channels]),
    ])
    return label, fn, x32.size


def impact_signal(seconds):
    """The same shape as dsp-timing's `impactSignal`: one channel in g at 800 Hz, 1 g offset, 1.3 Hz arm motion,
    a 280 Hz impact ringing (2 g, 12 ms decay) every 3 s, uniform noise in [0, 0.02) g."""
    n = int(seconds * FS)
    t = np.arange(n) / FS
    since = np.mod(t, 3.0)
    ringing = 2 * np.exp(-since / 0.012) * np.sin(2 * np.pi * 280 * since)
    noise = np.random.default_rng(2).uniform(0, 0.02, n)
    return (1 + 0.4 * np.sin(2 * np.pi * 1.3 * t) + ringing + noise).astype(np.float32)


def scipy_rfft_blocks(size):
    def factory(seconds):
        x32 = impact_signal(seconds)
        blocks = len(x32) // size
        b32 = np.ascontiguousarray(x32[: blocks * size].reshape(blocks, size))
        b64 = b32.astype(np.float64)
        label, fn = fastest_of([
            ("float32 (m,n) batched", lambda: scipy.fft.rfft(b32, axis=1)),
            ("float64 (m,n) batched", lambda: scipy.fft.rfft(b64, axis=1)),
            ("float32 per block", lambda: [scipy.fft.rfft(row) for row in b32]),
        ])
        return label, fn, b32.size
    return factory


def scipy_oaconvolve_101(seconds):
    taps = signal.firwin(101, 40.0, fs=FS, window=("kaiser", 5.0))
    x32 = impact_signal(seconds)
    x64 = x32.astype(np.float64)
    t32 = taps.astype(np.float32)
    label, fn = fastest_of([
        ("oaconvolve float32", lambda: signal.oaconvolve(x32, t32)),
        ("oaconvolve float64", lambda: signal.oaconvolve(x64, taps)),
        ("fftconvolve float32", lambda: signal.fftconvolve(x32, t32)),
    ])
    return label, fn, x32.size


def scipy_find_peaks(seconds):
    x32 = impact_signal(seconds)
    x64 = x32.astype(np.float64)
    label, fn = fastest_of([
        ("float64", lambda: signal.find_peaks(x64, height=1.5, distance=40, prominence=0.5)),
        ("float32", lambda: signal.find_peaks(x32, height=1.5, distance=40, prominence=0.5)),
    ])
    return label, fn, x32.size


@dataclass
class Row:
    title: str
    swift_case: str  # a dsp-timing case name (`dsp-timing --list`)
    scipy_factory: Callable  # seconds -> (label, callable, channel_samples)
    goal: float = 0.0  # required ratio, 0 = none


ROWS = [
    Row("sosfilt 4th-order HP 20 Hz, 1 h 3-axis", "sosfilt_hp4_20Hz_3axis", scipy_sosfilt_hp4, goal=5),
    Row("  same, one sample per call", "sosfilt_hp4_20Hz_3axis_per_sample", scipy_sosfilt_hp4),
    Row("sosfiltfilt 4th-order HP 20 Hz, 1 h 3-axis", "sosfiltfilt_hp4_20Hz_3axis", scipy_sosfiltfilt_hp4, goal=5),
    Row("  same, reused workspace + caller output", "sosfiltfilt_hp4_20Hz_3axis_reused", scipy_sosfiltfilt_hp4),
    Row("rfft of 1024-sample blocks, 1 h", "rfft_1024_blocks", scipy_rfft_blocks(1024)),
    Row("rfft of 65536-sample blocks, 1 h", "rfft_65536_blocks", scipy_rfft_blocks(65536)),
    Row("FIR 101 taps full convolution, 1 h", "overlap_save_101_taps_full", scipy_oaconvolve_101),
    Row("find_peaks height+distance+prominence, 1 h", "find_peaks_height_distance_prominence", scipy_find_peaks),
]


def build_timing_tool(swift_flags):
    suffix = "" if not swift_flags else "-" + "".join(c if c.isalnum() else "_" for c in swift_flags)[:60]
    scratch = os.path.join(ROOT, ".build-dsp-timing" + suffix)
    command = ["swift", "build", "-c", "release", "--product", "dsp-timing", "--scratch-path", scratch]
    command += swift_flags.split()
    print("building:", " ".join(command), file=sys.stderr)
    subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
    return os.path.join(scratch, "release", "dsp-timing")


def time_scipy(fn, repeats):
    fn()  # warm-up
    cpu, wall = [], []
    for _ in range(repeats):
        c0, w0 = time.thread_time(), time.perf_counter()
        fn()
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    return cpu, wall


def time_swift(tool, case, seconds, repeats):
    out = subprocess.run([tool, case, "--seconds", str(seconds), "--repeats", str(repeats)],
                         check=True, capture_output=True, text=True).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["cpu_seconds"], result["seconds"], result["channel_samples"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--swift-flags", default="", help='extra swift build flags, e.g. "-Xswiftc -target-cpu -Xswiftc haswell"')
    parser.add_argument("--seconds", type=float, default=3600, help="seconds of 800 Hz data (default: one hour)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--only", default="", help="substring of the rows to run")
    parser.add_argument("--json", help="also write the raw timings here")
    args = parser.parse_args()

    tool = build_timing_tool(args.swift_flags)
    rows = [row for row in ROWS if args.only in row.title or args.only in row.swift_case]
    results = []
    for row in rows:
        label, scipy_fn, scipy_samples = row.scipy_factory(args.seconds)
        record = {"title": row.title, "scipy_variant": label, "rounds": []}
        for _ in range(args.rounds):
            s_cpu, s_wall = time_scipy(scipy_fn, args.repeats)
            o_cpu, o_wall, our_samples = time_swift(tool, row.swift_case, args.seconds, args.repeats)
            assert our_samples == scipy_samples, (our_samples, scipy_samples)
            record["rounds"].append({"scipy_cpu": s_cpu, "scipy_wall": s_wall, "ours_cpu": o_cpu, "ours_wall": o_wall})
        record["channel_samples"] = scipy_samples
        record["goal"] = row.goal
        results.append(record)

    def rate(times, samples):
        return samples / statistics.median(times) / 1e6

    flags = args.swift_flags or "(none)"
    print(f"\nscipy {scipy.__version__}, numpy {np.__version__}; swift flags: {flags}; "
          f"{args.seconds:g} s of 800 Hz data (filter rows 3 axes, spectral rows 1 channel); {args.rounds} rounds x {args.repeats} calls\n")
    header = (f"{'workload':44} {'scipy variant':22} {'scipy M/s':>9} {'ours M/s':>9} "
              f"{'ratio cpu':>9} {'spread':>13} {'ratio wall':>10} {'goal':>5}")
    print(header)
    print("-" * len(header))
    for record in results:
        n = record["channel_samples"]
        rounds = record["rounds"]
        scipy_cpu = [t for r in rounds for t in r["scipy_cpu"]]
        ours_cpu = [t for r in rounds for t in r["ours_cpu"]]
        scipy_wall = [t for r in rounds for t in r["scipy_wall"]]
        ours_wall = [t for r in rounds for t in r["ours_wall"]]
        per_round = [statistics.median(r["scipy_cpu"]) / statistics.median(r["ours_cpu"]) for r in rounds]
        ratio = statistics.median(scipy_cpu) / statistics.median(ours_cpu)
        ratio_wall = statistics.median(scipy_wall) / statistics.median(ours_wall)
        goal = f"{record['goal']:g}x" if record["goal"] else ""
        print(f"{record['title']:44} {record['scipy_variant']:22} {rate(scipy_cpu, n):9.0f} {rate(ours_cpu, n):9.0f} "
              f"{ratio:8.2f}x {min(per_round):5.2f}-{max(per_round):5.2f}x {ratio_wall:9.2f}x {goal:>5}")
    print("\nM/s = million channel-samples per second of thread CPU time (median); ratio = ours / scipy throughput.")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"swift_flags": args.swift_flags, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
