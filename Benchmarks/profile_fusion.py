#!/usr/bin/env python3
"""SensorFusion's instruction count per one-second batch pair, under callgrind (repeatable on a loaded machine).

Writes 20 s of the synthetic wrist motion of Benchmarks/FusionBenchmarks (rotation 0.5–3 rad/s, ±0.4 g translation,
0.5 °/s gyroscope bias; 800 Hz accelerometer in g, 200 Hz gyroscope in rad/s), builds `fusion-runner` (release, in
.build-fusion, as compare_fusion.py does), and runs it under `valgrind --tool=callgrind` once with --repeats 1 and
once with --repeats 3. The difference, halved, is the cost of one pass of the filter over the 20 s (start-up, file
reading and writing cancel); divided by 20 it is the cost of one batch pair of 800 + 200 samples. Instruction counts
do not depend on the machine's load, so two builds can be compared across runs; times cannot.

With --swing-analysis the runner also feeds a SwingAnalyzer (baseball) each batch, as FusionBenchmarks'
Fusion+SwingAnalysis-1s-batch-pair does: the count is then the whole streaming pair.

Usage: python3 Benchmarks/profile_fusion.py [--no-build] [--runner PATH] [--keep DIR] [--swing-analysis]
       (--keep DIR leaves the callgrind outputs there, for `callgrind_annotate --auto=yes DIR/callgrind-3.out`)
Needs valgrind and numpy.
"""

import argparse
import os
import re
import subprocess
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SCRATCH = os.path.join(ROOT, ".build-fusion")
SECONDS = 20


def multiply(a, b):
    return np.array([a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
                     a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
                     a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
                     a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0]])


def rotate(q, v):
    conjugate = q * np.array([1, -1, -1, -1])
    return multiply(multiply(q, np.r_[0, v]), conjugate)[1:]


def synthetic_streams(seconds):
    """The FusionBenchmarkInput motion: rows (t, x, y, z) for the accelerometer (g) and the gyroscope (rad/s)."""
    bias = np.array([0.5, -0.5, 0.3]) * np.pi / 180
    q = np.array([1.0, 0, 0, 0])
    accelerometer, gyroscope = [], []
    for k in range(seconds * 800):
        t = k / 800
        if k % 4 == 0:
            w = np.array([2 * np.sin(2 * np.pi * 0.31 * t), 1.5 * np.sin(2 * np.pi * 0.23 * t + 2),
                          np.sin(2 * np.pi * 0.41 * t + 0.5)])
            norm = np.linalg.norm(w)
            axis = w / norm if norm > 0 else np.zeros(3)
            angle = norm / 200
            q = multiply(q, np.r_[np.cos(angle / 2), np.sin(angle / 2) * axis])
            gyroscope.append([t, *(w + bias)])
        world = np.array([0.4 * np.sin(2 * np.pi * 0.9 * t), 0.3 * np.sin(2 * np.pi * 1.3 * t), -1])
        accelerometer.append([t, *rotate(q * np.array([1, -1, -1, -1]), world)])
    return np.array(accelerometer), np.array(gyroscope)


def instructions(runner, folder, repeats, extra):
    out = os.path.join(folder, f"callgrind-{repeats}.out")
    done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", runner,
                           os.path.join(folder, "acc.f64"), os.path.join(folder, "gyr.f64"),
                           os.path.join(folder, "out.f64"), "--repeats", str(repeats), *extra],
                          capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--runner", default=os.path.join(SCRATCH, "release", "fusion-runner"))
    parser.add_argument("--keep", help="folder for the inputs and callgrind outputs (default: a temporary one)")
    parser.add_argument("--swing-analysis", action="store_true", help="count fusion + SwingAnalyzer per batch pair")
    args = parser.parse_args()
    extra = ["--swing-analysis", "1"] if args.swing_analysis else []
    if not args.no_build:
        subprocess.run(["swift", "build", "-c", "release", "--product", "fusion-runner", "--scratch-path", SCRATCH],
                       cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or temporary
        os.makedirs(folder, exist_ok=True)
        accelerometer, gyroscope = synthetic_streams(SECONDS)
        accelerometer.astype("<f8").tofile(os.path.join(folder, "acc.f64"))
        gyroscope.astype("<f8").tofile(os.path.join(folder, "gyr.f64"))
        one, three = instructions(args.runner, folder, 1, extra), instructions(args.runner, folder, 3, extra)
        per_pass = (three - one) / 2
        print(f"{per_pass:.0f} instructions per pass over {SECONDS} s = {per_pass / SECONDS:.0f} per 1-s batch pair "
              f"(800 accelerometer + 200 gyroscope samples); {per_pass / (SECONDS * 200):.0f} per gyroscope sample")


if __name__ == "__main__":
    main()
