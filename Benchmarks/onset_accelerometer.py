#!/usr/bin/env python3
"""Whether the wrist's acceleration marks a swing's start better than the rotation rate does.

A rotation out of rest ω = A·(t − t₀)^p about an axis at radius r accelerates the wrist tangentially by r·ω̇, of order
p − 1 in t − t₀: the accelerometer could see the start while the rate is still inside gyroscope noise. This script
reads the sessions written by `swift run -c release onset-evaluation --script-sessions --dump DIR` (`*_motion.csv`:
t, rotation rate (rad/s), gravity and user acceleration (g) at 200 Hz; `*_swings.csv`: true and detected start) and,
for every rest-type swing (no counter-rotation below −0.05 rad/s in the 30 ms before the true start), compares with
the true start:

- departure: the first of three user-acceleration samples more than max(0.05 g, 4σ) from the level over
  [t₀ − 120, t₀ − 40] ms (σ: its RMS there; the level is read with the truth, a best case);
- accel fit: the hinge b + b'·(t − τ) + a·d^(m−1) + c·d^m, d = max(0, t − τ), on the user acceleration projected
  on its direction where the rate first reaches DIRECTION_RATE rad/s (0 for the walk-back point at 1 rad/s);
- joint fit: that and the rate's hinge b + b'·(t − τ) + a·d^m + c·d^(m+1) sharing τ and m ∈ {1, 1.5, 2, 2.5, 3},
  each channel's residual in units of its own best fit's noise variance; the single best (τ, m);
- rate fit: the rate's hinge alone on the same window and grid, the single best (τ, m): the joint fit's peer;
- rate_avg, joint_avg: the same two with the analyzer's average over the powers (κ = 240) instead of the best;
- the analyzer's detected start (the Swift estimator, from the dump).

The fit window is the analyzer's (2·r/ṙ + 30 ms before the walk-back point, 0.1–0.25 s, up to 35 % of the peak),
on the rate about the swing's principal axis as the golf preset fits, the walk-back point read from the detected
start; τ on a 1 ms grid.

    python3 Benchmarks/onset_accelerometer.py DIR [--pattern 'script-*_golf_*'] [--direction-rate 0.3] [--all]
"""
import argparse
import glob

import numpy as np

POWERS = [1.0, 1.5, 2.0, 2.5, 3.0]
STANDARD_GRAVITY = 9.80665


def hinge_error(t, y, tau, m):
    """Residual sum of squares of the hinge with leading power m at τ; ∞ when its rise is not positive."""
    d = np.maximum(0.0, t - tau)
    lead = (d > 0).astype(float) if m == 0 else d**m
    x = np.stack([np.ones_like(t), t - tau, lead, d ** (m + 1)], 1)
    coefficients, *_ = np.linalg.lstsq(x, y, rcond=None)
    if coefficients[2] <= 0:
        return np.inf
    return float(((x @ coefficients - y) ** 2).sum())


def error_table(t, y, taus, power_shift):
    return np.array([[hinge_error(t, y, tau, m - power_shift) for m in POWERS] for tau in taus])


def best_tau(table, taus):
    row, _ = np.unravel_index(np.nanargmin(table), table.shape)
    return taus[row]


def averaged_tau(table, taus, freedom, inflation=240.0):
    """The analyzer's exponent average: each power within ±1 of the best at its own best τ, weighted by
    exp(−(S_m − S_min)·freedom / (2·inflation·S_min))."""
    row, best = np.unravel_index(np.nanargmin(table), table.shape)
    smallest = table[row, best]
    weights = taus_sum = 0.0
    for power in range(len(POWERS)):
        if abs(power - best) > 2 or not np.isfinite(table[:, power]).any():
            continue
        own = np.nanargmin(table[:, power])
        weight = np.exp(-(table[own, power] - smallest) * freedom / (2 * inflation * smallest))
        weights += weight
        taus_sum += weight * taus[own]
    return taus_sum / weights


def departure(time, deviation, t0, threshold):
    for i in np.where((time >= t0 - 0.04) & (deviation > threshold))[0]:
        if i + 2 < len(deviation) and (deviation[i : i + 3] > threshold).all():
            return time[i] - t0
    return np.nan


def analyse_session(base, direction_rate):
    motion = np.genfromtxt(base + "_motion.csv", delimiter=",", names=True)
    swings = np.genfromtxt(base + "_swings.csv", delimiter=",", names=True, dtype=None, encoding=None)
    t = motion["t"]
    rate = np.stack([motion["rx"], motion["ry"], motion["rz"]], 1)
    gravity = np.stack([motion["gx"], motion["gy"], motion["gz"]], 1)
    user = np.stack([motion["ux"], motion["uy"], motion["uz"]], 1) * STANDARD_GRAVITY  # m/s²
    along = (rate * gravity).sum(1)
    rows = []
    for swing in np.atleast_1d(swings):
        t0, detected = swing["start"], swing["detected"]
        if not np.isfinite(detected):
            continue
        after = (t >= t0) & (t <= t0 + 0.3)
        v = np.sign(along[after][np.argmax(np.abs(along[after]))]) * along
        if v[(t >= t0 - 0.03) & (t < t0)].min() < -0.05:
            continue  # out of a counter-rotation: the reversal estimator's case
        quiet = (t >= t0 - 0.12) & (t < t0 - 0.04)
        level = user[quiet].mean(0)
        deviation = np.sqrt(((user - level) ** 2).sum(1)) / STANDARD_GRAVITY
        sigma = np.sqrt((deviation[quiet] ** 2).mean())
        lag = departure(t, deviation, t0, max(0.05, 4 * sigma))
        above = np.where((t > detected - 0.02) & (v >= 1.0))[0]
        if not len(above):
            continue
        c = above[0]
        # The analyzer fits the rate about the swing's principal axis over walk-back point…anchor (the impact, or
        # the peak of a miss), which a tilted plane does not shrink.
        impact = swing["impact"]
        anchor = np.searchsorted(t, impact) - 1 if np.isfinite(impact) else c + np.argmax(v[c : c + 100])
        moments = rate[c : anchor + 1].T @ rate[c : anchor + 1]
        axis = np.linalg.eigh(moments)[1][:, -1]
        if axis @ rate[c : anchor + 1].sum(0) < 0:
            axis = -axis
        v = rate @ axis
        slope, value = np.polyfit(t[c - 2 : c + 3] - t[c], v[c - 2 : c + 3], 1)
        window = min(0.25, max(0.1, 2 * value / slope + 0.03)) if slope > 0 and value > 0 else 0.1
        peak = v[c : anchor + 1].max()
        upper = c
        while v[upper] < 0.35 * peak:
            upper += 1
        lower = np.searchsorted(t, t[c] - window)
        while lower < c and v[lower:c].min() <= -1.0:
            lower += 1
        tt, y = t[lower : upper + 1], v[lower : upper + 1]
        reference = user[lower : lower + 6].mean(0)
        d = np.where((t > detected - 0.05) & (v >= direction_rate))[0][0] if direction_rate > 0 else c
        direction = user[d - 1 : d + 2].mean(0) - reference
        ya = (user[lower : upper + 1] - reference) @ (direction / np.linalg.norm(direction))
        taus = np.arange(tt[0], t[c], 0.001)
        gyro_table = error_table(tt, y, taus, 0)
        accel_table = error_table(tt, ya, taus, 1)
        n = len(tt)
        joint = gyro_table / (np.nanmin(gyro_table) / (n - 5)) + accel_table / (np.nanmin(accel_table) / (n - 5))
        rows.append(dict(
            session=base.split("/")[-1], start=t0, shape=swing["shape"], analyzer=(detected - t0) * 1e3, departure=lag * 1e3,
            rate=(best_tau(gyro_table, taus) - t0) * 1e3,
            rate_avg=(averaged_tau(gyro_table, taus, n - 5) - t0) * 1e3,
            joint_avg=(averaged_tau(joint, taus, 2 * n - 10) - t0) * 1e3, accel=(best_tau(accel_table, taus) - t0) * 1e3, joint=(best_tau(joint, taus) - t0) * 1e3))
    return rows


def p95(values):
    ordered = np.sort(values)
    return ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("directory")
    parser.add_argument("--pattern", default="script-*_golf_*")
    parser.add_argument("--direction-rate", type=float, default=0.3)
    parser.add_argument("--all", action="store_true")
    arguments = parser.parse_args()
    rows = []
    for path in sorted(glob.glob(f"{arguments.directory}/{arguments.pattern}_swings.csv")):
        rows += analyse_session(path[: -len("_swings.csv")], arguments.direction_rate)
    keys = ["analyzer", "departure", "rate", "accel", "joint", "rate_avg", "joint_avg"]
    for row in rows:
        if arguments.all or abs(row["analyzer"]) > 8:
            print(f"{row['session']:22s} {row['shape']:22s} " + " ".join(f"{k} {row[k]:6.1f}" for k in keys))
    print(f"{len(rows)} rest-type swings; error of the start, ms: median |e| / p95 |e| / mean e")
    for key in keys:
        e = np.array([row[key] for row in rows])
        e = e[np.isfinite(e)]
        print(f"  {key:10s} {np.median(np.abs(e)):6.2f} / {p95(np.abs(e)):6.2f} / {e.mean():6.2f}")


if __name__ == "__main__":
    main()
