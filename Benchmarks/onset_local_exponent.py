#!/usr/bin/env python3
"""How well the well-measured part of a swing's rise tells its leading power.

For a pure power-law rise r = A·(t − t₀)^p, at every point of the rise r·r̈/ṙ² = (p − 1)/p and t − t₀ = p·r/ṙ.
This script reads the sessions written by `swift run -c release onset-evaluation --script-sessions --dump DIR`
(`*_motion.csv`: t, rotation rate, gravity at 200 Hz; `*_swings.csv`: true and detected start, onset shape) and, for
every swing, estimates p from least-squares quadratics (±H samples) through the rotation rate along gravity in the
swing direction wherever it lies between LOW and HIGH rad/s after the true start, then compares

- that local p (median over the points) with the simulated shape's leading power, overall and per shape;
- the onset t − p·r/ṙ (median over the points) with the true start, next to the analyzer's detected start.

    python3 Benchmarks/onset_local_exponent.py DIR [--sport golf] [--low 0.3] [--high 1.5] [--half 3]

The rise is a power law with its leading power only near the onset: towards the peak it bends (its local exponent
falls), by an amount that depends on the shape, so the local p reads low.
"""
import argparse
import collections
import glob
import re

import numpy as np


def leading_power(shape):
    value = float(re.search(r"=([\d.]+)", shape).group(1))
    return 2 * value if shape.startswith("raisedCosine") else value


def swing_estimates(motion_path, low, high, half):
    """Per swing: (shape, local p, t − p·r/ṙ − true start in ms, detected − true start in ms)."""
    motion = np.loadtxt(motion_path, delimiter=",", skiprows=1)
    swings = np.genfromtxt(
        motion_path.replace("_motion.csv", "_swings.csv"), delimiter=",", skip_header=1, dtype=None, encoding=None)
    t = motion[:, 0]
    gravity = motion[:, 4:7] / np.linalg.norm(motion[:, 4:7], axis=1)[:, None]
    along = (motion[:, 1:4] * gravity).sum(axis=1)
    for swing in np.atleast_1d(swings):
        start, detected, shape = float(swing[0]), float(swing[1]), str(swing[3])
        first, last = np.searchsorted(t, start - 0.3), np.searchsorted(t, start + 0.5)
        segment = along[first:last]
        rate = np.sign(segment[np.argmax(np.abs(segment))]) * along
        k = np.searchsorted(t, start)
        while k < len(t) - 1 and rate[k] < 1:
            k += 1
        powers, onsets = [], []
        for j in range(max(half, k - 60), min(len(t) - half, k + 40)):
            if not low <= rate[j] <= high or t[j] < start:
                continue
            c = np.polyfit(t[j - half:j + half + 1] - t[j], rate[j - half:j + half + 1], 2)
            level, slope, curvature = c[2], c[1], 2 * c[0]
            if slope <= 0:
                continue
            q = level * curvature / slope**2
            p = 1 / (1 - q) if q < 1 else 10.0
            powers.append(p)
            onsets.append(t[j] - p * level / slope)
        if powers:
            yield shape, np.median(powers), (np.median(onsets) - start) * 1e3, (detected - start) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory")
    parser.add_argument("--sport", default="golf")
    parser.add_argument("--low", type=float, default=0.3)
    parser.add_argument("--high", type=float, default=1.5)
    parser.add_argument("--half", type=int, default=3)
    arguments = parser.parse_args()
    rows = []
    for path in sorted(glob.glob(f"{arguments.directory}/script-*_{arguments.sport}_*_motion.csv")):
        rows.extend(swing_estimates(path, arguments.low, arguments.high, arguments.half))
    if not rows:
        raise SystemExit(f"no script-session dumps for {arguments.sport} in {arguments.directory}")
    local = np.array([r[1] for r in rows])
    lead = np.array([leading_power(r[0]) for r in rows])
    onset = np.abs([r[2] for r in rows])
    detected = np.abs([r[3] for r in rows])
    print(f"{len(rows)} swings, rate {arguments.low}–{arguments.high} rad/s, quadratics over ±{arguments.half} samples")
    print(f"local p − leading power: mean {np.mean(local - lead):+.2f}, sd {np.std(local - lead):.2f}, "
          f"correlation {np.corrcoef(local, lead)[0, 1]:.2f}")
    by_shape = collections.defaultdict(list)
    for row, difference in zip(rows, local - lead):
        by_shape[row[0].split("(")[0]].append(difference)
    for shape, differences in sorted(by_shape.items()):
        print(f"  {shape:13s} {len(differences):4d} swings: mean {np.mean(differences):+.2f}, sd {np.std(differences):.2f}")
    print(f"|t − p·r/ṙ − true start| median / p95: {np.median(onset):.2f} / {np.percentile(onset, 95):.2f} ms; "
          f"detected: {np.median(detected):.2f} / {np.percentile(detected, 95):.2f} ms")


if __name__ == "__main__":
    main()
