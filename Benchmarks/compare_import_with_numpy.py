#!/usr/bin/env python3
"""One-run comparison: our CSV import and native load against numpy on the same files.

usage: Benchmarks/compare_import_with_numpy.py [MINUTES] [REPEATS]

Writes a synthetic interchange accelerometer.csv (MINUTES of 798.7 Hz samples, shortest round-trip digits, like
InterchangeCSVWriter), times numpy.loadtxt on it, then times `.build/recording-probe time-import` (our RecordingImporter.load, hygiene checks included) on the
same file, and the native .npz load (ours vs numpy.load). Times are process CPU time (user + system, best of
REPEATS) on both sides, so that other jobs on a shared machine do not skew the ratio. Builds the probe with Benchmarks/build_recording_probe.sh
when missing. Prints best-of-REPEATS times and ratios.
"""
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROBE = os.path.join(ROOT, ".build", "recording-probe")


def best(fn, repeats):
    times = []
    for _ in range(repeats):
        start = time.process_time()  # CPU time: robust on a shared machine (all code here is single-threaded)
        fn()
        times.append(time.process_time() - start)
    return min(times)


def probe(*args):
    out = subprocess.run([PROBE, *args], check=True, capture_output=True, text=True).stdout
    fields = out.split()
    return float(fields[fields.index("best_seconds") + 1])


def main():
    minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 10
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    if not os.path.exists(PROBE):
        subprocess.run([os.path.join(ROOT, "Benchmarks", "build_recording_probe.sh")], check=True)
    rng = np.random.default_rng(1)
    n = int(minutes * 60 * 798.7)
    t = 56257.44241896361 + np.cumsum(np.full(n, 1 / 798.7) + rng.normal(0, 2e-6, n))
    xyz = (rng.normal(0, 0.5, (n, 3)) + [0, 0, -1]).astype(np.float32)
    with tempfile.TemporaryDirectory() as directory:
        csv = os.path.join(directory, "accelerometer.csv")
        with open(csv, "w") as f:
            f.write("timestamp,acceleration_x,acceleration_y,acceleration_z\n")
            ts = t.tolist()
            cols = [[str(v) for v in xyz[:, k]] for k in range(3)]  # str(np.float32) = shortest round-trip digits
            f.writelines(f"{ts[i]!r},{cols[0][i]},{cols[1][i]},{cols[2][i]}\n" for i in range(n))
        size = os.path.getsize(csv)
        print(f"file: {n} rows, {size / 1e6:.1f} MB ({minutes:g} min at 798.7 Hz)")
        numpy_loadtxt = best(lambda: np.loadtxt(csv, delimiter=",", skiprows=1, dtype=np.float64), repeats)
        ours = probe("time-import", directory, str(repeats))
        print(f"numpy.loadtxt:          {numpy_loadtxt * 1e3:9.1f} ms  ({size / numpy_loadtxt / 1e6:7.1f} MB/s)")
        print(f"RecordingImporter.load: {ours * 1e3:9.1f} ms  ({size / ours / 1e6:7.1f} MB/s)  "
              f"speed-up {numpy_loadtxt / ours:.1f}x")
        npz = os.path.join(directory, "recording.npz")
        subprocess.run([PROBE, "write-native", directory, npz], check=True)
        npz_size = os.path.getsize(npz)
        numpy_load = best(lambda: [np.load(npz)[k] for k in np.load(npz).files], repeats)
        native = probe("time-native", npz, str(max(repeats, 5)))
        print(f"numpy.load(npz):        {numpy_load * 1e3:9.1f} ms  ({npz_size / numpy_load / 1e9:7.2f} GB/s)")
        print(f"NativeFormat.read:      {native * 1e3:9.1f} ms  ({npz_size / native / 1e9:7.2f} GB/s)")


if __name__ == "__main__":
    main()
